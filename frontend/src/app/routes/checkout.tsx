import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { ErrorBox } from "@/components/ui/error-box";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { cartLinesInput, useValidateCart } from "@/features/cart/api/cart";
import { CartSummary } from "@/features/cart/components/cart-summary";
import { limitProblem, lineProblems, paymentMethods, usePlaceOrder } from "@/features/cart/api/place-order";
import { checkoutSteps, type DeliveryForm, type PaymentChoice } from "@/features/cart/checkout-types";
import { DeliveryStep } from "@/features/cart/components/delivery-step";
import { OrderLines } from "@/features/cart/components/order-lines";
import { PaymentStep } from "@/features/cart/components/payment-step";
import { forgetIdempotencyKey, idempotencyKeyFor } from "@/features/cart/idempotency-key";
import { useSession } from "@/hooks/use-session";
import { errorCode } from "@/lib/connect-errors";
import { useCart } from "@/stores/cart-store";

function Progress({ step }: { step: number }) {
  const { t } = useTranslation("cart");
  return (
    <div className="mb-6">
      <ol className="grid grid-cols-4 gap-2 text-center text-xs sm:text-sm">
        {checkoutSteps.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? "step" : undefined}
            className={`rounded-md px-1 py-2 font-semibold ${i <= step ? "bg-brand-700 text-white" : "bg-stone-200 text-stone-700"}`}
          >
            {t(`steps.${s}`)}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-stone-700">{t("stepOf", { step: step + 1, total: checkoutSteps.length })}</p>
    </div>
  );
}

/** CheckoutRoute is /checkout: Revisión, Entrega, Pago and Confirmación. */
export default function CheckoutRoute() {
  const { t } = useTranslation("cart");
  const navigate = useNavigate();
  const toast = useToast();
  const { items, clear } = useCart();
  const { user, viewer, resolved } = useSession();
  const priced = useValidateCart(items);
  const place = usePlaceOrder();
  const [step, setStep] = useState(0);
  const [delivery, setDelivery] = useState<DeliveryForm | null>(null);
  const [payment, setPayment] = useState<PaymentChoice>("card");

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to="/auth?redirect=checkout" replace />;
  if (items.length === 0 && !place.isSuccess) return <Navigate to="/cart" replace />;

  const form: DeliveryForm = delivery ?? {
    name: user?.name ?? "",
    email: user?.email ?? "",
    phone: "",
    address: "",
    city: "",
    zipCode: "",
  };

  const finish = () => {
    const request = {
      lines: cartLinesInput(items),
      delivery: {
        name: form.name.trim(),
        email: form.email.trim(),
        phone: form.phone.trim(),
        address: form.address.trim(),
        city: form.city.trim(),
        postalCode: form.zipCode.trim(),
      },
      paymentMethod: paymentMethods[payment],
    };
    // The same cart, delivery and payment is the same order: retries reuse its key.
    const idempotencyKey = idempotencyKeyFor(
      JSON.stringify({ lines: items.map((i) => [i.id, i.quantity]), delivery: request.delivery, payment }),
    );
    place.mutate(
      { ...request, idempotencyKey },
      {
        onSuccess: () => {
          forgetIdempotencyKey();
          clear();
          toast({ title: t("success") });
          void navigate("/");
        },
      },
    );
  };

  const problems = lineProblems(place.error);
  const limit = limitProblem(place.error);
  const placeError = place.isError
    ? limit
      ? t(`limits.${limit.reason}`, limit)
      : errorCode(place.error) === Code.FailedPrecondition
      ? t("stockProblem")
      : errorCode(place.error) === Code.Unauthenticated
        ? t("sessionExpired")
        : t("placeError")
    : null;

  return (
    <div className="container-page py-6">
      <Seo title={t("checkoutMetaTitle")} />
      <h1 className="mb-4 text-3xl font-bold">{t("checkoutTitle")}</h1>
      <Progress step={step} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className="card p-4" aria-labelledby="step-title">
          <h2 id="step-title" className="mb-4 text-xl font-bold">
            {t(`steps.${checkoutSteps[step]}`)}
          </h2>
          {step === 0 && (
            <>
              <OrderLines items={items} priced={priced.data} />
              <div className="mt-4 flex justify-between gap-2">
                <button type="button" className="btn btn-outline" onClick={() => void navigate("/cart")}>
                  {t("back")}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={priced.data ? !priced.data.valid : false}
                  onClick={() => setStep(1)}
                >
                  {t("continue")}
                </button>
              </div>
            </>
          )}
          {step === 1 && (
            <DeliveryStep
              defaults={form}
              onBack={() => setStep(0)}
              onNext={(d) => {
                setDelivery(d);
                setStep(2);
              }}
            />
          )}
          {step === 2 && (
            <PaymentStep
              value={payment}
              onBack={() => setStep(1)}
              onNext={(p) => {
                setPayment(p);
                setStep(3);
              }}
            />
          )}
          {step === 3 && (
            <div className="space-y-4">
              <div>
                <h3 className="font-semibold">{t("confirm.delivery")}</h3>
                <address className="not-italic text-sm text-stone-800">
                  {form.name}
                  <br />
                  {form.email} · {form.phone}
                  <br />
                  {form.address}, {form.zipCode} {form.city}
                </address>
              </div>
              <div>
                <h3 className="font-semibold">{t("confirm.payment")}</h3>
                <p className="text-sm">{t(`payment.${payment}`)}</p>
              </div>
              <OrderLines items={items} priced={priced.data} problems={problems} />
              {placeError && <ErrorBox>{placeError}</ErrorBox>}
              <div className="flex justify-between gap-2">
                <button type="button" className="btn btn-outline" onClick={() => setStep(2)} disabled={place.isPending}>
                  {t("back")}
                </button>
                <button type="button" className="btn btn-primary" onClick={finish} disabled={place.isPending}>
                  {place.isPending ? t("placing") : t("finish")}
                </button>
              </div>
            </div>
          )}
        </section>
        <CartSummary priced={priced.data} />
      </div>
    </div>
  );
}
