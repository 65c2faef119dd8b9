import { useId } from "react";
import { useForm, type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { StepButtons } from "@/features/cart/components/step-buttons";
import type { DeliveryForm } from "@/features/cart/checkout-types";
import { deliveryMaxLength, deliveryProblem } from "@/features/cart/delivery-rules";

// invalidText names the fields whose format the contract checks.
const invalidText: Partial<Record<keyof DeliveryForm, string>> = {
  email: "form.email_invalid",
  phone: "form.phone_invalid",
  zipCode: "form.zipCode_invalid",
};

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
  // The server's rules (DeliveryInput in order_service.proto), so the shopper
  // hears about mistakes before sending.
  const rules = (field: keyof DeliveryForm) => ({
    validate: (value: string) => {
      const problem = deliveryProblem(field, value);
      if (problem === "required") return t("form.required");
      if (problem === "tooLong") return t("form.too_long", { max: deliveryMaxLength(field) });
      if (problem === "invalid") return t(invalidText[field] ?? "form.required");
      return true;
    },
  });
  return (
    <form onSubmit={handleSubmit(onNext)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.name")} autoComplete="name" error={e.name} registration={register("name", rules("name"))} />
        <Field
          label={t("form.email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={e.email}
          registration={register("email", rules("email"))}
        />
        <Field
          label={t("form.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={e.phone}
          registration={register("phone", rules("phone"))}
        />
        <Field label={t("form.address")} autoComplete="street-address" error={e.address} registration={register("address", rules("address"))} />
        <Field label={t("form.city")} autoComplete="address-level2" error={e.city} registration={register("city", rules("city"))} />
        <Field
          label={t("form.zipCode")}
          inputMode="numeric"
          autoComplete="postal-code"
          error={e.zipCode}
          registration={register("zipCode", rules("zipCode"))}
        />
      </div>
      <StepButtons onBack={onBack} />
    </form>
  );
}
