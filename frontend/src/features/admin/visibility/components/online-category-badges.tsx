import { useTranslation } from "react-i18next";
import { PackageIcon } from "@/components/ui/icons";
import { isOnlineCategory } from "@/features/admin/shared/lib/online-categories";

/** OnlineCategoryBadges shows a product's online categories; unknown values as typed with a package icon. */
export function OnlineCategoryBadges({ values }: { values: string[] }) {
  const { t } = useTranslation("admin");
  if (values.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("product.onlineCategories")}>
      {values.map((v) => (
        <li
          key={v}
          className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800"
        >
          {isOnlineCategory(v) ? (
            t(`onlineCategory.${v}`)
          ) : (
            <>
              <PackageIcon size={12} />
              {v}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
