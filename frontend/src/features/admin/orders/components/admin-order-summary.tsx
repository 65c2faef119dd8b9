import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { formatDate, formatDay } from "@/lib/format-date";
import { type Order, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";

const percent = (bp: number) => `${(bp / 100).toLocaleString()} %`;

/**
 * AdminOrderSummary is an order's lines, VAT per rate, totals, delivery
 * (with a cold-chain order's dispatch day and an adults-only order's ID
 * check, so the label is bought with it), payment and shipping.
 */
export function AdminOrderSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "desk" });
  const d = order.delivery;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section aria-labelledby="order-lines" className="card overflow-x-auto p-4 lg:col-span-2">
        <h2 id="order-lines" className="text-lg font-bold">
          {t("lines")}
        </h2>
        <table className="mt-2 w-full min-w-[18rem] text-sm">
          <thead className="border-b border-stone-200 text-left text-stone-600">
            <tr>
              <th scope="col" className="py-1.5 pr-2">{t("product")}</th>
              <th scope="col" className="py-1.5 pr-2 text-right">{t("quantity")}</th>
              <th scope="col" className="hidden py-1.5 pr-2 text-right sm:table-cell">{t("unitPrice")}</th>
              <th scope="col" className="hidden py-1.5 pr-2 text-right sm:table-cell">{t("vatRate")}</th>
              <th scope="col" className="py-1.5 text-right">{t("total")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {order.lines.map((l) => (
              <tr key={String(l.productId)}>
                <td className="py-1.5 pr-2">
                  {l.name}
                  {l.promotionLabel && <span className="ml-1 text-xs text-brand-700">{l.promotionLabel}</span>}
                </td>
                <td className="py-1.5 pr-2 text-right">{l.quantity}</td>
                <td className="hidden py-1.5 pr-2 text-right sm:table-cell">
                  <Price cents={l.unitPriceCents} amount />
                </td>
                <td className="hidden py-1.5 pr-2 text-right sm:table-cell">{percent(l.vatBasisPoints)}</td>
                <td className="py-1.5 text-right">
                  <Price cents={l.lineTotalCents} amount />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm">
          {order.vatByRate.map((v) => (
            <div key={v.vatBasisPoints} className="contents">
              <dt>{t("vatLine", { rate: percent(v.vatBasisPoints) })}</dt>
              <dd className="text-right">
                <Price cents={v.baseCents} amount /> + <Price cents={v.vatCents} amount />
              </dd>
            </div>
          ))}
          {order.discountCents > 0n && (
            <>
              <dt>{t("discount", { code: order.discountCode })}</dt>
              <dd className="text-right">
                −<Price cents={order.discountCents} amount />
              </dd>
            </>
          )}
          <dt>{t("shipping")}</dt>
          <dd className="text-right">
            <Price cents={order.shippingCents} amount />
          </dd>
          {order.shippingWaivedCents > 0n && (
            <>
              <dt>{t("shippingWaived", { code: order.discountCode })}</dt>
              <dd className="text-right">
                −<Price cents={order.shippingWaivedCents} amount />
              </dd>
            </>
          )}
          <dt className="font-semibold">{t("total")}</dt>
          <dd className="text-right font-semibold">
            <Price cents={order.totalCents} amount />
          </dd>
        </dl>
      </section>
      <div className="grid content-start gap-4">
        <section aria-labelledby="order-delivery" className="card p-4 text-sm">
          <h2 id="order-delivery" className="text-lg font-bold">
            {t("delivery")}
          </h2>
          {d && (
            <address className="mt-2 not-italic">
              {d.name}
              <br />
              {d.address}
              <br />
              {d.postalCode} {d.city}
              <br />
              <a className="break-all underline" href={`mailto:${d.email}`}>
                {d.email}
              </a>
              <br />
              <a className="underline" href={`tel:${d.phone.replace(/[^+0-9]/g, "")}`}>
                {d.phone}
              </a>
            </address>
          )}
          {order.shippingMethod && (
            <p className="mt-2">
              {t("shippingMethod", { method: order.shippingMethod, weight: order.shippingWeightGrams })}
            </p>
          )}
          {order.pickupCode && (
            <p className="mt-2 rounded bg-green-50 p-2 font-semibold text-green-900">{t("pickupCode", { code: order.pickupCode })}</p>
          )}
          {order.expectedDispatchDate && (
            <p className="mt-2 rounded bg-sky-50 p-2 text-sky-900">
              {t("dispatchOn", { day: formatDay(order.expectedDispatchDate, i18n.language) })}
            </p>
          )}
          {order.idCheckRequired && (
            <p className="mt-2 rounded bg-amber-50 p-2 font-semibold text-amber-900">
              {t("idCheckShip", {
                date: order.ageDeclareTime
                  ? formatDate(timestampDate(order.ageDeclareTime), i18n.language, { dateStyle: "short", timeStyle: "short" })
                  : "",
              })}
            </p>
          )}
          {order.customerEmail && order.customerEmail !== d?.email && (
            <p className="mt-2 break-all text-stone-700">{t("account", { email: order.customerEmail })}</p>
          )}
        </section>
        <section aria-labelledby="order-payment" className="card p-4 text-sm">
          <h2 id="order-payment" className="text-lg font-bold">
            {t("paymentTitle")}
          </h2>
          <p className="mt-2">{t(`method.${(PaymentMethod[order.paymentMethod] ?? "UNSPECIFIED").toLowerCase()}`)}</p>
          <p className="font-semibold">{t(`payment.${(PaymentStatus[order.paymentStatus] ?? "UNSPECIFIED").toLowerCase()}`)}</p>
          {order.trackingNumber && (
            <p className="mt-2">
              {t("shippedWith", { carrier: order.carrier })}{" "}
              {order.trackingUrl ? (
                <a className="underline" href={order.trackingUrl} target="_blank" rel="noreferrer">
                  {order.trackingNumber}
                </a>
              ) : (
                order.trackingNumber
              )}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
