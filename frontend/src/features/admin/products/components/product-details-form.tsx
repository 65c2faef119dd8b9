import { useId } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { vatPresets } from "@/features/admin/shared/lib/decimal-input";
import { onlineCategories } from "@/features/admin/shared/lib/online-categories";
import {
  customVat,
  fieldOfPath,
  productCategories,
  validPrice,
  validVat,
  validWeight,
  type DetailsField,
  type DetailsValues,
} from "@/features/admin/products/lib/product-details";
import { fieldViolations } from "@/features/admin/shared/lib/field-violations";
import { errorCode, errorInfos } from "@/lib/connect-errors";
import type { Country } from "@gen/sabores/v1/types_pb";

const codePattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** serverErrors maps a refused save to messages per field; an empty map means nothing the form can place. */
export function serverErrors(err: unknown): Partial<Record<DetailsField, string>> {
  const out: Partial<Record<DetailsField, string>> = {};
  for (const info of errorInfos(err)) {
    const f = info.metadata.field ? fieldOfPath(info.metadata.field) : undefined;
    if (f) out[f] = `errors.${info.reason}`;
  }
  if (errorCode(err) === Code.InvalidArgument) {
    for (const path of Object.keys(fieldViolations(err))) {
      const f = fieldOfPath(path);
      if (f && !out[f]) out[f] = `errors.invalid.${f}`;
    }
  }
  return out;
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined) => React.ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * ProductDetailsForm creates or edits a product's details: identity, origin,
 * price with the VAT presets or a custom rate, storefront sections, and on
 * creation the stock received. The server's refusals land beside their field.
 * countries are the origins to pick from (the visibility resource's list,
 * handed in by the screen), undefined while they load.
 */
export function ProductDetailsForm({
  initial,
  creating,
  pending,
  countries,
  onSubmit,
}: {
  initial: DetailsValues;
  creating: boolean;
  pending: boolean;
  countries: readonly Country[] | undefined;
  onSubmit: (values: DetailsValues, fail: (err: unknown) => boolean) => void;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<DetailsValues>({ defaultValues: initial });
  const preset = watch("vatPreset");
  const message = (f: DetailsField) => {
    const m = errors[f]?.message;
    return m ? t(`catalogue.${m}`) : undefined;
  };
  const submit = handleSubmit((values) =>
    onSubmit(values, (err) => {
      const byField = serverErrors(err);
      for (const [f, m] of Object.entries(byField)) setError(f as DetailsField, { type: "server", message: m });
      return Object.keys(byField).length > 0;
    }),
  );
  const input = (f: DetailsField, reg: UseFormRegisterReturn, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field id={`${id}-${f}`} label={t(`catalogue.fields.${f}`)} error={message(f)} hint={t(`catalogue.hints.${f}`, { defaultValue: "" }) || undefined}>
      {(describedBy) => (
        <input
          id={`${id}-${f}`}
          className="input"
          autoComplete="off"
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={describedBy}
          {...extra}
          {...reg}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="card space-y-4 p-4 sm:p-6" aria-label={t(creating ? "catalogue.newTitle" : "catalogue.detailsTab")}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">{input("name", register("name", { validate: (v) => v.trim() !== "" || "errors.required" }))}</div>
        {input("code", register("code", { required: "errors.required", pattern: { value: codePattern, message: "errors.invalid.code" } }))}
        {input("sku", register("sku", { required: "errors.required", pattern: { value: codePattern, message: "errors.invalid.sku" } }))}
        {input("ean", register("ean", { pattern: { value: /^([0-9]{8}|[0-9]{12,14})?$/, message: "errors.invalid.ean" } }), { inputMode: "numeric" })}
        {input("brand", register("brand", { maxLength: { value: 100, message: "errors.invalid.brand" } }))}
        <Field id={`${id}-category`} label={t("catalogue.fields.category")}>
          {() => (
            <select id={`${id}-category`} className="input" {...register("category")}>
              {productCategories.map((c) => (
                <option key={c} value={c}>
                  {t(`catalogue.categories.${c}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-country`} label={t("catalogue.fields.country")} error={message("country")}>
          {() => (
            <select id={`${id}-country`} className="input" {...register("country")}>
              <option value="">{t("catalogue.noCountry")}</option>
              {countries?.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* Text with a decimal keyboard: prices are typed with a comma. */}
        {input("price", register("price", { validate: (v) => validPrice(v) || "errors.invalid.price" }), { inputMode: "decimal" })}
        <Field id={`${id}-vat`} label={t("edit.vat")}>
          {() => (
            <select id={`${id}-vat`} className="input" {...register("vatPreset")}>
              {vatPresets.map((v) => (
                <option key={v} value={String(v)}>
                  {v}%
                </option>
              ))}
              <option value={customVat}>{t("edit.customVat")}</option>
            </select>
          )}
        </Field>
        {preset === customVat &&
          input(
            "customVat",
            register("customVat", { validate: (v, all) => all.vatPreset !== customVat || validVat(v) || "errors.invalid.customVat" }),
            { inputMode: "decimal" },
          )}
        {input(
          "shippingWeight",
          register("shippingWeight", { validate: (v) => validWeight(v) || "errors.invalid.shippingWeight" }),
          { inputMode: "numeric" },
        )}
        {creating &&
          input(
            "initialStock",
            register("initialStock", { validate: (v) => /^\d{1,7}$/.test(v.trim()) || "errors.invalid.initialStock" }),
            { inputMode: "numeric" },
          )}
        <div className="sm:col-span-2">
          <Field id={`${id}-description`} label={t("catalogue.fields.description")} error={message("description")}>
            {(describedBy) => (
              <textarea id={`${id}-description`} className="input min-h-20" aria-describedby={describedBy} {...register("description")} />
            )}
          </Field>
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("product.onlineCategories")}</legend>
        <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3">
          {onlineCategories.map((c) => (
            <label key={c} className="flex min-h-8 items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-brand-700" value={c} {...register("onlineCategories")} />
              {t(`onlineCategory.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {t("catalogue.fixErrors")}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t(creating ? "catalogue.create" : "edit.save")}
        </button>
      </div>
    </form>
  );
}
