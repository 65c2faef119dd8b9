import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useShopSettings } from "@/features/admin/settings/api/shop-settings";
import { labelKey } from "@/features/admin/settings/components/shop-settings-form";

/** ShopSettingsChecklist lists on the admin home the shop details still samples or empty; nothing when all are set. */
export function ShopSettingsChecklist() {
  const { t } = useTranslation("admin");
  const { data } = useShopSettings();
  const unfinished = data?.unfinished ?? [];
  if (unfinished.length === 0) return null;
  return (
    <section aria-labelledby="shop-checklist" className="card border-yellow-300 bg-yellow-50 p-4">
      <h2 id="shop-checklist" className="font-bold">
        {t("shopSettings.checklistTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("shopSettings.checklistText")}</p>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {unfinished.map((f) => (
          <li key={f} className="rounded-full bg-white px-3 py-0.5 ring-1 ring-yellow-300">
            {t(`shopSettings.fields.${labelKey(f)}`)}
          </li>
        ))}
      </ul>
      <Link to="/admin/shop-settings" className="btn btn-primary mt-3">
        {t("shopSettings.complete")}
      </Link>
    </section>
  );
}
