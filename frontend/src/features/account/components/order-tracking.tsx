import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { ParcelState, type ParcelTracking } from "@gen/sabores/v1/parcel_pb";
import type { Order } from "@gen/sabores/v1/types_pb";
import { formatDate } from "@/lib/format-date";

// The parcel's states as the shopper reads them (account order.parcelState).
const stateKeys: Partial<Record<ParcelState, string>> = {
  [ParcelState.ANNOUNCED]: "announced",
  [ParcelState.IN_TRANSIT]: "inTransit",
  [ParcelState.DELIVERED]: "delivered",
};

/**
 * OrderTracking says who carries a shipped order and its tracking number:
 * a link to the carrier's tracking page when the shop knows it (the server
 * decides, tracking_url), plain text otherwise; and, for a parcel whose
 * label the shop bought through its carrier platform (tracking), where it
 * stands: with the carrier, or delivered and when.
 */
export function OrderTracking({
  order,
  tracking,
}: {
  order: Pick<Order, "carrier" | "trackingNumber" | "trackingUrl">;
  tracking?: ParcelTracking;
}) {
  const { t, i18n } = useTranslation("account", { keyPrefix: "order" });
  if (!order.trackingNumber) return null;
  const state = tracking && stateKeys[tracking.state];
  return (
    <section aria-labelledby="order-tracking" className="card p-4">
      <h2 id="order-tracking" className="text-lg font-bold">
        {t("trackingTitle")}
      </h2>
      {tracking && state && (
        <p className="mt-1 font-semibold">
          {tracking.deliverTime
            ? t("parcelDelivered", {
                when: formatDate(timestampDate(tracking.deliverTime), i18n.language, { dateStyle: "long", timeStyle: "short" }),
              })
            : t(`parcelState.${state}`)}
        </p>
      )}
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
