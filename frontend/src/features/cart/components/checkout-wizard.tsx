import { useCallback, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useCart } from "@/stores/cart-store";
import { useValidateCart } from "@/features/cart/api/cart";
import { usePlaceOrder } from "@/features/cart/api/place-order";
import { checkoutSteps, type DeliveryForm, type PaymentChoice } from "@/features/cart/checkout-types";
import { CartSummary } from "@/features/cart/components/cart-summary";
import { CheckoutProgress } from "@/features/cart/components/checkout-progress";
import { ConfirmStep } from "@/features/cart/components/confirm-step";
import { DeliveryStep } from "@/features/cart/components/delivery-step";
import { OrderLines } from "@/features/cart/components/order-lines";
import { PaymentStep } from "@/features/cart/components/payment-step";
import { StepButtons } from "@/features/cart/components/step-buttons";
import { DiscountCodeField } from "@/features/cart/components/discount-code-field";
import { useDiscountCode } from "@/features/cart/discount-code";
import type { Order } from "@gen/sabores/v1/types_pb";

/**
 * CheckoutWizard walks the cart through Revisión, Entrega, Pago and
 * Confirmación and places the order; onPlaced runs with the order once it is
 * in and the cart is emptied. An empty cart (unless just ordered) goes back
 * to /cart.
 */
export function CheckoutWizard({
  recipient,
  onPlaced,
}: {
  recipient: { name: string; email: string };
  onPlaced: (order: Order) => void;
}) {
  const { t } = useTranslation("cart");
  const navigate = useNavigate();
  const { items, clear } = useCart();
  const [delivery, setDelivery] = useState<DeliveryForm | null>(null);
  const [shippingMethod, setShippingMethod] = useState("");
  const [step, setStep] = useState(0);
  // On the delivery step the summary prices the cart for the postal code as
  // it is typed (the real shipping, not "from", once it is a postal code);
  // past it, for the delivery's postal code and shipping method, as the
  // delivery step last asked (the same query, answered from the cache).
  const [draft, setDraft] = useState({ postalCode: "", method: "" });
  const onQuote = useCallback((postalCode: string, method: string) => setDraft({ postalCode, method }), []);
  const quoteFor = step > 1 ? { postalCode: delivery?.zipCode, method: shippingMethod } : step === 1 ? draft : { postalCode: undefined, method: undefined };
  const [discountCode, setDiscountCode] = useDiscountCode();
  const priced = useValidateCart(items, quoteFor.postalCode, quoteFor.method, discountCode);
  const place = usePlaceOrder();
  const [payment, setPayment] = useState<PaymentChoice | null>(null);

  if (items.length === 0 && !place.isSuccess) return <Navigate to="/cart" replace />;

  const form: DeliveryForm = delivery ?? { ...recipient, phone: "", address: "", city: "", zipCode: "" };
  const finish = (ageDeclared: boolean) => {
    if (!payment) return;
    // A code the cart shows as refused is not sent: the order goes without it, as the summary says.
    const code = priced.data?.discount && !priced.data.discount.refusal ? discountCode : "";
    place.placeOrder({ items, delivery: form, payment, ageDeclared, shippingMethod, discountCode: code }, (order) => {
      clear();
      setDiscountCode("");
      onPlaced(order);
    });
  };

  return (
    <>
      <CheckoutProgress step={step} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className="card p-4" aria-labelledby="step-title">
          <h2 id="step-title" className="mb-4 text-xl font-bold">
            {t(`steps.${checkoutSteps[step]}`)}
          </h2>
          {step === 0 && (
            <>
              <OrderLines items={items} priced={priced.data} />
              <StepButtons
                className="mt-4 flex justify-between gap-2"
                onBack={() => void navigate("/cart")}
                onNext={() => setStep(1)}
                nextDisabled={priced.data ? !priced.data.valid : false}
              />
            </>
          )}
          {step === 1 && (
            <DeliveryStep
              items={items}
              defaults={form}
              method={shippingMethod}
              onBack={() => setStep(0)}
              onQuote={onQuote}
              onNext={(d, method) => {
                setDelivery(d);
                setShippingMethod(method);
                setStep(2);
              }}
            />
          )}
          {step === 2 && (
            <PaymentStep
              items={items}
              value={payment}
              onBack={() => setStep(1)}
              onNext={(p) => {
                setPayment(p);
                setStep(3);
              }}
            />
          )}
          {step === 3 && payment && (
            <ConfirmStep
              items={items}
              priced={priced.data}
              delivery={form}
              payment={payment}
              place={place}
              onBack={() => setStep(2)}
              onFinish={finish}
            />
          )}
        </section>
        <CartSummary priced={priced.data} areaNotice={step !== 1}>
          <DiscountCodeField code={discountCode} onCode={setDiscountCode} priced={priced.data} />
        </CartSummary>
      </div>
    </>
  );
}
