import { useId, type FormEvent } from "react";
import { Link } from "react-router";
import { Code } from "@connectrpc/connect";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ChatIcon, MailIcon, PhoneIcon } from "@/components/ui/icons";
import { Seo } from "@/components/seo/seo";
import { useShopDetails } from "@/hooks/use-shop-details";
import { openingRows, phoneHref, whatsappUrl } from "@/lib/shop-details";
import { errorCode } from "@/lib/connect-errors";
import { useSendContactMessage } from "@/features/contact/api/contact";
import { useShopValues } from "@/features/legal/shop-values";
import { ContactSubject } from "@gen/sabores/v1/contact_pb";
import { Language } from "@gen/sabores/v1/food_pb";

const subjects = ["consulta-productos", "pedido", "devoluciones", "otros"] as const;

const subjectCodes: Record<(typeof subjects)[number], ContactSubject> = {
  "consulta-productos": ContactSubject.PRODUCTS,
  pedido: ContactSubject.ORDER,
  devoluciones: ContactSubject.RETURNS,
  otros: ContactSubject.OTHER,
};

/**
 * PrivacyNote is the first layer of the data-protection information where
 * the form collects the data (RGPD art. 13, LOPDGDD art. 11): who is the
 * controller, why and on what basis, the rights and where to read more.
 * The form's submit button points to it, so a screen reader meets it too.
 */
function PrivacyNote({ id }: { id: string }) {
  const { t } = useTranslation("legal", { keyPrefix: "contact.privacyNote" });
  const v = useShopValues();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-md bg-stone-100 p-3 text-xs leading-relaxed text-stone-800">
      <h3 id={`${id}-title`} className="font-semibold">
        {t("title")}
      </h3>
      <ul className="mt-1 space-y-0.5">
        <li>{t("controller", { owner: v.owner || "Sabores" })}</li>
        <li>{t("purpose")}</li>
        <li>{t("basis")}</li>
        <li>{t("rights", { email: v.email })}</li>
      </ul>
      <Link to="/privacy-policy" className="mt-1 inline-block font-semibold text-brand-700 underline">
        {t("more")}
      </Link>
    </section>
  );
}

/** ContactForm sends a message to the shop's e-mail address (kept in the back office too). */
function ContactForm() {
  const { t, i18n } = useTranslation("legal");
  const id = useId();
  const send = useSendContactMessage();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    send.mutate(
      {
        name: text("name"),
        email: text("email"),
        phone: text("phone"),
        subject: subjectCodes[text("subject") as (typeof subjects)[number]] ?? ContactSubject.UNSPECIFIED,
        message: text("message"),
        language: i18n.language === "pt" ? Language.PT : Language.ES,
      },
      { onSuccess: () => form.reset() },
    );
  };
  const failure = send.isError ? (errorCode(send.error) === Code.ResourceExhausted ? "busy" : "failed") : undefined;
  const field = "input mt-1";
  return (
    <form onSubmit={onSubmit} className="card space-y-4 p-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t("contact.formTitle")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium">{t("contact.name")}</label>
          <input id={`${id}-name`} name="name" required autoComplete="name" className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium">{t("contact.email")}</label>
          <input id={`${id}-email`} name="email" type="email" required autoComplete="email" className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-phone`} className="block text-sm font-medium">{t("contact.phone")}</label>
          <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-subject`} className="block text-sm font-medium">{t("contact.subject")}</label>
          <select id={`${id}-subject`} name="subject" required className={field} defaultValue="">
            <option value="" disabled>
              {t("contact.subjectPlaceholder")}
            </option>
            {subjects.map((s) => (
              <option key={s} value={s}>
                {t(`contact.subjects.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-medium">{t("contact.message")}</label>
        <textarea id={`${id}-message`} name="message" required rows={5} className={field} />
      </div>
      <PrivacyNote id={`${id}-privacy`} />
      <button type="submit" className="btn btn-primary" disabled={send.isPending} aria-describedby={`${id}-privacy-title`}>
        {send.isPending ? t("contact.sending") : t("contact.send")}
      </button>
      <p role="status" className="min-h-5 text-sm text-green-800">
        {send.isSuccess ? t("contact.sent", { id: String(send.data.id) }) : ""}
      </p>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {t(`contact.${failure}`)}
        </p>
      )}
    </form>
  );
}

/** ContactRoute is /contact: address, phone, email, hours, WhatsApp and a message form, as the owner set them. */
export default function ContactRoute() {
  const { t, i18n } = useTranslation("legal");
  const d = useShopDetails();
  const hours = openingRows(d?.openingHours ?? [], i18n.language);
  return (
    <div className="container-page py-6">
      <Seo title={t("contact.metaTitle")} description={t("contact.intro")} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-2 max-w-2xl text-stone-700">{t("contact.intro")}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1.3fr]">
        <div className="space-y-4">
          <section className="card p-5" aria-labelledby="contact-address">
            <h2 id="contact-address" className="font-bold">{t("contact.addressTitle")}</h2>
            {d?.address && (
              <address className="mt-1 not-italic text-stone-800">
                Sabores
                <br />
                {d.address.street}
                <br />
                {d.address.postalCode} {d.address.city}
                {d.address.province && ` (${d.address.province})`}, {t("contact.country")}
              </address>
            )}
          </section>
          <section className="card space-y-2 p-5" aria-labelledby="contact-direct">
            <h2 id="contact-direct" className="font-bold">{t("contact.directTitle")}</h2>
            {d?.phone && (
              <a href={phoneHref(d.phone)} className="btn btn-outline w-full">
                <PhoneIcon size={18} /> {t("contact.call", { phone: d.phone })}
              </a>
            )}
            {d?.email && (
              <a href={`mailto:${d.email}`} className="btn btn-outline w-full break-all">
                <MailIcon size={18} /> {t("contact.mail", { email: d.email })}
              </a>
            )}
            {d?.whatsapp && (
              <a
                href={whatsappUrl(d.whatsapp, t("whatsappGreeting", { ns: "common" }))}
                target="_blank"
                rel="noopener noreferrer"
                className="btn w-full bg-green-700 text-white hover:bg-green-800"
              >
                <ChatIcon size={18} /> {t("contact.whatsapp")}
              </a>
            )}
          </section>
          {hours.length > 0 && (
            <section className="card p-5" aria-labelledby="contact-hours">
              <h2 id="contact-hours" className="font-bold">{t("contact.hoursTitle")}</h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-stone-800">
                {hours.map((row) => (
                  <div key={row.days} className="contents">
                    <dt className="first-letter:uppercase">{row.days}</dt>
                    <dd>{row.openings.length ? row.openings.join(", ") : t("contact.closed")}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <section className="card p-5" aria-labelledby="contact-tax">
            <h2 id="contact-tax" className="font-bold">{t("contact.taxTitle")}</h2>
            <p className="mt-1 text-stone-800">
              {d?.legalName}
              <br />
              {d?.nif && `NIF ${d.nif}`}
            </p>
          </section>
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
