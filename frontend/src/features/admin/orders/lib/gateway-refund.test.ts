import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { OrderSchema, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { gatewayRefund } from "@/features/admin/orders/lib/gateway-refund";

const order = (method: PaymentMethod, status: PaymentStatus) =>
  create(OrderSchema, { paymentMethod: method, paymentStatus: status, totalCents: 5531n, delivery: { name: "María Silva" }, customerEmail: "maria@example.com" });

describe("gatewayRefund", () => {
  it("is the paid total of a card or Bizum order, to its shopper", () => {
    expect(gatewayRefund(order(PaymentMethod.CARD, PaymentStatus.PAID))).toEqual({ amountCents: 5531n, method: "card", shopper: "María Silva" });
    expect(gatewayRefund(order(PaymentMethod.BIZUM, PaymentStatus.PAID))?.method).toBe("bizum");
  });
  it("is nothing when Redsys gives nothing back", () => {
    expect(gatewayRefund(order(PaymentMethod.CARD, PaymentStatus.AWAITING_PAYMENT))).toBeUndefined();
    expect(gatewayRefund(order(PaymentMethod.TRANSFER, PaymentStatus.PAID))).toBeUndefined();
    expect(gatewayRefund(order(PaymentMethod.CARD, PaymentStatus.REFUNDED))).toBeUndefined();
  });
});
