import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useAdminOrder } from "@/features/admin/orders/api/orders";
import { orderIdParam } from "@/features/admin/orders/routes/order";

/**
 * PackingSlip is /admin/orders/:id/packing-slip: what goes in the parcel,
 * for the printer. Order number, delivery address, lines and quantities,
 * no prices; the back office's frame and the buttons are not printed.
 */
export default function PackingSlip() {
  const { t } = useTranslation("admin", { keyPrefix: "slip" });
  const { t: ta } = useTranslation("admin");
  const id = orderIdParam(useParams().id);
  const order = useAdminOrder(id);
  const o = order.data?.order;
  const d = o?.delivery;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <BackLink to={`/admin/orders/${id}`}>{ta("desk.backToOrder")}</BackLink>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!o}>
          {t("print")}
        </button>
      </div>
      {order.isPending && id > 0n && <Spinner label={ta("loading")} />}
      {(order.isError || id === 0n) && <ErrorBox>{ta("desk.notFound")}</ErrorBox>}
      {o && (
        <article className="card space-y-4 p-6 print:border-0 print:p-0 print:shadow-none">
          <h1 className="text-2xl font-bold">{t("title", { id: String(o.id) })}</h1>
          {d && (
            <section aria-labelledby="slip-to">
              <h2 id="slip-to" className="text-sm font-semibold uppercase text-stone-600">
                {t("deliverTo")}
              </h2>
              <address className="mt-1 text-lg not-italic">
                {d.name}
                <br />
                {d.address}
                <br />
                {d.postalCode} {d.city}
                <br />
                {d.phone}
              </address>
            </section>
          )}
          <table className="w-full text-left">
            <thead className="border-b-2 border-stone-800">
              <tr>
                <th scope="col" className="py-1.5 pr-2">{t("quantity")}</th>
                <th scope="col" className="py-1.5 pr-2">{t("product")}</th>
                <th scope="col" className="w-16 py-1.5 text-center">{t("packed")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-300">
              {o.lines.map((l) => (
                <tr key={String(l.productId)}>
                  <td className="py-2 pr-2 text-lg font-bold">{l.quantity}</td>
                  <td className="py-2 pr-2">{l.name}</td>
                  <td className="py-2 text-center">
                    <span aria-hidden="true" className="inline-block h-5 w-5 border-2 border-stone-800" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm">{t("units", { count: o.itemCount })}</p>
        </article>
      )}
    </div>
  );
}
