import { Navigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useMyWithdrawalOptions, useWithdrawMyOrder } from "@/features/account/api/withdrawal";
import { WithdrawalFlow } from "@/features/account/components/withdrawal/withdrawal-flow";
import { useSession } from "@/hooks/use-session";
import { useApiLanguage } from "@/lib/api-language";
import { errorCode } from "@/lib/connect-errors";

/** WithdrawOrderRoute is /orders/:id/withdraw: the withdrawal function for a signed-in client's order. */
export default function WithdrawOrderRoute() {
  const { t } = useTranslation("account");
  const { id = "" } = useParams();
  const orderId = /^[0-9]{1,15}$/.test(id) ? BigInt(id) : 0n;
  const { viewer, resolved } = useSession();
  const options = useMyWithdrawalOptions(orderId, resolved && viewer !== "guest" && orderId > 0n);
  const withdraw = useWithdrawMyOrder();
  const language = useApiLanguage();

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to={`/auth?redirect=${encodeURIComponent(`orders/${id}/withdraw`)}`} replace />;
  return (
    <div className="container-page max-w-2xl space-y-4 py-6">
      <Seo title={t("withdrawal.metaTitle")} />
      <BackLink to="/orders">{t("orders.title")}</BackLink>
      <h1 className="text-2xl font-bold">{t("orders.number", { id })}</h1>
      {options.isPending ? (
        <Spinner />
      ) : options.isError ? (
        <ErrorBox>{errorCode(options.error) === Code.NotFound ? t("withdrawal.notFound") : t("withdrawal.loadError")}</ErrorBox>
      ) : (
        <WithdrawalFlow
          options={options.data.options!}
          pending={withdraw.isPending}
          error={withdraw.error}
          result={withdraw.data?.withdrawal}
          submit={(lines) => withdraw.mutate({ orderId, lines, language })}
        />
      )}
    </div>
  );
}
