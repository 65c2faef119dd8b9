import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { orderState } from "@/features/account/lib/order-state";
import { ParcelState } from "@gen/sabores/v1/parcel_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { OrderStatus as S, PaymentStatus as P } from "@gen/sabores/v1/types_pb";

const home = ShippingKind.STANDARD;
const pickup = ShippingKind.PICKUP;

describe("orderState", () => {
  it.each([
    { why: "placed, unpaid card order", status: S.PENDING, pay: P.AWAITING_PAYMENT, kind: home, want: "awaitingPayment" },
    { why: "placed, cash on delivery", status: S.PENDING, pay: P.ON_DELIVERY, kind: home, want: "placed" },
    { why: "paid, not yet being prepared (still cancellable)", status: S.PENDING, pay: P.PAID, kind: home, want: "paid" },
    { why: "being prepared", status: S.PREPARING, pay: P.PAID, kind: home, want: "preparing" },
    { why: "cash order being prepared", status: S.PREPARING, pay: P.ON_DELIVERY, kind: home, want: "preparing" },
    { why: "shipped, label not scanned", status: S.SHIPPED, pay: P.PAID, kind: home, parcel: ParcelState.ANNOUNCED, want: "shipped" },
    { why: "shipped, typed by the desk", status: S.SHIPPED, pay: P.PAID, kind: home, want: "shipped" },
    { why: "with the carrier", status: S.SHIPPED, pay: P.PAID, kind: home, parcel: ParcelState.IN_TRANSIT, want: "inTransit" },
    { why: "carrier says delivered first", status: S.SHIPPED, pay: P.ON_DELIVERY, kind: home, parcel: ParcelState.DELIVERED, want: "delivered" },
    { why: "delivered", status: S.COMPLETED, pay: P.PAID, kind: home, want: "delivered" },
    { why: "delivered, part withdrawn", status: S.COMPLETED, pay: P.PARTIALLY_REFUNDED, kind: home, want: "delivered" },
    { why: "pickup ready at the shop", status: S.READY_FOR_PICKUP, pay: P.PAID, kind: pickup, want: "readyForPickup" },
    { why: "pickup ready, paid at the counter", status: S.READY_FOR_PICKUP, pay: P.AWAITING_PAYMENT, kind: pickup, want: "readyForPickup" },
    { why: "pickup collected", status: S.COMPLETED, pay: P.PAID, kind: pickup, want: "collected" },
    { why: "cancelled before paying", status: S.CANCELLED, pay: P.AWAITING_PAYMENT, kind: home, want: "cancelled" },
    { why: "cancelled cash order", status: S.CANCELLED, pay: P.ON_DELIVERY, kind: home, want: "cancelled" },
    { why: "cancelled after paying", status: S.CANCELLED, pay: P.PAID, kind: home, want: "refundPending" },
    { why: "cancelled, part given back", status: S.CANCELLED, pay: P.PARTIALLY_REFUNDED, kind: home, want: "refundPending" },
    { why: "cancelled and given back", status: S.CANCELLED, pay: P.REFUNDED, kind: home, want: "refunded" },
    { why: "all withdrawn after delivery", status: S.COMPLETED, pay: P.REFUNDED, kind: home, want: "refunded" },
  ])("$why: $want", ({ status, pay, kind, parcel, want }) => {
    const tracking = parcel === undefined ? undefined : { state: parcel };
    expect(orderState({ status, paymentStatus: pay, shippingKind: kind }, undefined, tracking).key).toBe(want);
  });

  it("gives an unpaid order's deadline, and none to others", () => {
    const expire = new Date("2026-11-29T16:59:00Z");
    const payment = { expireTime: timestampFromDate(expire) };
    const home = { paymentStatus: P.AWAITING_PAYMENT, shippingKind: ShippingKind.STANDARD };
    expect(orderState({ ...home, status: S.PENDING }, payment)).toEqual({ key: "awaitingPayment", deadline: expire });
    expect(orderState({ ...home, status: S.CANCELLED }, payment)).toEqual({ key: "cancelled" });
  });
});
