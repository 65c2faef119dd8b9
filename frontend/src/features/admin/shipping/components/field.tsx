import { useId, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import type { ShippingError } from "@/features/admin/shipping/lib/errors";

/** ShippingField is a labelled input of the shipping desk with the server's complaint beneath it. */
export function ShippingField({
  label,
  error,
  hint,
  className = "",
  ...input
}: { label: string; error?: ShippingError; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation("admin");
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input ${error ? "border-red-600" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        {...input}
      />
      {(error || hint) && (
        <p id={`${id}-note`} className={`mt-1 text-xs ${error ? "text-sm text-red-700" : "text-stone-600"}`}>
          {error ? t(error.key, error.values) : hint}
        </p>
      )}
    </div>
  );
}
