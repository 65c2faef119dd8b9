import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { formatDate } from "@/lib/format-date";
import { NewSecret } from "@/features/admin/shared/components/new-secret";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/features/admin/api-keys/api/api-keys";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { type ApiKey, ApiKeyScope } from "@gen/sabores/v1/admin_api_key_service_pb";
import { emptyIfSent } from "@/lib/empty-if-sent";

/** scopeLabels name each scope a key may hold, in the order they are offered. */
const scopeLabels = [
  [ApiKeyScope.CATALOG_READ, "apiKeys.scopes.catalogRead"],
  [ApiKeyScope.CATALOG_WRITE, "apiKeys.scopes.catalogWrite"],
  [ApiKeyScope.ORDERS_READ, "apiKeys.scopes.ordersRead"],
  [ApiKeyScope.STOCK_WRITE, "apiKeys.scopes.stockWrite"],
  [ApiKeyScope.EVENTS_READ, "apiKeys.scopes.eventsRead"],
] as const;

/** day is the yyyy-mm-dd date days from today, in the admin's time zone. */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** keyDays is how long a new key lives unless the admin picks another day:
 * API_KEY_MAX_TTL's default; the contract never allows over 366 days. */
const keyDays = 90;

/** endOfDay is the last second of a yyyy-mm-dd day in the admin's time zone. */
function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59`);
}

/** ScopeList names a key's scopes. */
function ScopeList({ scopes }: { scopes: ApiKeyScope[] }) {
  const { t } = useTranslation("admin");
  return (
    <ul>
      {scopeLabels
        .filter(([scope]) => scopes.includes(scope))
        .map(([scope, label]) => (
          <li key={scope}>{t(label)}</li>
        ))}
    </ul>
  );
}

function CreateForm() {
  const { t } = useTranslation("admin");
  const id = useId();
  const create = useCreateApiKey();
  const saveFailure = useSaveFailure();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([ApiKeyScope.CATALOG_READ]);
  const [expires, setExpires] = useState(() => day(keyDays));
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  const ready = name.trim() !== "" && scopes.length > 0 && expires !== "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    create.mutate(
      { name: name.trim(), scopes, expireTime: timestampFromDate(endOfDay(expires)) },
      {
        onSuccess: (res) => {
          setCreated({ name: res.key?.name ?? name, secret: res.secret });
          setName(emptyIfSent(name));
          setExpires(day(keyDays));
        },
        onError: (err) => saveFailure("apiKey", err),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("apiKeys.createTitle")}
      </h2>
      {created && (
        <NewSecret
          title={t("apiKeys.createdTitle", { name: created.name })}
          note={t("apiKeys.showOnce")}
          secret={created.secret}
          testId="api-key-secret"
          onDone={() => setCreated(undefined)}
        >
          <p className="text-xs text-stone-700">{t("apiKeys.usage")}</p>
        </NewSecret>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
            {t("apiKeys.name")}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            required
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <fieldset>
          <legend className="mb-1 block text-sm font-medium">{t("apiKeys.scope")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {scopeLabels.map(([scope, label]) => (
              <label key={scope} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
                {t(label)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-expires`} className="mb-1 block text-sm font-medium">
            {t("apiKeys.expires")}
          </label>
          <input
            id={`${id}-expires`}
            type="date"
            className="input"
            value={expires}
            required
            min={day(1)}
            max={day(365)}
            aria-describedby={`${id}-expires-hint`}
            onChange={(e) => setExpires(e.target.value)}
          />
          <p id={`${id}-expires-hint`} className="mt-1 text-xs text-stone-600">
            {t("apiKeys.expiresHint", { days: keyDays })}
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !ready}>
          {create.isPending ? t("saving") : t("apiKeys.create")}
        </button>
      </form>
    </section>
  );
}

function KeysTable() {
  const { t, i18n } = useTranslation("admin");
  const { data, isPending, isError } = useApiKeys();
  const revoke = useRevokeApiKey();
  const saveFailure = useSaveFailure();
  const toast = useToast();
  const [confirming, setConfirming] = useState<ApiKey>();
  const date = (d: Date) => formatDate(d, i18n.language, { dateStyle: "medium", timeStyle: "short" });

  if (isPending) return <Spinner label={t("loading")} />;
  if (isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  return (
    <section aria-labelledby="keys-title" className="card p-4 sm:p-6">
      <h2 id="keys-title" className="text-lg font-bold">
        {t("apiKeys.listTitle")}
      </h2>
      {data.keys.length === 0 ? (
        <p className="mt-3 text-stone-700">{t("apiKeys.empty")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="keys-title">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3">{t("apiKeys.name")}</th>
                <th scope="col" className="py-2 pr-3">{t("apiKeys.prefix")}</th>
                <th scope="col" className="py-2 pr-3">{t("apiKeys.scope")}</th>
                <th scope="col" className="py-2 pr-3">{t("apiKeys.created")}</th>
                <th scope="col" className="py-2 pr-3">{t("apiKeys.lastUsed")}</th>
                <th scope="col" className="py-2">{t("apiKeys.status")}</th>
              </tr>
            </thead>
            <tbody>
              {data.keys.map((k) => (
                <tr key={String(k.id)} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {k.name}
                  </th>
                  <td className="py-2 pr-3 font-mono">{k.prefix}…</td>
                  <td className="py-2 pr-3">
                    <ScopeList scopes={k.scopes} />
                    {k.expireTime && (
                      <span className="block text-xs text-stone-600">
                        {t("apiKeys.expiresOn", { date: date(timestampDate(k.expireTime)) })}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    {k.createTime ? date(timestampDate(k.createTime)) : ""}
                    {k.createdBy && <span className="block text-xs text-stone-600">{k.createdBy}</span>}
                  </td>
                  <td className="py-2 pr-3">
                    {k.lastUsedTime ? date(timestampDate(k.lastUsedTime)) : t("apiKeys.never")}
                  </td>
                  <td className="py-2">
                    {k.revokeTime ? (
                      <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                        {t("apiKeys.revokedOn", { date: date(timestampDate(k.revokeTime)) })}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline text-red-700"
                        aria-label={`${t("apiKeys.revoke")}: ${k.name}`}
                        onClick={() => setConfirming(k)}
                      >
                        {t("apiKeys.revoke")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminDialog
        role="alertdialog"
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={t("apiKeys.confirmTitle")}
        description={confirming ? t("apiKeys.confirmText", { name: confirming.name }) : undefined}
      >
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(undefined)}>
            {t("cancel")}
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={() => {
              const key = confirming;
              setConfirming(undefined);
              if (!key) return;
              revoke.mutate(
                { id: key.id },
                {
                  onSuccess: () => toast({ title: t("apiKeys.revokedTitle"), description: t("apiKeys.revokedText", { name: key.name }) }),
                  onError: (err) => saveFailure("apiKey", err),
                },
              );
            }}
          >
            {t("apiKeys.revoke")}
          </button>
        </div>
      </AdminDialog>
    </section>
  );
}

/** ApiKeys is /admin/api-keys: integrators' keys, created, listed and revoked. */
export default function ApiKeys() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.apiKeys")}</h1>
      <p className="text-stone-700">{t("apiKeys.intro")}</p>
      <p className="text-stone-700">{t("apiKeys.limits")}</p>
      <CreateForm />
      <KeysTable />
    </div>
  );
}
