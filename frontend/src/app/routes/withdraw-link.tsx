import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useLinkWithdrawalOptions, useWithdrawByLink } from "@/features/account/api/withdrawal";
import { WithdrawalFlow } from "@/features/account/components/withdrawal/withdrawal-flow";
import { useApiLanguage } from "@/lib/api-language";

/**
 * WithdrawLinkRoute is /desistir#TOKEN, the signed link of the order
 * e-mail: the withdrawal function without signing in. The page is not
 * indexed and the token travels only in request bodies.
 */
export default function WithdrawLinkRoute() {
  const { t } = useTranslation("account");
  // The token is the URL's fragment (/desistir#TOKEN), which browsers never
  // send to the server: it stays out of access logs and Referer headers.
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ""));
  const options = useLinkWithdrawalOptions(token);
  const withdraw = useWithdrawByLink();
  const language = useApiLanguage();
  return (
    <div className="container-page max-w-2xl space-y-4 py-6">
      <Seo title={t("withdrawal.metaTitle")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">
        {options.data ? t("orders.number", { id: options.data.options?.orderId }) : t("withdrawal.title")}
      </h1>
      {options.isPending ? (
        <Spinner />
      ) : options.isError ? (
        <ErrorBox>{t("withdrawal.linkInvalid")}</ErrorBox>
      ) : (
        <WithdrawalFlow
          options={options.data.options!}
          pending={withdraw.isPending}
          error={withdraw.error}
          result={withdraw.data?.withdrawal}
          submit={(lines) => withdraw.mutate({ token, lines, language })}
        />
      )}
    </div>
  );
}
