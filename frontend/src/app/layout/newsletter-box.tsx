import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";

/**
 * NewsletterBox takes an email and confirms for 3 s. Like the spec's shop it
 * sends nothing anywhere: there is no newsletter service yet.
 */
export function NewsletterBox() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState("");
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 3000);
    return () => clearTimeout(timer);
  }, [done]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    setEmail("");
    setDone(true);
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`}>
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
        <button type="submit" className="btn btn-primary">
          {t("newsletter.submit")}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-green-300">
        {done ? t("newsletter.success") : ""}
      </p>
    </form>
  );
}
