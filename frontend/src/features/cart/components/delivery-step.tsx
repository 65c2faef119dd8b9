import { useEffect, useId, useState } from "react";
import { useForm, useWatch, type FieldError, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CartItem } from "@/stores/cart-rules";
import { useColdChainAreas } from "@/hooks/use-cold-chain-areas";
import { useValidateCart } from "@/features/cart/api/cart";
import { ShippingOptions } from "@/features/cart/components/shipping-options";
import { StepButtons } from "@/features/cart/components/step-buttons";
import type { DeliveryForm } from "@/features/cart/checkout-types";
import { deliveryMaxLength, deliveryProblem } from "@/features/cart/delivery-rules";
import { isPickup, refusalKey } from "@/features/cart/shipping";

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

/** addressFields are the fields a home delivery needs and a pickup does not. */
const addressFields: (keyof DeliveryForm)[] = ["address", "city", "zipCode"];

/**
 * DeliveryStep is step 2: who receives the order, how it ships and where.
 * The methods are priced for the postal code as it is typed (the cheapest
 * home delivery comes chosen); a pickup at the shop needs no address; an
 * area the shop does not serve is refused here, once, with its reason.
 */
export function DeliveryStep({
  items,
  defaults,
  method: defaultMethod,
  onBack,
  onNext,
  onQuote,
}: {
  items: CartItem[];
  defaults: DeliveryForm;
  method: string;
  onBack: () => void;
  onNext: (form: DeliveryForm, method: string) => void;
  /** onQuote hears the postal code (once valid, else "") and method the step prices for, so the summary beside it shows the same quote. */
  onQuote?: (postalCode: string, method: string) => void;
}) {
  const { t } = useTranslation("cart");
  const { register, handleSubmit, formState, control } = useForm<DeliveryForm>({ defaultValues: defaults, mode: "onTouched" });
  const e = formState.errors;
  const [method, setMethod] = useState(defaultMethod);
  const [refused, setRefused] = useState(false);
  const typed = useWatch({ control, name: "zipCode" });
  const zip = deliveryProblem("zipCode", typed) === null ? typed.trim() : "";
  const quote = useValidateCart(items, zip, method);
  useEffect(() => onQuote?.(zip, method), [onQuote, zip, method]);
  const priced = quote.data;
  const chosen = priced?.shippingOptions.find((o) => o.code === (method || priced.shippingMethod) && !o.unavailableReason);
  const pickup = isPickup(chosen);
  const refusal = pickup ? undefined : refusalKey(priced);
  const areas = useColdChainAreas();
  // The server's rules (DeliveryInput in order_service.proto), so the shopper
  // hears about mistakes before sending; a pickup needs no address.
  const rules = (field: keyof DeliveryForm) => ({
    validate: (value: string) => {
      if (pickup && addressFields.includes(field)) return true;
      const problem = deliveryProblem(field, value);
      if (problem === "required") return t("form.required");
      if (problem === "tooLong") return t("form.too_long", { max: deliveryMaxLength(field) });
      if (problem === "invalid") return t(invalidText[field] ?? "form.required");
      return true;
    },
  });
  const submit = (form: DeliveryForm) => {
    // Without options yet (still loading) the shop picks the cheapest
    // home delivery when the order is placed.
    if (refusal || (priced?.shippingOptions.length && !chosen)) {
      setRefused(true);
      return;
    }
    onNext(pickup ? { ...form, address: "", city: "", zipCode: "" } : form, chosen?.code ?? "");
  };
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
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
        {!pickup && (
          <>
            <Field
              label={t("form.zipCode")}
              inputMode="numeric"
              autoComplete="postal-code"
              error={e.zipCode}
              registration={register("zipCode", rules("zipCode"))}
            />
            <Field label={t("form.address")} autoComplete="street-address" error={e.address} registration={register("address", rules("address"))} />
            <Field label={t("form.city")} autoComplete="address-level2" error={e.city} registration={register("city", rules("city"))} />
          </>
        )}
      </div>
      {refusal && (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
          {t(refusal, { areas })}
        </p>
      )}
      <ShippingOptions
        priced={priced}
        value={method}
        onChange={(code) => {
          setMethod(code);
          setRefused(false);
        }}
      />
      {refused && !refusal && !chosen && (
        <p role="alert" className="text-sm text-red-700">
          {t("shippingMethods.choose")}
        </p>
      )}
      <StepButtons onBack={onBack} />
    </form>
  );
}
