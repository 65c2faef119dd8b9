import { useTranslation } from "react-i18next";
import type { Allergen } from "@gen/sabores/v1/food_pb";
import { allergenKeys } from "@/lib/allergens";

/**
 * AllergenFilter is the listings' "without allergen X" filter: a
 * disclosure of 14 checkboxes, open while a filter is set.
 */
export function AllergenFilter({ value, onChange }: { value: Allergen[]; onChange: (next: Allergen[]) => void }) {
  const { t } = useTranslation("catalog");
  const { t: tc } = useTranslation();
  const toggle = (a: Allergen, on: boolean) => onChange(on ? [...value, a] : value.filter((v) => v !== a));
  return (
    <details className="w-full rounded-lg border border-stone-200 p-3" open={value.length > 0}>
      <summary className="cursor-pointer font-medium">
        {value.length ? t("allergenFilter.summaryN", { count: value.length }) : t("allergenFilter.summary")}
      </summary>
      <fieldset className="mt-2">
        <legend className="sr-only">{t("allergenFilter.legend")}</legend>
        <p className="text-sm text-stone-600">{t("allergenFilter.note")}</p>
        <div className="mt-2 grid grid-cols-1 gap-1 min-[360px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5">
          {allergenKeys.map(([a, key]) => (
            <label key={key} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={value.includes(a)}
                onChange={(e) => toggle(a, e.target.checked)}
              />
              {tc(`allergens.${key}`)}
            </label>
          ))}
        </div>
        {value.length > 0 && (
          <button type="button" className="btn btn-ghost mt-2 text-sm" onClick={() => onChange([])}>
            {t("allergenFilter.clear")}
          </button>
        )}
      </fieldset>
    </details>
  );
}
