import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { DeliveryNotice } from "@/features/cart/components/delivery-notice";
import { ColdChainNotice } from "@/features/cart/components/cold-chain-notice";

/** CartSummary shows the server-computed subtotal, free shipping and total. */
export function CartSummary({ priced, children }: { priced?: ValidateCartResponse; children?: ReactNode }) {
  const { t } = useTranslation("cart");
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
          <dd className="font-semibold text-green-700">{t("free")}</dd>
        </div>
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
      <DeliveryNotice priced={priced} />
      <ColdChainNotice priced={priced} />
      {children}
    </section>
  );
}
