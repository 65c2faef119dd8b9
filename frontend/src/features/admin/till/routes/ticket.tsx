import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useShopDetails } from "@/hooks/use-shop-details";
import { formatPrice } from "@/lib/format-price";
import { useSale } from "@/features/admin/till/api/till";
import { TicketActions } from "@/features/admin/till/components/ticket-actions";
import { TicketEmail } from "@/features/admin/till/components/ticket-email";
import { InvoiceKind } from "@gen/sabores/v1/invoice_pb";
import { TillPaymentMethod } from "@gen/sabores/v1/till_service_pb";

const methodKey: Record<TillPaymentMethod, string> = {
  [TillPaymentMethod.UNSPECIFIED]: "card",
  [TillPaymentMethod.CASH]: "cash",
  [TillPaymentMethod.CARD]: "card",
  [TillPaymentMethod.BIZUM]: "bizum",
};

/**
 * Ticket is /admin/caja/tickets/:id: the receipt of a recorded sale, laid
 * out for an 80 mm thermal printer when printed. It exists only once the
 * server has issued the sale's invoice.
 */
export default function Ticket() {
  const { t, i18n } = useTranslation("till");
  const raw = useParams().id ?? "";
  const id = BigInt(/^[0-9]{1,18}$/.test(raw) ? raw : "0");
  const sale = useSale(id);
  const shop = useShopDetails();
  const price = (c: bigint | number) => formatPrice(c, i18n.language);

  if (sale.isPending) return <Spinner label={t("loading")} />;
  const s = sale.data?.sale;
  if (!s) return <ErrorBox>{t("refusal.unknownSale")}</ErrorBox>;
  const when = s.createdAt ? timestampDate(s.createdAt) : undefined;
  const change = s.payments.reduce((sum, p) => sum + p.changeCents, 0n);
  return (
    <div className="till-ticket-page mx-auto max-w-sm space-y-4 print:max-w-none">
      <h1 className="text-xl font-bold print:hidden">{t("ticket.title")}</h1>
      <article className="card space-y-2 bg-white p-4 font-mono text-sm print:w-[74mm] print:border-0 print:p-0 print:text-[11px] print:shadow-none" data-testid="till-ticket">
        <header className="text-center">
          <p className="font-bold">{shop?.legalName ?? "Sabores"}</p>
          {shop?.nif && <p>NIF {shop.nif}</p>}
          <p className="mt-1 font-bold">{t(s.invoice?.kind === InvoiceKind.COMPLETE ? "ticket.fullInvoice" : "ticket.simplified")}</p>
          <p data-testid="till-ticket-number">{s.ticketNumber}</p>
          {when && <p>{when.toLocaleString(i18n.language === "pt" ? "pt-PT" : "es-ES", { timeZone: "Europe/Madrid" })}</p>}
        </header>
        <table className="w-full">
          <caption className="sr-only">{t("ticket.lines")}</caption>
          <tbody>
            {s.lines.map((l) => (
              <tr key={String(l.id)} className="align-top">
                <td className="pr-1">
                  {l.quantity} × {l.name}
                </td>
                <td className="text-right whitespace-nowrap">{price(l.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="flex justify-between border-t border-dashed border-stone-400 pt-1 text-base font-bold">
          <span>{t("ticket.total")}</span>
          <span data-testid="till-ticket-total">{price(s.totalCents)}</span>
        </p>
        <table className="w-full text-xs">
          <caption className="sr-only">{t("ticket.vat")}</caption>
          <thead>
            <tr>
              <th className="text-left font-normal">{t("ticket.vatRate")}</th>
              <th className="text-right font-normal">{t("ticket.base")}</th>
              <th className="text-right font-normal">{t("ticket.vatAmount")}</th>
            </tr>
          </thead>
          <tbody>
            {s.vatAmounts.map((v) => (
              <tr key={v.vatBasisPoints}>
                <td>{v.vatBasisPoints / 100} %</td>
                <td className="text-right">{price(v.baseCents)}</td>
                <td className="text-right">{price(v.vatCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="border-t border-dashed border-stone-400 pt-1">
          {s.payments.map((p, i) => (
            <li key={i} className="flex justify-between">
              <span>{t(`method.${methodKey[p.method]}`)}</span>
              <span>{price(p.method === TillPaymentMethod.CASH && p.givenCents > 0n ? p.givenCents : p.amountCents)}</span>
            </li>
          ))}
          {change > 0n && (
            <li className="flex justify-between font-bold">
              <span>{t("pay.change")}</span>
              <span data-testid="till-ticket-change">{price(change)}</span>
            </li>
          )}
        </ul>
        <p className="text-center text-xs">{t("ticket.verifactu")}</p>
      </article>
      <TicketActions of={{ case: "saleId", value: s.id }} />
      <TicketEmail saleId={s.id} />
      <Link to="/admin/caja" className="btn btn-outline w-full print:hidden">
        {t("ticket.next")}
      </Link>
    </div>
  );
}
