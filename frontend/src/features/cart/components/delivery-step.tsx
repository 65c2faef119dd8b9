import { useId } from "react";
import { useForm, type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { DeliveryForm } from "@/features/cart/checkout-types";

// Mirrors the server's rules (DeliveryInput in order_service.proto) so the
// shopper hears about mistakes before sending.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[0-9 ()-]{9,20}$/;
const postalCodePattern = /^[0-9]{5}$/;

function Field({
  label,
  error,
  type = "text",
  autoComplete,
  registration,
  inputMode,
}: {
  label: string;
  error?: FieldError;
  type?: string;
  autoComplete: string;
  registration: UseFormRegisterReturn;
  inputMode?: "numeric" | "tel" | "email";
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`input mt-1 ${error ? "border-red-600" : ""}`}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** DeliveryStep is step 2: who receives the order and where. */
export function DeliveryStep({
  defaults,
  onBack,
  onNext,
}: {
  defaults: DeliveryForm;
  onBack: () => void;
  onNext: (form: DeliveryForm) => void;
}) {
  const { t } = useTranslation("cart");
  const { register, handleSubmit, formState } = useForm<DeliveryForm>({ defaultValues: defaults, mode: "onTouched" });
  const e = formState.errors;
  const required = { value: true, message: t("form.required") };
  return (
    <form onSubmit={handleSubmit(onNext)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.name")} autoComplete="name" error={e.name} registration={register("name", { required })} />
        <Field
          label={t("form.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={e.email}
          registration={register("email", { required, pattern: { value: emailPattern, message: t("form.email_invalid") } })}
        />
        <Field
          label={t("form.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={e.phone}
          registration={register("phone", { required, pattern: { value: phonePattern, message: t("form.phone_invalid") } })}
        />
        <Field label={t("form.address")} autoComplete="street-address" error={e.address} registration={register("address", { required })} />
        <Field label={t("form.city")} autoComplete="address-level2" error={e.city} registration={register("city", { required })} />
        <Field
          label={t("form.zipCode")}
          inputMode="numeric"
          autoComplete="postal-code"
          error={e.zipCode}
          registration={register("zipCode", {
            required,
            pattern: { value: postalCodePattern, message: t("form.zipCode_invalid") },
          })}
        />
      </div>
      <div className="flex justify-between gap-2">
        <button type="button" className="btn btn-outline" onClick={onBack}>
          {t("back")}
        </button>
        <button type="submit" className="btn btn-primary">
          {t("continue")}
        </button>
      </div>
    </form>
  );
}
