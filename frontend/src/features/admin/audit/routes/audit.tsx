import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { AuditEvent } from "@gen/sabores/v1/admin_audit_service_pb";
import { auditPageSize, useAuditEvents, type AuditFilters } from "@/features/admin/audit/api/audit";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";
import { formatDate } from "@/lib/format-date";
import { pageCount } from "@/lib/paging";

const none: AuditFilters = { actor: "", action: "", fromDay: "", toDay: "" };
const first = { token: "", page: 1 };
// The areas an action starts with, offered to the action filter.
const areas = ["product.", "stock.", "promotion.", "order.", "invoice.", "settings.", "api_key.", "visibility.", "catalogue."];

/** value shows an audit value (JSON) compactly; "—" for none. */
function value(json: string): string {
  return json === "" ? "—" : json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

/**
 * Audit is /admin/audit: who changed what and when, through which API key or
 * signed-in session, filtered by actor, action and Madrid days, 50 a page.
 */
export default function Audit() {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const [draft, setDraft] = useState(none);
  const [filters, setFilters] = useState(none);
  const [at, setAt] = useState(first);
  const { data, isPending, isError, isPlaceholderData } = useAuditEvents(filters, at.token);
  const total = data?.totalSize ?? 0;
  const page = data?.previousPageToken ? at.page : 1;
  const when = (e: AuditEvent) =>
    e.createTime ? formatDate(timestampDate(e.createTime), i18n.language, { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Madrid" }) : "";
  // Which key or which session the change came through (issue 37); events
  // recorded before sessions were say only that it was a session.
  const via = (e: AuditEvent) => {
    if (e.apiKeyId) {
      return e.apiKeyName
        ? t("audit.viaKey", { id: String(e.apiKeyId), name: e.apiKeyName })
        : t("audit.viaKeyNoName", { id: String(e.apiKeyId) });
    }
    if (e.sessionId && e.sessionStartTime) {
      const start = formatDate(timestampDate(e.sessionStartTime), i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Madrid" });
      return t("audit.viaSessionOf", { id: String(e.sessionId), start });
    }
    return t("audit.viaSession");
  };
  const field = (k: keyof AuditFilters, type = "text", extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={`${id}-${k}`} className="mb-1 block text-sm font-medium">
        {t(`audit.filters.${k}`)}
      </label>
      <input id={`${id}-${k}`} type={type} className="input" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} {...extra} />
    </div>
  );

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t("audit.title")}</h1>
      <form
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        aria-label={t("audit.filtersLabel")}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ ...draft, actor: draft.actor.trim(), action: draft.action.trim().toLowerCase() });
          setAt(first);
        }}
      >
        {field("actor", "search")}
        {field("action", "search", { list: `${id}-areas`, pattern: "[a-z0-9_.]*" })}
        <datalist id={`${id}-areas`}>
          {areas.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        {field("fromDay", "date")}
        {field("toDay", "date")}
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary">
            {t("audit.apply")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setDraft(none);
              setFilters(none);
              setAt(first);
            }}
          >
            {t("audit.clear")}
          </button>
        </div>
      </form>
      {isPending && <Spinner label={t("audit.loading")} />}
      {isError && <ErrorBox>{t("audit.loadError")}</ErrorBox>}
      {data && data.events.length === 0 && <p className="text-stone-600">{t("audit.empty")}</p>}
      {data && data.events.length > 0 && (
        <>
          <ul className="card divide-y divide-stone-200" aria-label={t("audit.listLabel")}>
            {data.events.map((e) => (
              <li key={String(e.id)} className="space-y-1 p-3 text-sm">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-mono font-semibold">{e.action}</span>
                  <span>{e.entity}</span>
                  <span className="text-stone-600 sm:ml-auto">{when(e)}</span>
                </div>
                <p>
                  <span className="font-medium">{e.actor}</span>{" "}
                  <span className="text-stone-600">
                    {via(e)}
                  </span>
                </p>
                <p className="break-all text-stone-700">
                  <span className="sr-only">{t("audit.before")}: </span>
                  <code>{value(e.oldValue)}</code> <span aria-hidden="true">→</span>
                  <span className="sr-only">{t("audit.after")}: </span> <code>{value(e.newValue)}</code>
                </p>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p aria-live="polite" className="text-stone-700">
              {t("audit.showing", { count: data.events.length, total })}
            </p>
            <Pagination
              page={page}
              totalPages={Math.max(pageCount(total, auditPageSize), page)}
              hasPrevious={data.previousPageToken !== ""}
              hasNext={data.nextPageToken !== ""}
              busy={isPlaceholderData}
              window={false}
              label={t("audit.paging")}
              className="ml-auto"
              onPage={(p) =>
                setAt(p < page ? (p <= 1 ? first : { token: data.previousPageToken, page: p }) : { token: data.nextPageToken, page: p })
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
