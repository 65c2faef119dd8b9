import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { ParcelState } from "@gen/sabores/v1/parcel_pb";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { slipLanguage, useDownloadSlips, useParcels } from "@/features/admin/parcels/api/parcels";
import { parcelStateKey } from "@/features/admin/parcels/lib/parcel-state";

const filters = [ParcelState.UNSPECIFIED, ParcelState.ANNOUNCED, ParcelState.IN_TRANSIT, ParcelState.DELIVERED];

/**
 * Parcels is /admin/parcels: the parcels bought through the carrier
 * platform, newest first, by state, paged forward by the server's cursor,
 * and the day's packing slips in one PDF.
 */
export default function Parcels() {
  const { t, i18n } = useTranslation("admin");
  const [state, setState] = useState(ParcelState.UNSPECIFIED);
  // tokens[i] starts page i+1; reset whenever the state changes.
  const [tokens, setTokens] = useState([""]);
  const parcels = useParcels(state, tokens[tokens.length - 1]);
  const slips = useDownloadSlips();
  const lang = i18n.language;
  const data = parcels.data;

  return (
    <div className="space-y-4">
      <BackLink to="/admin/orders">{t("desk.back")}</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("parcel.listTitle")}</h1>
        <Link to="/admin/parcels/remittances" className="btn btn-outline ml-auto">
          {t("parcel.remittance.link")}
        </Link>
        <button
          type="button"
          className="btn btn-primary"
          disabled={slips.isPending}
          onClick={() => slips.mutate({ day: "", language: slipLanguage(lang) })}
        >
          {t("parcel.todaySlips")}
        </button>
      </div>
      <p role="status" className="text-sm text-stone-700">
        {slips.data && slips.data.orders === 0 && t("parcel.noSlips")}
        {slips.isError && t("parcel.reason.unknown")}
      </p>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("parcel.state")}</legend>
        {filters.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={state === s}
            className={state === s ? "btn btn-primary" : "btn btn-outline"}
            onClick={() => {
              setState(s);
              setTokens([""]);
            }}
          >
            {t(s === ParcelState.UNSPECIFIED ? "desk.any" : `parcel.states.${parcelStateKey[s]}`)}
          </button>
        ))}
      </fieldset>
      <section aria-labelledby="parcels-results" className="card p-4" aria-busy={parcels.isFetching}>
        <h2 id="parcels-results" className="sr-only">
          {t("desk.results")}
        </h2>
        {parcels.isPending && <Spinner label={t("loading")} />}
        {parcels.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
        {data && data.parcels.length === 0 && <p className="text-stone-700">{t("parcel.empty")}</p>}
        {data && data.parcels.length > 0 && (
          <ul className="divide-y divide-stone-200">
            {data.parcels.map((p) => (
              <li key={String(p.id)} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2 text-sm">
                <Link to={`/admin/orders/${p.orderId}`} className="font-semibold underline">
                  {t("orders.number", { id: String(p.orderId) })}
                </Link>
                <span className="rounded bg-stone-100 px-2 py-0.5 font-semibold">{t(`parcel.states.${parcelStateKey[p.state]}`)}</span>
                <span className="break-all">
                  {p.carrier} · {p.trackingNumber}
                </span>
                {p.platformStatus && <span className="text-stone-700">{p.platformStatus}</span>}
                {p.createTime && (
                  <time className="ml-auto text-stone-700" dateTime={timestampDate(p.createTime).toISOString()}>
                    {formatDate(timestampDate(p.createTime), lang, { dateStyle: "short", timeStyle: "short" })}
                  </time>
                )}
              </li>
            ))}
          </ul>
        )}
        <nav aria-label={t("desk.paging")} className="mt-4 flex flex-wrap justify-between gap-2">
          <button type="button" className="btn btn-outline" disabled={tokens.length === 1} onClick={() => setTokens(tokens.slice(0, -1))}>
            {t("desk.newer")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={!data?.nextPageToken || parcels.isPlaceholderData}
            onClick={() => data && setTokens([...tokens, data.nextPageToken])}
          >
            {t("desk.older")}
          </button>
        </nav>
      </section>
    </div>
  );
}
