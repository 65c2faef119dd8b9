import { useTranslation } from "react-i18next";

/**
 * AgeDeclaration is the confirm step's tick box for a cart holding alcohol
 * or other adults-only goods: the server refuses the order without it
 * (AGE_DECLARATION_REQUIRED) and the carrier checks ID on delivery.
 */
export function AgeDeclaration({ checked, onChange, missing }: { checked: boolean; onChange: (v: boolean) => void; missing: boolean }) {
  const { t } = useTranslation("cart");
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3">
      <label className="flex items-start gap-2 text-sm">
        <input
          id="age-declaration"
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0"
          checked={checked}
          aria-invalid={missing}
          aria-describedby={missing ? "age-declaration-error" : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t("age.declare")}</span>
      </label>
      {missing && (
        <p id="age-declaration-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {t("age.required")}
        </p>
      )}
    </div>
  );
}
