import { useState } from "react";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { pageCount } from "@/lib/paging";
import { adminListPageSize, useContactMessages, useNewsletterSubscriptions } from "@/features/admin/messages/api/messages";
import { ContactSubject } from "@gen/sabores/v1/contact_pb";

const subjectKeys: Record<ContactSubject, string> = {
  [ContactSubject.UNSPECIFIED]: "other",
  [ContactSubject.PRODUCTS]: "products",
  [ContactSubject.ORDER]: "order",
  [ContactSubject.RETURNS]: "returns",
  [ContactSubject.OTHER]: "other",
};

function When({ at }: { at?: Timestamp }) {
  const { i18n } = useTranslation();
  if (!at) return null;
  const d = timestampDate(at);
  return <time dateTime={d.toISOString()}>{formatDate(d, i18n.language, { dateStyle: "short", timeStyle: "short" })}</time>;
}

function ContactMessages() {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const q = useContactMessages(page);
  return (
    <section aria-labelledby="contact-title" className="space-y-3">
      <h2 id="contact-title" className="text-lg font-bold">
        {t("messages.contactTitle")}
      </h2>
      {q.isPending && <Spinner label={t("loading")} />}
      {q.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {q.data && q.data.messages.length === 0 && <p className="text-stone-700">{t("messages.noMessages")}</p>}
      <ul className="space-y-3">
        {q.data?.messages.map((m) => (
          <li key={String(m.id)} className="card p-4">
            <p className="flex flex-wrap gap-x-3 text-sm text-stone-600">
              <span className="font-semibold text-stone-900">{t(`messages.subjects.${subjectKeys[m.subject]}`)}</span>
              <When at={m.createTime} />
              <span>#{String(m.id)}</span>
            </p>
            <p className="mt-1 break-words">
              {m.name} · <a href={`mailto:${m.email}`} className="link">{m.email}</a>
              {m.phone && <> · {m.phone}</>}
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words text-stone-800">{m.message}</p>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={pageCount(q.data?.totalSize ?? 0, adminListPageSize)} onPage={setPage} window={false} />
    </section>
  );
}

function Subscriptions() {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const q = useNewsletterSubscriptions(page);
  return (
    <section aria-labelledby="newsletter-title" className="space-y-3">
      <h2 id="newsletter-title" className="text-lg font-bold">
        {t("messages.newsletterTitle")}
      </h2>
      {q.isPending && <Spinner label={t("loading")} />}
      {q.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {q.data && q.data.subscriptions.length === 0 && <p className="text-stone-700">{t("messages.noSubscriptions")}</p>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {q.data?.subscriptions.map((s) => (
          <li key={String(s.id)} className="card p-4 text-sm">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="break-all font-semibold">{s.email}</span>
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">
                {t(s.unsubscribeTime ? "messages.ended" : s.confirmTime ? "messages.active" : "messages.pending")}
              </span>
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
              <dt>{t("messages.consent")}</dt>
              <dd>
                <When at={s.requestTime} /> · {t("messages.version", { version: s.consentVersion })} · {s.language}
              </dd>
              {s.confirmTime && (
                <>
                  <dt>{t("messages.confirmed")}</dt>
                  <dd>
                    <When at={s.confirmTime} />
                  </dd>
                </>
              )}
              {s.unsubscribeTime && (
                <>
                  <dt>{t("messages.endedAt")}</dt>
                  <dd>
                    <When at={s.unsubscribeTime} />
                  </dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={pageCount(q.data?.totalSize ?? 0, adminListPageSize)} onPage={setPage} window={false} />
    </section>
  );
}

/** Messages is /admin/messages: the contact page's messages and the newsletter's subscribers (reads audited). */
export default function Messages() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-8">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.messages")}</h1>
      <p className="text-sm text-stone-700">{t("messages.audited")}</p>
      <ContactMessages />
      <Subscriptions />
    </div>
  );
}
