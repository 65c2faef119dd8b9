import { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";
import type { DeskFilters } from "@/features/admin/orders/api/orders";

/** deskStatuses are the fulfilment states the desk filters by, in lifecycle order. */
export const deskStatuses = [
  OrderStatus.PENDING,
  OrderStatus.PREPARING,
  OrderStatus.READY_FOR_PICKUP,
  OrderStatus.SHIPPED,
  OrderStatus.COMPLETED,
  OrderStatus.CANCELLED,
] as const;

/** deskPayments are the payment states the desk filters by. */
export const deskPayments = [
  PaymentStatus.AWAITING_PAYMENT,
  PaymentStatus.ON_DELIVERY,
  PaymentStatus.PAID,
  PaymentStatus.PARTIALLY_REFUNDED,
  PaymentStatus.REFUNDED,
] as const;

const day = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

function enumParam<E extends number>(values: readonly E[], names: Record<number, string>, raw: string | null): E | 0 {
  const found = values.find((v) => names[v].toLowerCase() === raw);
  return found ?? 0;
}

/**
 * readDeskFilters reads the desk's filters from the address (status,
 * payment, from, to, q), so a filtered desk can be linked and survives a
 * reload; anything unknown is no filter.
 */
export function readDeskFilters(sp: URLSearchParams): DeskFilters {
  const date = (k: string) => {
    const v = sp.get(k) ?? "";
    return day.test(v) ? v : "";
  };
  return {
    status: enumParam(deskStatuses, OrderStatus, sp.get("status")),
    paymentStatus: enumParam(deskPayments, PaymentStatus, sp.get("payment")),
    createdFrom: date("from"),
    createdTo: date("to"),
    query: (sp.get("q") ?? "").trim().slice(0, 100),
  };
}

/** deskSearchParams writes filters back to the address, leaving out what is unset. */
export function deskSearchParams(f: DeskFilters): URLSearchParams {
  const sp = new URLSearchParams();
  if (f.status) sp.set("status", OrderStatus[f.status].toLowerCase());
  if (f.paymentStatus) sp.set("payment", PaymentStatus[f.paymentStatus].toLowerCase());
  if (f.createdFrom) sp.set("from", f.createdFrom);
  if (f.createdTo) sp.set("to", f.createdTo);
  if (f.query) sp.set("q", f.query);
  return sp;
}
