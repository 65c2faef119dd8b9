import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useOrderLots, useOverrideLineLot } from "@/features/admin/lots/api/expiry";
import { errorInfos } from "@/lib/connect-errors";
import { formatDate } from "@/lib/format-date";
import { LotDateType } from "@gen/sabores/v1/admin_lot_service_pb";
import type { LotChoice, OrderLotPick } from "@gen/sabores/v1/admin_lot_service_pb";

/** lotText names a lot as the packing slip does: its code and date, or "no lot". */
function useLotText() {
  const { t, i18n } = useTranslation("admin");
  return (l: { code: string; expiresOn: string; dateType: LotDateType }) =>
    l.code
      ? t("lotsExpiry.packing.lot", {
          code: l.code,
          kind: t(`lots.dateTypes.${l.dateType === LotDateType.USE_BY ? "useBy" : "bestBefore"}`),
          date: formatDate(new Date(`${l.expiresOn}T12:00:00Z`), i18n.language, { dateStyle: "medium", timeZone: "UTC" }),
        })
      : t("lotsExpiry.packing.unknownLot");
}

/** OrderLots is /admin/lots/orders/:id: an order's lots line by line and, while it is prepared, the lot picked instead. */
export default function OrderLots() {
  const { t } = useTranslation("admin");
  const { id = "" } = useParams();
  const orderId = /^\d{1,18}$/.test(id) ? BigInt(id) : 0n;
  const order = useOrderLots(orderId);
  const lotText = useLotText();
  const preparing = order.data?.status === "preparing";
  return (
    <div className="space-y-4">
      <BackLink to="/admin/lots">{t("lotsExpiry.rules.back")}</BackLink>
      <h1 className="text-2xl font-bold">{t("lotsExpiry.packing.title", { id })}</h1>
      <Link to={`/admin/orders/${id}`} className="underline">
        {t("lotsExpiry.packing.toOrder", { id })}
      </Link>
      {order.isPending && orderId > 0n && <Spinner label={t("loading")} />}
      {(order.isError || orderId === 0n) && <ErrorBox>{t("lotsExpiry.packing.notFound", { id })}</ErrorBox>}
      {order.data && !preparing && <p className="text-stone-700">{t("lotsExpiry.packing.notPreparing")}</p>}
      {order.data && order.data.lines.every((l) => l.picks.length === 0) && <p className="text-stone-700">{t("lotsExpiry.packing.noLots")}</p>}
      <ul className="space-y-3">
        {order.data?.lines.map((l) => (
          <li key={l.lineNo} className="card space-y-2 p-4">
            <h2 className="font-semibold break-words">
              {t("lotsExpiry.packing.line", { count: l.quantity, name: l.productName })}
            </h2>
            <ul className="space-y-2">
              {l.picks.map((p) => (
                <li key={String(p.lotId)} className="space-y-1 text-sm">
                  <p>
                    {t("lotsExpiry.packing.pick", { count: p.units, lot: lotText(p) })}
                    {p.overridden && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">{t("lotsExpiry.packing.overridden")}</span>}
                  </p>
                  {preparing && (
                    <OverrideForm
                      orderId={orderId}
                      lineNo={l.lineNo}
                      pick={p}
                      productName={l.productName}
                      choices={order.data.choices.filter((c) => c.productId === l.productId && c.lotId !== p.lotId)}
                    />
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OverrideForm({ orderId, lineNo, pick, productName, choices }: { orderId: bigint; lineNo: number; pick: OrderLotPick; productName: string; choices: LotChoice[] }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const lotText = useLotText();
  const override = useOverrideLineLot();
  const [to, setTo] = useState("");
  const [units, setUnits] = useState(String(pick.units));
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  if (choices.length === 0) return <p className="text-xs text-stone-600">{t("lotsExpiry.packing.noOther")}</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(units);
    if (!to) return setError(t("lotsExpiry.packing.chooseLot"));
    if (!Number.isInteger(n) || n < 1 || n > pick.units) return setError(t("lotsExpiry.packing.badUnits", { count: pick.units }));
    setError("");
    setDone("");
    override.mutate(
      { orderId, lineNo, fromLotId: pick.lotId, toLotId: BigInt(to), units: n },
      {
        onSuccess: () => setDone(t("lotsExpiry.packing.done")),
        onError: (err) => {
          const info = errorInfos(err)[0];
          setError(t(`lotsExpiry.packing.errors.${info?.reason ?? "generic"}`, { defaultValue: t("lotsExpiry.packing.errors.generic"), available: info?.metadata.available ?? "" }));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label={t("lotsExpiry.packing.change", { lot: lotText(pick), name: productName })}>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1 block text-xs font-medium">
          {t("lotsExpiry.packing.otherLot")}
        </label>
        <select id={`${id}-to`} className="input max-w-full" value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">{t("lotsExpiry.packing.chooseLot")}</option>
          {choices.map((c) => (
            <option key={String(c.lotId)} value={String(c.lotId)}>
              {t("lotsExpiry.packing.choice", { lot: lotText(c), count: c.remaining })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-units`} className="mb-1 block text-xs font-medium">
          {t("lotsExpiry.packing.units")}
        </label>
        <input id={`${id}-units`} className="input w-20" inputMode="numeric" value={units} onChange={(e) => setUnits(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-outline" disabled={override.isPending}>
        {t("lotsExpiry.packing.submit")}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-800">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="w-full text-sm text-green-800">
          {done}
        </p>
      )}
    </form>
  );
}
