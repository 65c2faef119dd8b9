import { useId } from "react";
import { useTranslation } from "react-i18next";

/** parseQuantity reads the stepper's text: empty or invalid input counts as 1. */
export function parseQuantity(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * QuantityStepper is a labelled number field with minus/plus buttons; minus
 * stops at 1, plus stops at max when one is given.
 */
export function QuantityStepper({
  value,
  onChange,
  max,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  max?: number;
  label?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const n = parseQuantity(value);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label ?? t("quantity")}
      </label>
      <div className="mt-1 inline-flex items-center rounded-lg border border-stone-300 bg-white">
        <button
          type="button"
          className="h-10 w-10 text-lg disabled:opacity-40"
          onClick={() => onChange(String(Math.max(1, n - 1)))}
          disabled={n <= 1}
          aria-label={t("decrease")}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => onChange(String(n))}
          className="h-10 w-16 border-x border-stone-300 text-center"
        />
        <button
          type="button"
          className="h-10 w-10 text-lg disabled:opacity-40"
          onClick={() => onChange(String(n + 1))}
          disabled={max !== undefined && n >= max}
          aria-label={t("increase")}
        >
          +
        </button>
      </div>
    </div>
  );
}
