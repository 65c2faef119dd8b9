import { useId } from "react";
import { Link } from "react-router";
import { useTransport } from "@connectrpc/connect-query";
import { useTranslation } from "react-i18next";
import { useAddressForm } from "@/features/contact/use-address-form";

/**
 * NewsletterBox asks for the newsletter with the shopper's consent: the
 * server stores it and e-mails a link to confirm (double opt-in), so the box
 * says to check the inbox, not that the subscription is done. The request's
 * code is loaded on submit, keeping it out of the first download.
 */
export function NewsletterBox() {
  const { t, i18n } = useTranslation();
  const transport = useTransport();
  const id = useId();
  const { email, setEmail, state, outcome, submit } = useAddressForm(async (address) => {
    const { subscribeNewsletter } = await import("@/features/contact/subscribe");
    await subscribeNewsletter(transport, address, i18n.language);
  });

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-white">
        {t("newsletter.title")}
      </h2>
      <p className="mt-1 text-sm">{t("newsletter.text")}</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t("newsletter.email")}
        </label>
        <input
          id={id}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("newsletter.placeholder")}
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn btn-primary" disabled={state === "sending"}>
          {t("newsletter.submit")}
        </button>
      </div>
      <label className="mt-2 flex items-start gap-2 text-xs">
        <input type="checkbox" required className="mt-0.5" />
        <span>
          {t("newsletter.consent")}{" "}
          <Link to="/privacy-policy" className="underline">
            {t("newsletter.privacy")}
          </Link>
        </span>
      </label>
      <p role="status" className={`mt-2 min-h-5 text-sm ${state === "sent" ? "text-green-300" : "text-amber-200"}`}>
        {outcome ? t(`newsletter.${outcome}`) : ""}
      </p>
    </form>
  );
}
