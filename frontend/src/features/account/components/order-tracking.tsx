import { useTranslation } from "react-i18next";
import type { Order } from "@gen/sabores/v1/types_pb";

/**
 * OrderTracking says who carries a shipped order and its tracking number:
 * a link to the carrier's tracking page when the shop knows the carrier
 * (the server decides, tracking_url), plain text otherwise.
 */
export function OrderTracking({ order }: { order: Pick<Order, "carrier" | "trackingNumber" | "trackingUrl"> }) {
  const { t } = useTranslation("account", { keyPrefix: "order" });
  if (!order.trackingNumber) return null;
  return (
    <section aria-labelledby="order-tracking" className="card p-4">
      <h2 id="order-tracking" className="text-lg font-bold">
        {t("trackingTitle")}
      </h2>
      <p className="mt-1">
        {t("carriedBy", { carrier: order.carrier })}{" "}
        {order.trackingUrl ? (
          <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
            {t("trackLink", { number: order.trackingNumber })}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        ) : (
          <span>
            {t("trackingNumber")}: <span className="font-semibold">{order.trackingNumber}</span>
          </span>
        )}
      </p>
    </section>
  );
}
