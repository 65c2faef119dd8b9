import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { Link } from "react-router";
import { ConnectError } from "@connectrpc/connect";
import { useTranslation } from "react-i18next";
import { RemittanceVerdict, type Remittance } from "@gen/sabores/v1/admin_parcel_service_pb";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { formatDay } from "@/lib/format-date";
import { formatPrice } from "@/lib/format-price";
import { errorInfos } from "@/lib/connect-errors";
import { useRecordRemittance, useRemittance, useRemittances } from "@/features/admin/parcels/api/parcels";
import { verdictKey } from "@/features/admin/parcels/lib/verdict";

// rawMessage is the server's words on a refused remittance (the CSV line it
// could not read), without Connect's code prefix.
function rawMessage(error: unknown): string {
  return error instanceof ConnectError ? error.rawMessage : "";
}

// today is the day in the shop's time zone (YYYY-MM-DD), the form's default.
function today(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
}

/**
 * Remittances is /admin/parcels/remittances: the desk enters a carrier's
 * cash-on-delivery remittance (its reference, day and file, or lines typed)
 * and sees each line's verdict: the orders it paid and the differences to
 * look into. The server matches and pays; entering a reference again
 * changes nothing.
 */
export default function Remittances() {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "parcel.remittance" });
  const lang = i18n.language;
  const { t: tAdmin } = useTranslation("admin");
  const record = useRecordRemittance();
  const list = useRemittances();
  const [shown, setShown] = useState(0n);
  const detail = useRemittance(shown);
  const [csv, setCsv] = useState("");
  const id = useId();
  const failure = errorInfos(record.error)[0];

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    if (file) setCsv(await file.text());
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    record.mutate({
      reference: String(form.get("reference") ?? "").trim(),
      carrier: String(form.get("carrier") ?? "").trim(),
      remittedOn: String(form.get("day") ?? ""),
      csv,
    });
  };
  const result = record.data?.remittance;

  return (
    <div className="space-y-4">
      <BackLink to="/admin/parcels">{t("back")}</BackLink>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-stone-700">{t("intro")}</p>
      <form className="card space-y-3 p-4" onSubmit={onSubmit} aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className="text-lg font-semibold">
          {t("enter")}
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="block">
            <span className="block text-sm font-semibold">{t("reference")}</span>
            <input name="reference" required maxLength={100} className="input w-full" autoComplete="off" />
          </label>
          <label className="block">
            <span className="block text-sm font-semibold">{t("carrier")}</span>
            <input name="carrier" maxLength={100} className="input w-full" defaultValue="Correos" />
          </label>
          <label className="block">
            <span className="block text-sm font-semibold">{t("day")}</span>
            <input name="day" type="date" required max={today()} defaultValue={today()} className="input w-full" />
          </label>
        </div>
        <label className="block">
          <span className="block text-sm font-semibold">{t("file")}</span>
          <input type="file" accept=".csv,text/csv,text/plain" onChange={onFile} className="block w-full text-sm" />
        </label>
        <label className="block">
          <span className="block text-sm font-semibold">{t("lines")}</span>
          <span id={`${id}-hint`} className="block text-sm text-stone-700">
            {t("linesHint")}
          </span>
          <textarea
            name="csv"
            required
            rows={6}
            value={csv}
            onChange={(e) => setCsv(e.currentTarget.value)}
            aria-describedby={`${id}-hint`}
            className="input w-full font-mono"
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={record.isPending}>
          {record.isPending ? t("recording") : t("record")}
        </button>
        <div role="status" aria-live="polite">
          {record.isError && (
            <ErrorBox>
              {t("failed")} <span lang="en">{failure ? "" : rawMessage(record.error)}</span>
            </ErrorBox>
          )}
          {record.data?.repeated && <p className="font-semibold">{t("repeated")}</p>}
        </div>
      </form>
      {result && <RemittanceLines remittance={result} />}
      <section aria-labelledby={`${id}-list`} className="card p-4" aria-busy={list.isFetching}>
        <h2 id={`${id}-list`} className="text-lg font-semibold">
          {t("listTitle")}
        </h2>
        {list.isPending && <Spinner label={tAdmin("loading")} />}
        {list.isError && <ErrorBox>{tAdmin("loadError")}</ErrorBox>}
        {list.data && list.data.remittances.length === 0 && <p className="text-stone-700">{t("empty")}</p>}
        {list.data && list.data.remittances.length > 0 && (
          <ul className="divide-y divide-stone-200">
            {list.data.remittances.map((r) => (
              <li key={String(r.id)} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2 text-sm">
                <button type="button" className="font-semibold underline" aria-pressed={shown === r.id} onClick={() => setShown(r.id)}>
                  {r.reference}
                </button>
                <span>{r.carrier}</span>
                <span>{formatDay(r.remittedOn, lang)}</span>
                <span>{formatPrice(r.totalCents, lang)}</span>
                <span>{t("counts", { paid: r.paidLines, differences: r.differenceLines })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {shown > 0n && detail.isPending && <Spinner label={tAdmin("loading")} />}
      {shown > 0n && detail.isError && <ErrorBox>{tAdmin("loadError")}</ErrorBox>}
      {shown > 0n && detail.data?.remittance && <RemittanceLines remittance={detail.data.remittance} />}
    </div>
  );
}

/** RemittanceLines is one remittance's lines with their verdicts, differences marked. */
function RemittanceLines({ remittance }: { remittance: Remittance }) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "parcel.remittance" });
  const { t: tAdmin } = useTranslation("admin");
  const lang = i18n.language;
  const id = useId();
  return (
    <section aria-labelledby={id} className="card overflow-x-auto p-4">
      <h2 id={id} className="text-lg font-semibold">
        {t("resultTitle", { reference: remittance.reference })}
      </h2>
      <p className="text-sm">
        {t("counts", { paid: remittance.paidLines, differences: remittance.differenceLines })} · {formatPrice(remittance.totalCents, lang)}
      </p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">{t("lineReference")}</th>
            <th scope="col">{t("amount")}</th>
            <th scope="col">{t("order")}</th>
            <th scope="col">{t("verdict")}</th>
          </tr>
        </thead>
        <tbody>
          {remittance.lines.map((l, i) => {
            const paid = l.verdict === RemittanceVerdict.PAID;
            return (
              <tr key={i} className={paid ? "" : "bg-amber-50"}>
                <td className="break-all">{l.reference}</td>
                <td>{formatPrice(l.amountCents, lang)}</td>
                <td>
                  {l.orderId > 0n ? (
                    <Link to={`/admin/orders/${l.orderId}`} className="underline">
                      {tAdmin("orders.number", { id: String(l.orderId) })}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className={paid ? "text-green-800" : "font-semibold text-amber-900"}>
                  {t(`verdicts.${verdictKey[l.verdict]}`, { expected: formatPrice(l.expectedCents, lang) })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
