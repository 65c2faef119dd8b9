import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { ParcelState } from "@gen/sabores/v1/parcel_pb";
import { formatDate, formatDay } from "@/lib/format-date";
import { formatPrice } from "@/lib/format-price";
import { errorInfos } from "@/lib/connect-errors";
import { parcelStateKey } from "@/features/admin/parcels/lib/parcel-state";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import {
  slipLanguage,
  useBuyLabel,
  useDownloadLabel,
  useDownloadSlip,
  useMarkParcelDelivered,
  useOrderParcel,
} from "@/features/admin/parcels/api/parcels";

/**
 * OrderParcel is an order's parcel on the desk: once its label is bought
 * through the carrier platform, where it stands, its label and its
 * delivery; before, what buying the label would do (weight, amount to
 * collect, the ID-check note, the warning of a cold-chain order on a day it
 * must not leave) and the purchase, when the order may ship (canShip). The
 * packing slip is always at hand. Nothing here decides a rule: the server
 * says what applies.
 */
export function OrderParcel({ orderId, canShip, pickup = false }: { orderId: bigint; canShip: boolean; pickup?: boolean }) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "parcel" });
  const info = useOrderParcel(orderId);
  const buy = useBuyLabel();
  const deliver = useMarkParcelDelivered();
  const label = useDownloadLabel();
  const slip = useDownloadSlip();
  const [confirmDeliver, setConfirmDeliver] = useState(false);
  const [done, setDone] = useState("");
  const id = useId();
  const lang = i18n.language;
  const d = info.data;
  const p = d?.parcel;
  const failure = buy.error ?? deliver.error ?? label.error ?? slip.error;
  const reason = errorInfos(failure)[0]?.reason;
  const offDay = reason === "COLD_CHAIN_OFF_DAY" || d?.dispatchWarning;

  const onBuy = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const kilos = Number(String(form.get("weight") ?? "0").replace(",", "."));
    setDone("");
    buy.mutate(
      { orderId, weightGrams: Math.round(kilos * 1000), confirmOffDay: form.get("confirmOffDay") === "on" },
      { onSuccess: () => setDone(t("bought")) },
    );
  };
  const onDeliver = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!p) return;
    const note = String(new FormData(e.currentTarget).get("note") ?? "").trim();
    deliver.mutate(
      { parcelId: p.id, note },
      {
        onSuccess: () => {
          setConfirmDeliver(false);
          setDone(t("delivered"));
        },
      },
    );
  };
  const field = "grid gap-1 text-sm font-medium";
  const input = "rounded border border-stone-300 px-2 py-1.5 font-normal";
  const error = failure && (
    <p role="alert" className="mt-2 text-sm text-red-800">
      {t(`reason.${reason ?? "unknown"}`, { defaultValue: t("reason.unknown") })}
      {reason === "CARRIER_PLATFORM_REFUSED" && `: ${errorInfos(failure)[0]?.metadata.detail ?? ""}`}
    </p>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="card p-4 print:hidden">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t("title")}
        </h2>
        <button
          type="button"
          className="btn btn-outline ml-auto"
          disabled={slip.isPending}
          onClick={() => slip.mutate({ orderId, language: slipLanguage(lang) })}
        >
          {t("slipPdf")}
        </button>
      </div>
      {info.isPending && <p className="mt-2 text-sm text-stone-700">{t("loading")}</p>}
      {info.isError && <p className="mt-2 text-sm text-red-800">{t("loadError")}</p>}
      {d && p && (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">{t("state")}</dt>
            <dd>
              <span className="rounded bg-stone-100 px-2 py-0.5 font-semibold">{t(`states.${parcelStateKey[p.state]}`)}</span>
              {p.platformStatus && <span className="ml-2 text-stone-700">({p.platformStatus})</span>}
            </dd>
            <dt className="font-medium">{t("carrier")}</dt>
            <dd>{p.carrier}</dd>
            <dt className="font-medium">{t("tracking")}</dt>
            <dd className="break-all">
              {p.trackingUrl ? (
                <a href={p.trackingUrl} className="underline" target="_blank" rel="noreferrer">
                  {p.trackingNumber}
                </a>
              ) : (
                p.trackingNumber
              )}
            </dd>
            <dt className="font-medium">{t("weight")}</dt>
            <dd>{t("kilos", { kilos: (p.weightGrams / 1000).toLocaleString(lang, { minimumFractionDigits: 3 }) })}</dd>
            {p.codCents > 0n && (
              <>
                <dt className="font-medium">{t("cod")}</dt>
                <dd className="font-semibold">{formatPrice(p.codCents, lang)}</dd>
              </>
            )}
            {p.deliverTime && (
              <>
                <dt className="font-medium">{t("deliveredAt")}</dt>
                <dd>{formatDate(timestampDate(p.deliverTime), lang, { dateStyle: "medium", timeStyle: "short" })}</dd>
              </>
            )}
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={label.isPending} onClick={() => label.mutate({ parcelId: p.id })}>
              {t("labelPdf")}
            </button>
            {p.state !== ParcelState.DELIVERED && (
              <button type="button" className="btn btn-outline" onClick={() => setConfirmDeliver(true)}>
                {t("markDelivered")}
              </button>
            )}
          </div>
        </>
      )}
      {d && !p && pickup && <p className="mt-2 text-sm text-stone-700">{t("reason.PICKUP_ORDER")}</p>}
      {d && !p && !pickup && !d.labelsEnabled && <p className="mt-2 text-sm text-stone-700">{t("labelsOff")}</p>}
      {d && !p && !pickup && d.labelsEnabled && d.outsidePlatform && <p className="mt-2 text-sm text-stone-700">{t("outside")}</p>}
      {d && !p && !pickup && d.labelsEnabled && !d.outsidePlatform && !canShip && <p className="mt-2 text-sm text-stone-700">{t("notYet")}</p>}
      {d && !p && !pickup && d.labelsEnabled && !d.outsidePlatform && canShip && (
        <form className="mt-3 grid gap-3 sm:max-w-md" onSubmit={onBuy}>
          {d.codCents > 0n && (
            <p className="rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900">{t("codNote", { amount: formatPrice(d.codCents, lang) })}</p>
          )}
          {d.ageNote && <p className="rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900">{d.ageNote}</p>}
          {offDay && (
            <p role="alert" className="rounded bg-red-50 p-2 text-sm font-semibold text-red-900">
              {t("offDay", { day: d.nextDispatchDate ? formatDay(d.nextDispatchDate, lang) : "" })}
            </p>
          )}
          <label className={field}>
            {t("weightInput")}
            <input
              name="weight"
              inputMode="decimal"
              defaultValue={(d.weightGrams / 1000).toFixed(3)}
              pattern="[0-9]+([.,][0-9]{1,3})?"
              className={input}
              autoComplete="off"
            />
          </label>
          {offDay && (
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="confirmOffDay" className="h-5 w-5" />
              {t("confirmOffDay")}
            </label>
          )}
          <button type="submit" className="btn btn-primary justify-self-start" disabled={buy.isPending}>
            {buy.isPending ? t("buying") : t("buy")}
          </button>
        </form>
      )}
      {!confirmDeliver && error}
      <p role="status" className="mt-2 text-sm text-green-800">
        {done}
      </p>
      <AdminDialog open={confirmDeliver} onOpenChange={setConfirmDeliver} title={t("markDelivered")} description={t("markDeliveredHint")}>
        <form className="mt-4 grid gap-3" onSubmit={onDeliver}>
          <label className={field}>
            {t("deliverNote")}
            <input name="note" maxLength={500} className={input} autoComplete="off" />
          </label>
          {error}
          <button type="submit" className="btn btn-primary justify-self-end" disabled={deliver.isPending}>
            {t("confirmDelivered")}
          </button>
        </form>
      </AdminDialog>
    </section>
  );
}
