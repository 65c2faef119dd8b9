import { useMutation } from "@connectrpc/connect-query";
import { Code } from "@connectrpc/connect";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { errorCode, errorInfos } from "@/lib/connect-errors";
import type { PaymentChoice } from "@/features/cart/checkout-types";

/** paymentMethods maps the form's choice to the API enum. */
export const paymentMethods: Record<PaymentChoice, PaymentMethod> = {
  card: PaymentMethod.CARD,
  transfer: PaymentMethod.TRANSFER,
  cash: PaymentMethod.CASH_ON_DELIVERY,
};

/** usePlaceOrder sends the finished checkout. */
export function usePlaceOrder() {
  return useMutation(OrderService.method.placeOrder);
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

/** orderLimits are the anti-hoarding refusals of PlaceOrder, by ErrorInfo reason. */
const orderLimits = ["LINE_QUANTITY_LIMIT", "TOO_MANY_UNPAID_ORDERS", "TRANSFER_SHARE_LIMIT"];

/**
 * limitProblem reads a PlaceOrder refusal by one of the shop's limits
 * against hoarding: its reason and figures (max, available), or undefined.
 */
export function limitProblem(error: unknown): { reason: string; max: string; available: string } | undefined {
  const info = errorInfos(error).find((i) => orderLimits.includes(i.reason));
  if (!info) return undefined;
  return { reason: info.reason, max: info.metadata["max"] ?? "", available: info.metadata["available"] ?? "" };
}
