import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import type { Order } from "@gen/sabores/v1/types_pb";
import { OrderInvoices } from "./order-invoices";

/** OrderDetails is an order's lines, totals and delivery, behind a disclosure (open at first on the order's own page). */
export function OrderDetails({ order, open = false }: { order: Order; open?: boolean }) {
  const { t } = useTranslation("account");
  if (order.lines.length === 0) return null;
  const d = order.delivery;
  return (
    <details className="w-full rounded-lg bg-stone-50 px-3 py-2 text-sm" open={open}>
      <summary className="cursor-pointer font-medium text-brand-700">{t("orders.details")}</summary>
      <ul className="mt-2 divide-y divide-stone-200">
        {order.lines.map((l) => (
          <li key={String(l.productId)} className="flex justify-between gap-3 py-1.5">
            <span>
              {l.quantity} × {l.name}
              {l.promotionLabel ? ` (${l.promotionLabel})` : ""}
            </span>
            <Price cents={l.lineTotalCents} />
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        <dt>{t("orders.shipping")}</dt>
        <dd className="text-right">{order.shippingCents > 0n ? <Price cents={order.shippingCents} /> : t("orders.free")}</dd>
        {order.paymentSurchargeCents > 0n && (
          <>
            <dt>{t("orders.surcharge")}</dt>
            <dd className="text-right">
              <Price cents={order.paymentSurchargeCents} />
            </dd>
          </>
        )}
        {order.discountCents > 0n && (
          <>
            <dt>{t("orders.discount", { code: order.discountCode })}</dt>
            <dd className="text-right text-green-800">
              −<Price cents={order.discountCents} />
            </dd>
          </>
        )}
        <dt>{t("orders.vat")}</dt>
        <dd className="text-right">
          <Price cents={order.vatCents} />
        </dd>
        {order.discountCents > 0n &&
          order.vatByRate.map((r) => (
            <Fragment key={r.vatBasisPoints}>
              <dt className="pl-3 text-stone-600">{t("orders.vatRate", { rate: r.vatBasisPoints / 100 })}</dt>
              <dd className="text-right text-stone-600">
                <Price cents={r.baseCents} amount /> + <Price cents={r.vatCents} amount />
              </dd>
            </Fragment>
          ))}
        <dt className="font-semibold">{t("orders.total")}</dt>
        <dd className="text-right font-semibold">
          <Price cents={order.totalCents} />
        </dd>
      </dl>
      {d && (
        <p className="mt-2 text-stone-700">
          {t("orders.deliverTo")}: {d.name}, {d.address}, {d.postalCode} {d.city}
        </p>
      )}
      <OrderInvoices orderId={order.id} />
    </details>
  );
}
