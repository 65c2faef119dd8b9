import { useTranslation } from "react-i18next";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { formatDay } from "@/lib/format-date";
import { formatPrice } from "@/lib/format-price";

/**
 * ColdChainNotice says what frozen and chilled goods ask of the cart: the
 * frozen-goods minimum still missing, and the day such an order leaves the
 * shop (only on the shop's dispatch days), both from the server's answer.
 */
export function ColdChainNotice({ priced }: { priced?: ValidateCartResponse }) {
  const { t, i18n } = useTranslation("cart");
  if (!priced) return null;
  const short = priced.frozenMinimumCents > 0n && !priced.frozenMinimumReached;
  return (
    <>
      {short && (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
          {t("frozenMinimum.short", {
            minimum: formatPrice(priced.frozenMinimumCents, i18n.language),
            missing: formatPrice(priced.frozenMinimumCents - priced.subtotalCents, i18n.language),
          })}
        </p>
      )}
      {priced.expectedDispatchDate && (
        <p className="rounded bg-sky-50 p-2 text-sm text-sky-900">
          {t("dispatch.expected", { day: formatDay(priced.expectedDispatchDate, i18n.language) })}
        </p>
      )}
    </>
  );
}
