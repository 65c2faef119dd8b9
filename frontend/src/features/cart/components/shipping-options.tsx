import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { formatDay } from "@/lib/format-date";
import { formatPrice } from "@/lib/format-price";
import { shownOptions } from "@/features/cart/shipping";

/**
 * ShippingOptions lists the ways the cart can ship, each with its price for
 * this cart and postal code (the cheapest home delivery comes chosen), the
 * day a cold-chain parcel leaves, and pickup at the shop, which needs no
 * address.
 */
export function ShippingOptions({
  priced,
  value,
  onChange,
}: {
  priced?: ValidateCartResponse;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation("cart");
  const id = useId();
  const options = shownOptions(priced);
  if (!priced || options.length === 0) return null;
  const chosen = value || priced.shippingMethod;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{t("shippingMethods.legend")}</legend>
      {options.map((o) => {
        const price = o.free
          ? t("free")
          : o.estimate
            ? t("shippingMethods.from", { amount: formatPrice(o.priceCents, i18n.language) })
            : formatPrice(o.priceCents, i18n.language);
        return (
          <label
            key={o.code}
            htmlFor={`${id}-${o.code}`}
            className={`flex cursor-pointer items-start gap-3 rounded border p-3 ${chosen === o.code ? "border-brand-600 bg-brand-50" : "border-stone-200"}`}
          >
            <input
              id={`${id}-${o.code}`}
              type="radio"
              name={`${id}-shipping`}
              className="mt-1"
              checked={chosen === o.code}
              onChange={() => onChange(o.code)}
            />
            <span className="flex-1 text-sm">
              <span className="flex flex-wrap justify-between gap-x-2 font-medium">
                <span>{o.name}</span>
                <span className={o.free ? "text-green-700" : ""}>{price}</span>
              </span>
              {o.kind === ShippingKind.PICKUP && <span className="block text-stone-600">{t("shippingMethods.pickup")}</span>}
              {o.kind === ShippingKind.COLD_CHAIN && o.dispatchDate && (
                <span className="block text-stone-600">
                  {t("shippingMethods.dispatch", { day: formatDay(o.dispatchDate, i18n.language) })}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
