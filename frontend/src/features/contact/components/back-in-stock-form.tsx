import { useId } from "react";
import { Link } from "react-router";
import { useTransport } from "@connectrpc/connect-query";
import { useTranslation } from "react-i18next";
import { useAddressForm } from "@/features/contact/use-address-form";

/**
 * BackInStockForm is on a sold-out product: a shopper leaves an address to
 * be e-mailed once when it is back, for that purpose only, stated beside
 * the box. The server e-mails a link to confirm first (double opt-in), so
 * the form says to check the inbox.
 */
export function BackInStockForm({ productId }: { productId: bigint }) {
  const { t, i18n } = useTranslation("catalog");
  const transport = useTransport();
  const id = useId();
  const { email, setEmail, state, outcome, submit } = useAddressForm(async (address) => {
    const { requestBackInStock } = await import("@/features/contact/back-in-stock");
    await requestBackInStock(transport, productId, address, i18n.language);
  });

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        {t("backInStock.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("backInStock.purpose")}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {t("backInStock.email")}
        </label>
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("backInStock.email")}
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn btn-primary" disabled={state === "sending"}>
          {t("backInStock.submit")}
        </button>
      </div>
      <label className="mt-2 flex items-start gap-2 text-sm">
        <input type="checkbox" required className="mt-1" />
        <span>
          {t("backInStock.consent")}{" "}
          <Link to="/privacy-policy" className="underline">
            {t("backInStock.privacy")}
          </Link>
        </span>
      </label>
      <p role="status" className={`mt-2 min-h-5 text-sm ${state === "sent" ? "text-green-800" : "text-red-800"}`}>
        {outcome ? t(`backInStock.${outcome}`) : ""}
      </p>
    </form>
  );
}
