import { useId } from "react";
import { useTranslation } from "react-i18next";
import { tileStyles } from "@/components/ui/tile-styles";

/**
 * TileStyleChoice picks a country tile's background among the styles the
 * storefront's stylesheet holds, as radio buttons with a swatch each: a
 * free class string could name a class the build left out.
 */
export function TileStyleChoice({ value, error, onChange }: { value: string; error?: string; onChange: (classes: string) => void }) {
  const { t } = useTranslation("admin");
  const id = useId();
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 block text-sm font-medium">{t("config.fields.backgroundClasses")}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {tileStyles.map((s) => (
          <label
            key={s.key}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-200 p-1.5 text-xs has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
          >
            <input
              type="radio"
              name={`${id}-style`}
              value={s.classes}
              checked={value === s.classes}
              onChange={() => onChange(s.classes)}
              className="sr-only"
            />
            <span aria-hidden="true" className={`h-6 w-8 shrink-0 rounded bg-brand-700 bg-gradient-to-br ${s.classes}`} />
            {t(`config.styles.${s.key}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {t("config.hints.backgroundClasses")}
        </p>
      )}
    </fieldset>
  );
}
