import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { formatPrice } from "@/lib/format-price";
import { chosenOption } from "@/features/cart/shipping";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { DeliveryNotice } from "@/features/cart/components/delivery-notice";
import { ColdChainNotice } from "@/features/cart/components/cold-chain-notice";

/**
 * CartSummary shows the server-computed subtotal, shipping (an estimate, "desde",
 * until the postal code is known) and total, and how far the cart is from
 * free shipping when the shop promises it. areaNotice says where the cart can
 * go (DeliveryNotice); the delivery step, which says it beside its postal
 * code, turns it off so the refusal is said once.
 */
export function CartSummary({
  priced,
  areaNotice = true,
  children,
}: {
  priced?: ValidateCartResponse;
  areaNotice?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("cart");
  const shipping = chosenOption(priced);
  const missing = priced && priced.freeShippingThresholdCents > 0n && !priced.freeShippingReached
    ? priced.freeShippingThresholdCents - priced.subtotalCents
    : 0n;
  return (
    <section aria-labelledby="summary-title" className="card h-fit space-y-3 p-4">
      <h2 id="summary-title" className="text-lg font-bold">
        {t("summary")}
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{t("subtotal")}</dt>
          <dd>{priced ? <Price cents={priced.subtotalCents} amount /> : "…"}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{t("shipping")}</dt>
          <dd className={shipping?.free ? "font-semibold text-green-700" : ""}>
            {!priced
              ? "…"
              : !shipping
                ? "—"
                : shipping.free
                  ? t("free")
                  : shipping.estimate
                    ? t("shippingMethods.from", { amount: formatPrice(priced.shippingCents, i18n.language) })
                    : formatPrice(priced.shippingCents, i18n.language)}
          </dd>
        </div>
        {priced?.discount && !priced.discount.refusal && priced.discount.amountCents > 0n && (
          <div className="flex justify-between font-semibold text-green-800">
            <dt>{t("discount.line", { code: priced.discount.code })}</dt>
            <dd>−{formatPrice(priced.discount.amountCents, i18n.language)}</dd>
          </div>
        )}
        {priced?.discount?.freeShipping && priced.discount.shippingWaivedCents > 0n && (
          <div className="flex justify-between text-green-800">
            <dt>{t("discount.shippingWaived")}</dt>
            <dd>−{formatPrice(priced.discount.shippingWaivedCents, i18n.language)}</dd>
          </div>
        )}
        {priced && priced.vatCents > 0n && (
          <div className="flex justify-between text-stone-600">
            <dt>{t("vatIncluded")}</dt>
            <dd>
              <Price cents={priced.vatCents} />
            </dd>
          </div>
        )}
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
          <dt>{t("total")}</dt>
          <dd>{priced ? <Price cents={priced.totalCents} amount /> : "…"}</dd>
        </div>
      </dl>
      {missing > 0n && (
        <p className="rounded bg-green-50 p-2 text-sm text-green-900">
          {t("freeShippingMissing", {
            missing: formatPrice(missing, i18n.language),
            threshold: formatPrice(priced?.freeShippingThresholdCents ?? 0n, i18n.language),
          })}
        </p>
      )}
      {areaNotice && <DeliveryNotice priced={priced} />}
      <ColdChainNotice priced={priced} />
      {children}
    </section>
  );
}
