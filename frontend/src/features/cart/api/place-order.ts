import { createConnectQueryKey, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { Code } from "@connectrpc/connect";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { OrderService, type PlaceOrderRequestSchema } from "@gen/sabores/v1/order_service_pb";
import { type Order, PaymentMethod } from "@gen/sabores/v1/types_pb";
import { errorCode, errorInfos } from "@/lib/connect-errors";
import type { CartItem } from "@/stores/cart-rules";
import { cartLinesInput } from "@/features/cart/api/cart";
import { CartService } from "@gen/sabores/v1/cart_service_pb";
import type { DeliveryForm, PaymentChoice } from "@/features/cart/checkout-types";
import { forgetIdempotencyKey, idempotencyKeyFor } from "@/features/cart/idempotency-key";

/** paymentMethods maps the form's choice to the API enum. */
export const paymentMethods: Record<PaymentChoice, PaymentMethod> = {
  card: PaymentMethod.CARD,
  bizum: PaymentMethod.BIZUM,
  transfer: PaymentMethod.TRANSFER,
  cash: PaymentMethod.CASH_ON_DELIVERY,
};

/** CheckoutOrder is what the wizard has gathered when the shopper finishes. */
export interface CheckoutOrder {
  items: CartItem[];
  delivery: DeliveryForm;
  payment: PaymentChoice;
  /** ageDeclared: the shopper ticked being 18 or over (needed for adults-only goods). */
  ageDeclared?: boolean;
  /** shippingMethod is the code of the shipping method chosen; "" lets the shop pick the cheapest. */
  shippingMethod?: string;
  /** discountCode is the discount code applied; "" for none. */
  discountCode?: string;
}

/** placeOrderRequest is the PlaceOrder request for a finished checkout, without its idempotency key. */
export function placeOrderRequest({ items, delivery, payment, ageDeclared = false, shippingMethod = "", discountCode = "" }: CheckoutOrder) {
  return {
    lines: cartLinesInput(items),
    delivery: {
      name: delivery.name.trim(),
      email: delivery.email.trim(),
      phone: delivery.phone.trim(),
      address: delivery.address.trim(),
      city: delivery.city.trim(),
      postalCode: delivery.zipCode.trim(),
    },
    paymentMethod: paymentMethods[payment],
    ageDeclared,
    shippingMethod,
    discountCode,
  } satisfies MessageInitShape<typeof PlaceOrderRequestSchema>;
}

/** choiceOf is the form's choice for an API payment method, if the form has one. */
export function choiceOf(method: PaymentMethod): PaymentChoice | undefined {
  return (Object.keys(paymentMethods) as PaymentChoice[]).find((c) => paymentMethods[c] === method);
}

/**
 * usePlaceOrder sends the finished checkout. The same cart, delivery and
 * payment is the same order, so a retry (after a stock failure or a lost
 * answer) reuses its idempotency key; the key is dropped once the order is in.
 * A discount code refused as the order is placed (another order took its
 * last use) must stop showing as applied: the cart's prices are asked again,
 * so the summary drops the discount the order will not have.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const mutation = useMutation(OrderService.method.placeOrder, {
    onError: (error) => {
      if (!errorInfos(error).some((info) => info.reason.startsWith("DISCOUNT_CODE_"))) return;
      void queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: CartService.method.validateCart, cardinality: undefined }),
      });
    },
  });
  const placeOrder = (order: CheckoutOrder, onPlaced: (placed: Order) => void) => {
    const request = placeOrderRequest(order);
    const idempotencyKey = idempotencyKeyFor(
      JSON.stringify({
        lines: order.items.map((i) => [i.id, i.quantity]),
        delivery: request.delivery,
        payment: order.payment,
        shipping: request.shippingMethod,
        discount: request.discountCode,
      }),
    );
    mutation.mutate(
      { ...request, idempotencyKey },
      {
        onSuccess: (res) => {
          forgetIdempotencyKey();
          if (res.order) onPlaced(res.order);
        },
      },
    );
  };
  return {
    placeOrder,
    isPending: mutation.isPending,
    isSuccess: mutation.isSuccess,
    isError: mutation.isError,
    error: mutation.error,
  };
}

/** LineProblem is a server-reported reason a cart line could not be ordered. */
export interface LineProblem {
  productId: number;
  reason: string;
  available?: number;
}

/**
 * lineProblems reads the per-line ErrorInfo details of a FailedPrecondition
 * PlaceOrder failure (reason such as INSUFFICIENT_STOCK, metadata product_id
 * and available).
 */
export function lineProblems(error: unknown): LineProblem[] {
  if (errorCode(error) !== Code.FailedPrecondition) return [];
  return errorInfos(error).flatMap((info) => {
    const productId = Number(info.metadata["product_id"]);
    if (!Number.isSafeInteger(productId)) return [];
    const available = info.metadata["available"];
    return [
      {
        productId,
        reason: info.reason,
        available: available !== undefined && available !== "" ? Number(available) : undefined,
      },
    ];
  });
}

/** shippingRefusals are the text keys of a shipping method's refusal, by ErrorInfo reason. */
const shippingRefusals: Record<string, string> = {
  SHIPPING_COLD_CHAIN_AREA: "deliveryArea.coldChainRefused",
  SHIPPING_TOO_HEAVY: "deliveryArea.tooHeavy",
  SHIPPING_NOT_COLD_CHAIN: "deliveryArea.noColdChain",
  SHIPPING_NO_ZONE: "deliveryArea.notServed.other",
  SHIPPING_COLD_CHAIN_NOT_NEEDED: "shippingMethods.changed",
};

/**
 * lawRefusal is the text key of a PlaceOrder refusal the law or the
 * shipping rates cause: no age declaration for adults-only goods, frozen
 * goods below the frozen minimum, or no shipping method that takes the
 * order where it goes (the areas outside the EU VAT area named);
 * undefined for any other failure.
 */
export function lawRefusal(error: unknown): string | undefined {
  const info = errorInfos(error).find(
    (i) => ["AGE_DECLARATION_REQUIRED", "FROZEN_MINIMUM", "SHIPPING_OUTSIDE_VAT_AREA"].includes(i.reason) || i.reason in shippingRefusals,
  );
  if (!info) return undefined;
  if (info.reason === "AGE_DECLARATION_REQUIRED") return "age.required";
  if (info.reason === "FROZEN_MINIMUM") return "frozenMinimum.refused";
  if (info.reason === "SHIPPING_OUTSIDE_VAT_AREA") return `deliveryArea.notServed.${info.metadata["area"] || "other"}`;
  return shippingRefusals[info.reason];
}

/** orderLimits are the refusals of PlaceOrder by the shop's own limits, by ErrorInfo reason. */
const orderLimits = ["LINE_QUANTITY_LIMIT", "TOO_MANY_UNPAID_ORDERS", "TRANSFER_SHARE_LIMIT", "PAYMENT_METHOD_NOT_OFFERED", "SHOP_NOT_READY", "DAILY_UNITS_LIMIT", "CASH_LIMIT"];

/**
 * limitProblem reads a PlaceOrder refusal by one of the shop's limits
 * against hoarding: its reason and figures (max, available), or undefined.
 */
export function limitProblem(error: unknown): { reason: string; max: string; available: string } | undefined {
  const info = errorInfos(error).find((i) => orderLimits.includes(i.reason));
  if (!info) return undefined;
  return { reason: info.reason, max: info.metadata["max"] ?? "", available: info.metadata["available"] ?? "" };
}
