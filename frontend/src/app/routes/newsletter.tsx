import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { errorInfos } from "@/lib/connect-errors";
import { useConfirmBackInStock, useConfirmNewsletter, useUnsubscribeNewsletter } from "@/features/contact/api/contact";

/**
 * NewsletterRoute is /newsletter?confirmar=… (the link of the confirmation
 * e-mail) and /newsletter?baja=… (the unsubscribe link of every newsletter
 * e-mail), and /newsletter?aviso=… (the link confirming a back-in-stock
 * alert). It acts on a button press, not on load: mail scanners that open
 * links must not subscribe or unsubscribe anyone.
 */
export default function NewsletterRoute() {
  const { t } = useTranslation("legal");
  const [sp] = useSearchParams();
  const confirmToken = sp.get("confirmar");
  const leaveToken = sp.get("baja");
  const stockToken = sp.get("aviso");
  const confirm = useConfirmNewsletter();
  const leave = useUnsubscribeNewsletter();
  const stock = useConfirmBackInStock();
  const action = confirmToken ? "confirm" : leaveToken ? "unsubscribe" : stockToken ? "stock" : undefined;
  const m = action === "confirm" ? confirm : action === "stock" ? stock : leave;
  const reason = errorInfos(m.error)[0]?.reason;

  return (
    <div className="container-page max-w-2xl py-8">
      <Seo title={t("newsletter.metaTitle")} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{t(`newsletter.${action ?? "missing"}.title`)}</h1>
      {!action ? (
        <p className="mt-4 text-stone-700">{t("newsletter.missing.text")}</p>
      ) : m.isSuccess ? (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
          {t(`newsletter.${action}.done`, { email: m.data.email })}
        </p>
      ) : (
        <>
          <p className="mt-4 text-stone-700">{t(`newsletter.${action}.text`)}</p>
          <button
            type="button"
            className="btn btn-primary mt-6"
            disabled={m.isPending}
            onClick={() =>
              action === "confirm"
                ? confirm.mutate({ token: confirmToken ?? "" })
                : action === "stock"
                  ? stock.mutate({ token: stockToken ?? "" })
                  : leave.mutate({ token: leaveToken ?? "" })
            }
          >
            {t(`newsletter.${action}.button`)}
          </button>
          {m.isError && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
              {t(
                reason === "NEWSLETTER_LINK_INVALID" || reason === "BACK_IN_STOCK_LINK_INVALID"
                  ? "newsletter.invalid"
                  : reason === "NEWSLETTER_UNSUBSCRIBED"
                    ? "newsletter.ended"
                    : reason === "BACK_IN_STOCK_CLOSED"
                      ? "newsletter.stock.closed"
                      : "newsletter.failed",
              )}
            </p>
          )}
        </>
      )}
    </div>
  );
}
