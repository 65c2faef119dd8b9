import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useCountryConfigs } from "@/features/admin/visibility/api/country-configs";
import { CountryConfigForm } from "@/features/admin/visibility/components/country-config-form";

/** CountryConfig is /admin/config: every country's home tile, saved on the server. */
export default function CountryConfig() {
  const { t } = useTranslation("admin");
  const { data, isPending, isError, refetch } = useCountryConfigs();
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.config")}</h1>
      <p className="text-stone-700">{t("config.intro")}</p>
      {isPending && <Spinner label={t("loading")} />}
      {isError && (
        <ErrorBox className="flex flex-wrap items-center gap-3">
          <span>{t("loadError")}</span>
          <button type="button" className="btn btn-outline" onClick={() => void refetch()}>
            {t("dashboard.retry")}
          </button>
        </ErrorBox>
      )}
      {data?.countries.map((c) => <CountryConfigForm key={c.slug} country={c} />)}
    </div>
  );
}
