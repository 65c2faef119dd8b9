import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { formatDate } from "@/lib/format-date";
import { NewSecret } from "@/features/admin/shared/components/new-secret";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import {
  useCreateWebhookEndpoint,
  useRedeliverWebhook,
  useSetWebhookEndpointEnabled,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from "@/features/admin/webhooks/api/webhooks";
import { type WebhookEndpoint, WebhookDeliveryStatus } from "@gen/sabores/v1/admin_webhook_service_pb";
import { emptyIfSent } from "@/lib/empty-if-sent";

/** eventTypes are the event types an endpoint may take, as the contract names them. */
const eventTypes = [
  "order.placed",
  "order.paid",
  "order.cancelled",
  "order.shipped",
  "order.delivered",
  "refund.completed",
  "stock.changed",
  "product.changed",
] as const;

function useDate() {
  const { i18n } = useTranslation("admin");
  return (d: Date) => formatDate(d, i18n.language, { dateStyle: "medium", timeStyle: "short" });
}

function CreateForm() {
  const { t } = useTranslation("admin");
  const id = useId();
  const create = useCreateWebhookEndpoint();
  const saveFailure = useSaveFailure();
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState<string[]>(["order.paid"]);
  const [created, setCreated] = useState<{ url: string; secret: string }>();
  const toggle = (type: string, on: boolean) => setTypes((s) => (on ? [...s, type] : s.filter((x) => x !== type)));
  const ready = url.trim() !== "" && types.length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    create.mutate(
      { url: url.trim(), types },
      {
        onSuccess: (res) => {
          setCreated({ url: res.endpoint?.url ?? url, secret: res.secret });
          setUrl(emptyIfSent(url));
        },
        onError: (err) => saveFailure("webhook", err),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("webhooks.createTitle")}
      </h2>
      {created && (
        <NewSecret
          title={t("webhooks.createdTitle", { url: created.url })}
          note={t("webhooks.showOnce")}
          secret={created.secret}
          testId="webhook-secret"
          onDone={() => setCreated(undefined)}
        />
      )}
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium">
            {t("webhooks.url")}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className="input w-full"
            placeholder="https://erp.example.com/webhooks/sabores"
            value={url}
            required
            maxLength={2000}
            aria-describedby={`${id}-url-hint`}
            onChange={(e) => setUrl(e.target.value)}
          />
          <p id={`${id}-url-hint`} className="mt-1 text-xs text-stone-600">
            {t("webhooks.urlHint")}
          </p>
        </div>
        <fieldset>
          <legend className="mb-1 block text-sm font-medium">{t("webhooks.types")}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
            {eventTypes.map((type) => (
              <label key={type} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" checked={types.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                <span>
                  {t(`webhooks.type.${type.replace(".", "_")}`)}{" "}
                  <code className="text-xs text-stone-600">{type}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !ready}>
          {create.isPending ? t("saving") : t("webhooks.create")}
        </button>
      </form>
    </section>
  );
}

/** State says whether an endpoint is enabled, failing or disabled, and why. */
function State({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation("admin");
  const date = useDate();
  if (endpoint.disableTime) {
    const when = date(timestampDate(endpoint.disableTime));
    return endpoint.disabledReason === "failing" ? (
      <p role="status" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
        <strong>{t("webhooks.state.disabledFailing", { date: when })}</strong>{" "}
        {t("webhooks.state.disabledFailingText", { count: endpoint.failures })}
      </p>
    ) : (
      <p className="text-sm">
        <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
          {t("webhooks.state.disabledOwner", { date: when })}
        </span>
      </p>
    );
  }
  if (endpoint.failures > 0 && endpoint.failingSince) {
    return (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
        {t("webhooks.state.failing", { count: endpoint.failures, date: date(timestampDate(endpoint.failingSince)) })}
      </p>
    );
  }
  return (
    <p className="text-sm">
      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
        {t("webhooks.state.enabled")}
      </span>
    </p>
  );
}

const statusStyles: Record<WebhookDeliveryStatus, string> = {
  [WebhookDeliveryStatus.UNSPECIFIED]: "bg-stone-100 text-stone-800",
  [WebhookDeliveryStatus.PENDING]: "bg-stone-100 text-stone-800",
  [WebhookDeliveryStatus.DELIVERED]: "bg-green-100 text-green-900",
  [WebhookDeliveryStatus.FAILING]: "bg-amber-100 text-amber-900",
  [WebhookDeliveryStatus.FAILED]: "bg-red-100 text-red-900",
};

const statusKeys: Record<WebhookDeliveryStatus, string> = {
  [WebhookDeliveryStatus.UNSPECIFIED]: "pending",
  [WebhookDeliveryStatus.PENDING]: "pending",
  [WebhookDeliveryStatus.DELIVERED]: "delivered",
  [WebhookDeliveryStatus.FAILING]: "failing",
  [WebhookDeliveryStatus.FAILED]: "failed",
};

/** Deliveries is an endpoint's delivery log with "send again". */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation("admin");
  const date = useDate();
  const { data, isPending, isError } = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliverWebhook();
  const saveFailure = useSaveFailure();
  const toast = useToast();
  const titleId = `deliveries-${endpoint.id}`;
  if (isPending) return <Spinner label={t("loading")} />;
  if (isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  return (
    <div className="space-y-2">
      <h3 id={titleId} className="font-semibold">
        {t("webhooks.deliveries")}
      </h3>
      {data.deliveries.length === 0 ? (
        <p className="text-sm text-stone-700">{t("webhooks.noDeliveries")}</p>
      ) : (
        // relative: the header's screen-reader text is positioned within the
        // scrolling region, not the page, which it would widen at 360 px.
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="w-full min-w-[38rem] text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3">{t("webhooks.event")}</th>
                <th scope="col" className="py-2 pr-3">{t("webhooks.status")}</th>
                <th scope="col" className="py-2 pr-3">{t("webhooks.attempts")}</th>
                <th scope="col" className="py-2 pr-3">{t("webhooks.responseCode")}</th>
                <th scope="col" className="py-2 pr-3">{t("webhooks.lastAttempt")}</th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t("webhooks.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <tr key={String(d.id)} className="border-b border-stone-100 last:border-0 align-top">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <code className="text-xs">{d.eventType}</code>
                    <span className="block font-mono text-xs text-stone-600" title={d.eventId}>
                      {d.eventId.slice(0, 8)}…
                    </span>
                  </th>
                  <td className="py-2 pr-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[d.status]}`}>
                      {t(`webhooks.deliveryStatus.${statusKeys[d.status]}`)}
                    </span>
                    {d.lastError && <span className="mt-1 block text-xs text-stone-700">{d.lastError}</span>}
                  </td>
                  <td className="py-2 pr-3">{d.attempts}</td>
                  <td className="py-2 pr-3">{d.responseCode === 0 ? "—" : d.responseCode}</td>
                  <td className="py-2 pr-3">{d.lastAttemptTime ? date(timestampDate(d.lastAttemptTime)) : t("apiKeys.never")}</td>
                  <td className="py-2">
                    {d.status !== WebhookDeliveryStatus.PENDING && (
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={!!endpoint.disableTime || redeliver.isPending}
                        aria-label={`${t("webhooks.sendAgain")}: ${d.eventType} ${d.eventId}`}
                        onClick={() =>
                          redeliver.mutate(
                            { id: d.id },
                            {
                              onSuccess: () => toast({ title: t("webhooks.queuedTitle"), description: t("webhooks.queuedText") }),
                              onError: (err) => saveFailure("webhook", err),
                            },
                          )
                        }
                      >
                        {t("webhooks.sendAgain")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {endpoint.disableTime && <p className="text-xs text-stone-700">{t("webhooks.enableToSend")}</p>}
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation("admin");
  const date = useDate();
  const setEnabled = useSetWebhookEndpointEnabled();
  const saveFailure = useSaveFailure();
  const [open, setOpen] = useState(false);
  const enabled = !endpoint.disableTime;
  const logId = `log-${endpoint.id}`;
  return (
    <li className="card space-y-3 p-4 sm:p-6">
      <div className="space-y-1">
        <h3 className="break-all font-mono text-sm font-semibold">{endpoint.url}</h3>
        <p className="text-xs text-stone-600">
          {endpoint.createTime && t("webhooks.createdOn", { date: date(timestampDate(endpoint.createTime)) })}
        </p>
        <ul className="flex flex-wrap gap-1" aria-label={t("webhooks.types")}>
          {endpoint.types.map((type) => (
            <li key={type} className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs">
              {type}
            </li>
          ))}
        </ul>
      </div>
      <State endpoint={endpoint} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={enabled ? "btn btn-outline text-red-700" : "btn btn-primary"}
          disabled={setEnabled.isPending}
          aria-label={`${enabled ? t("webhooks.disable") : t("webhooks.enable")}: ${endpoint.url}`}
          onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !enabled }, { onError: (err) => saveFailure("webhook", err) })}
        >
          {enabled ? t("webhooks.disable") : t("webhooks.enable")}
        </button>
        <button type="button" className="btn btn-ghost" aria-expanded={open} aria-controls={logId} onClick={() => setOpen((o) => !o)}>
          {open ? t("webhooks.hideDeliveries") : t("webhooks.showDeliveries")}
        </button>
      </div>
      <div id={logId} hidden={!open}>
        {open && <Deliveries endpoint={endpoint} />}
      </div>
    </li>
  );
}

function EndpointList() {
  const { t } = useTranslation("admin");
  const { data, isPending, isError } = useWebhookEndpoints();
  if (isPending) return <Spinner label={t("loading")} />;
  if (isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  return (
    <section aria-labelledby="endpoints-title" className="space-y-3">
      <h2 id="endpoints-title" className="text-lg font-bold">
        {t("webhooks.listTitle")}
      </h2>
      {data.endpoints.length === 0 ? (
        <p className="text-stone-700">{t("webhooks.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {data.endpoints.map((e) => (
            <EndpointCard key={String(e.id)} endpoint={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Webhooks is /admin/webhooks: the endpoints events are pushed to, their state and delivery logs. */
export default function Webhooks() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.webhooks")}</h1>
      <p className="text-stone-700">{t("webhooks.intro")}</p>
      <p className="text-stone-700">{t("webhooks.disabling")}</p>
      <CreateForm />
      <EndpointList />
    </div>
  );
}
