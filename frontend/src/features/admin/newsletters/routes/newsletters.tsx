import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { NewsletterCampaignStatus, type NewsletterCampaign } from "@gen/sabores/v1/admin_message_service_pb";
import { errorInfos } from "@/lib/connect-errors";
import { formatShopTime } from "@/lib/format-date";
import {
  useCampaigns,
  usePreviewCampaign,
  useSaveCampaign,
  useSendCampaign,
  useSendCampaignTest,
} from "@/features/admin/newsletters/api/newsletters";

const emptyText = { subjectEs: "", subjectPt: "", bodyEs: "", bodyPt: "" };
type Text = typeof emptyText;

const statusKey: Record<NewsletterCampaignStatus, string> = {
  [NewsletterCampaignStatus.UNSPECIFIED]: "draft",
  [NewsletterCampaignStatus.DRAFT]: "draft",
  [NewsletterCampaignStatus.SENDING]: "sending",
  [NewsletterCampaignStatus.SENT]: "sent",
};

/**
 * Newsletters is /admin/newsletters: the owner writes a campaign in Spanish
 * and Portuguese, previews it as subscribers get it, sends it to themselves,
 * then sends it to the confirmed subscribers, and follows the sending's
 * counts. Opens are not tracked.
 */
export default function Newsletters() {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const campaigns = useCampaigns();
  const save = useSaveCampaign();
  const preview = usePreviewCampaign();
  const test = useSendCampaignTest();
  const send = useSendCampaign();
  const [editing, setEditing] = useState<bigint>(0n);
  const [text, setText] = useState<Text>(emptyText);
  const [confirming, setConfirming] = useState(false);
  const set = (k: keyof Text, v: string) => setText((x) => ({ ...x, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ id: editing, text }, { onSuccess: (r) => setEditing(r.campaign?.id ?? 0n) });
  };
  const edit = (c: NewsletterCampaign) => {
    setEditing(c.id);
    setText({ subjectEs: c.text?.subjectEs ?? "", subjectPt: c.text?.subjectPt ?? "", bodyEs: c.text?.bodyEs ?? "", bodyPt: c.text?.bodyPt ?? "" });
    preview.reset();
    test.reset();
    setConfirming(false);
  };
  const reason = (err: unknown) => errorInfos(err)[0]?.reason;
  const failure = [save, preview, test, send].find((m) => m.isError)?.error;

  const field = (k: keyof Text, multiline: boolean) => (
    <div className={multiline ? "sm:col-span-2" : undefined}>
      <label htmlFor={`${id}-${k}`} className="mb-1 block text-sm font-medium">
        {t(`newsletters.fields.${k}`)}
      </label>
      {multiline ? (
        <textarea id={`${id}-${k}`} className="input min-h-40 w-full" required value={text[k]} onChange={(e) => set(k, e.target.value)} aria-describedby={`${id}-markup`} />
      ) : (
        <input id={`${id}-${k}`} className="input w-full" required maxLength={200} value={text[k]} onChange={(e) => set(k, e.target.value)} />
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-2xl font-bold">{t("nav.newsletters")}</h1>
      <p className="text-stone-700">{t("newsletters.intro")}</p>
      <form onSubmit={submit} className="card grid gap-3 p-4 sm:grid-cols-2" aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className="text-lg font-semibold sm:col-span-2">
          {editing ? t("newsletters.editing", { id: editing.toString() }) : t("newsletters.new")}
        </h2>
        {field("subjectEs", false)}
        {field("subjectPt", false)}
        {field("bodyEs", true)}
        {field("bodyPt", true)}
        <p id={`${id}-markup`} className="text-sm text-stone-600 sm:col-span-2">
          {t("newsletters.markup")}
        </p>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t("newsletters.save")}
          </button>
          <button type="button" className="btn btn-secondary" disabled={preview.isPending} onClick={() => preview.mutate({ text })}>
            {t("newsletters.preview")}
          </button>
          <button type="button" className="btn btn-secondary" disabled={!editing || test.isPending} onClick={() => test.mutate({ id: editing })}>
            {t("newsletters.test")}
          </button>
          {editing !== 0n && (
            <button type="button" className="btn btn-secondary" onClick={() => { setEditing(0n); setText(emptyText); preview.reset(); }}>
              {t("newsletters.newOther")}
            </button>
          )}
        </div>
        {save.isSuccess && (
          <p role="status" className="text-sm text-green-800 sm:col-span-2">
            {t("newsletters.saved")}
          </p>
        )}
        {test.isSuccess && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900 sm:col-span-2">
            {t("newsletters.testSent", { email: test.data.email })}
          </p>
        )}
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 sm:col-span-2">
            {t(reason(failure) === "NEWSLETTER_CAMPAIGN_SENT" ? "newsletters.alreadySent" : "newsletters.failed")}
          </p>
        ) : null}
      </form>

      {preview.data && (
        <section className="card space-y-3 p-4" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`} className="text-lg font-semibold">
            {t("newsletters.previewTitle")}
          </h2>
          {preview.data.previews.map((p) => (
            <div key={p.language}>
              <h3 className="font-medium">
                {t(`newsletters.language.${p.language}`)}: {p.subject}
              </h3>
              {/* The e-mail's own HTML, shown without scripts or access to the page. */}
              <iframe title={t("newsletters.previewOf", { language: t(`newsletters.language.${p.language}`) })} sandbox="" srcDoc={p.html} className="mt-2 h-96 w-full rounded border border-stone-200 bg-white" />
            </div>
          ))}
        </section>
      )}

      <section aria-labelledby={`${id}-list`} className="space-y-3">
        <h2 id={`${id}-list`} className="text-lg font-semibold">
          {t("newsletters.campaigns")}
        </h2>
        {campaigns.data?.campaigns.length === 0 && <p className="text-stone-600">{t("newsletters.none")}</p>}
        <ul className="space-y-3">
          {campaigns.data?.campaigns.map((c) => {
            const status = statusKey[c.status];
            return (
              <li key={c.id.toString()} className="card p-4" data-testid="campaign">
                <div className="flex flex-wrap items-baseline gap-2">
                  <h3 className="font-semibold">
                    #{c.id.toString()} {c.text?.subjectEs}
                  </h3>
                  <span className="rounded bg-stone-100 px-2 py-0.5 text-sm">{t(`newsletters.status.${status}`)}</span>
                </div>
                {c.sendTime && (
                  <p className="text-sm text-stone-600">
                    {t("newsletters.startedAt", { time: formatShopTime(timestampDate(c.sendTime), i18n.language), perMinute: c.perMinute })}
                  </p>
                )}
                {c.status !== NewsletterCampaignStatus.DRAFT && (
                  <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5" aria-label={t("newsletters.counts")}>
                    {(["queued", "sent", "failed", "skipped", "unsubscribed"] as const).map((k) => (
                      <div key={k}>
                        <dt className="text-stone-600">{t(`newsletters.count.${k}`)}</dt>
                        <dd className="font-semibold" data-count={k}>
                          {c[k]}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {c.status === NewsletterCampaignStatus.DRAFT && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button type="button" className="btn btn-secondary" onClick={() => edit(c)} aria-label={t("newsletters.editOne", { id: c.id.toString() })}>
                      {t("newsletters.edit")}
                    </button>
                    {confirming && editing === c.id ? (
                      <>
                        <button type="button" className="btn btn-primary" disabled={send.isPending} onClick={() => send.mutate(
                              { id: c.id },
                              {
                                // A campaign sent is no draft to edit any more.
                                onSuccess: () => {
                                  setConfirming(false);
                                  setEditing(0n);
                                  setText(emptyText);
                                  preview.reset();
                                  save.reset();
                                  test.reset();
                                },
                              },
                            )}>
                          {t("newsletters.sendConfirm")}
                        </button>
                        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                          {t("newsletters.cancel")}
                        </button>
                      </>
                    ) : (
                      <button type="button" className="btn btn-primary" onClick={() => { edit(c); setConfirming(true); }} aria-label={t("newsletters.sendOne", { id: c.id.toString() })}>
                        {t("newsletters.send")}
                      </button>
                    )}
                  </div>
                )}
                {confirming && editing === c.id && (
                  <p role="status" className="mt-2 text-sm text-amber-900">
                    {t("newsletters.sendWarning")}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {send.isSuccess && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            {t("newsletters.queued", { count: send.data.recipients })}
          </p>
        )}
      </section>
    </div>
  );
}
