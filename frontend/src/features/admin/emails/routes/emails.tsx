import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useFailedEmails, useRetryEmail } from "@/features/admin/emails/api/emails";
import { errorInfos } from "@/lib/connect-errors";
import { formatDate } from "@/lib/format-date";
import { EmailState, type FailedEmail } from "@gen/sabores/v1/admin_email_service_pb";

function EmailCard({ email }: { email: FailedEmail }) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "emails" });
  const retry = useRetryEmail();
  const date = (d: Date) => formatDate(d, i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const sent = errorInfos(retry.error)[0]?.reason === "EMAIL_ALREADY_SENT";
  return (
    <li className="grid gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{t(`kind.${email.kind}`, { defaultValue: email.kind })}</span>
        <Link to={`/admin/orders/${email.orderId}`} className="text-brand-700 underline">
          {t("order", { id: String(email.orderId) })}
        </Link>
        <span className="break-all text-stone-700">{email.recipient}</span>
        <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold">
          {t(`state.${EmailState[email.state]?.toLowerCase() ?? "unspecified"}`)}
        </span>
      </div>
      <p className="text-stone-700">
        {t("attempts", { count: email.attempts })}
        {email.createTime && ` · ${t("queued", { date: date(timestampDate(email.createTime)) })}`}
        {email.nextAttemptTime && ` · ${t("next", { date: date(timestampDate(email.nextAttemptTime)) })}`}
      </p>
      <p className="break-words rounded bg-red-50 px-2 py-1 font-mono text-xs text-red-900">{email.lastError}</p>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={retry.isPending || retry.isSuccess || email.state === EmailState.SENDING}
          onClick={() => retry.mutate({ messageId: email.messageId })}
        >
          {t("retry")}
        </button>
        <span role="status">{retry.isSuccess ? t("retried") : ""}</span>
        {retry.isError && (
          <span role="alert" className="text-red-800">
            {sent ? t("alreadySent") : t("retryFailed")}
          </span>
        )}
      </div>
    </li>
  );
}

/** Emails is /admin/emails: the shoppers' e-mails not accepted yet, with their error and a retry. */
export default function Emails() {
  const { t } = useTranslation("admin");
  const [tokens, setTokens] = useState([""]);
  const emails = useFailedEmails(tokens[tokens.length - 1]);
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("emails.title")}</h1>
      <p className="text-stone-700">{t("emails.intro")}</p>
      <section className="card p-4" aria-label={t("emails.title")}>
        {emails.isPending && <Spinner label={t("loading")} />}
        {emails.isError && (
          <ErrorBox>
            {t("loadError")}{" "}
            <button type="button" className="underline" onClick={() => void emails.refetch()}>
              {t("desk.retry")}
            </button>
          </ErrorBox>
        )}
        {emails.data && emails.data.emails.length === 0 && <p className="text-stone-700">{t("emails.empty")}</p>}
        {emails.data && emails.data.emails.length > 0 && (
          <ul className="divide-y divide-stone-100">
            {emails.data.emails.map((e) => (
              <EmailCard key={e.messageId} email={e} />
            ))}
          </ul>
        )}
        {(tokens.length > 1 || emails.data?.nextPageToken) && (
          <nav aria-label={t("desk.paging")} className="mt-4 flex justify-between gap-2">
            <button type="button" className="btn btn-outline" disabled={tokens.length === 1} onClick={() => setTokens(tokens.slice(0, -1))}>
              {t("emails.previous")}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={!emails.data?.nextPageToken}
              onClick={() => emails.data && setTokens([...tokens, emails.data.nextPageToken])}
            >
              {t("emails.more")}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
