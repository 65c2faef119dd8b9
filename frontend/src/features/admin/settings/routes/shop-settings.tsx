import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useShopSettings } from "@/features/admin/settings/api/shop-settings";
import { ShopSettingsForm } from "@/features/admin/settings/components/shop-settings-form";

/** ShopSettings is /admin/shop-settings: the shop's identity, contact details, hours and IBAN. */
export default function ShopSettings() {
  const { t } = useTranslation("admin");
  const { data, isPending, isError } = useShopSettings();
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("back")}</BackLink>
      <h1 className="text-2xl font-bold">{t("shopSettings.title")}</h1>
      <p className="max-w-2xl text-stone-700">{t("shopSettings.intro")}</p>
      {isPending ? (
        <Spinner label={t("loading")} />
      ) : isError ? (
        <ErrorBox>{t("loadError")}</ErrorBox>
      ) : (
        <ShopSettingsForm settings={data.settings} unfinished={data.unfinished} />
      )}
    </div>
  );
}
