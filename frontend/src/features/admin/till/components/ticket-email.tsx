import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ticketLanguage, useEmailTicket } from "@/features/admin/till/api/till";
import { refusalOf } from "@/features/admin/till/lib/refusal";

/** TicketEmail sends a sale's ticket (its PDF) to the address the customer gives. */
export function TicketEmail({ saleId }: { saleId: bigint }) {
  const { t, i18n } = useTranslation("till");
  const id = useId();
  const send = useEmailTicket();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState("");
  const refusal = send.isError ? refusalOf(send.error) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSentTo("");
    const to = email.trim();
    send.mutate({ saleId, email: to, language: ticketLanguage(i18n.language) }, { onSuccess: () => setSentTo(to) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="card space-y-2 p-3 print:hidden">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t("email.title")}
      </h2>
      <label htmlFor={`${id}-email`} className="block text-sm font-medium">
        {t("email.label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          className="input min-w-0 flex-1"
          value={email}
          aria-invalid={refusal?.key === "emailInvalid" ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {t("email.send")}
        </button>
      </div>
      {refusal && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {t(`refusal.${refusal.key}`)}
        </p>
      )}
      {sentTo && !send.isPending && (
        <p role="status" className="text-sm text-green-800">
          {t("email.sent", { email: sentTo })}
        </p>
      )}
    </form>
  );
}
