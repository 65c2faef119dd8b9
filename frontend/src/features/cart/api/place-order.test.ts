import { describe, expect, it } from "vitest";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { placeOrderRequest } from "@/features/cart/api/place-order";

describe("placeOrderRequest", () => {
  it("sends ids and quantities, the trimmed delivery and the payment enum", () => {
    const request = placeOrderRequest({
      items: [{ id: 7, name: "Guaraná", priceCents: 250, image: "", quantity: 2 }],
      delivery: {
        name: " María ",
        email: "maria@example.com ",
        phone: "600123456",
        address: "Rúa Real 1",
        city: " Burela",
        zipCode: "27880 ",
      },
      payment: "transfer",
    });
    expect(request).toEqual({
      lines: [{ productId: 7n, quantity: 2 }],
      delivery: {
        name: "María",
        email: "maria@example.com",
        phone: "600123456",
        address: "Rúa Real 1",
        city: "Burela",
        postalCode: "27880",
      },
      paymentMethod: PaymentMethod.TRANSFER,
      ageDeclared: false,
    });
  });

  it("sends the age declaration the shopper ticked", () => {
    const delivery = { name: "A", email: "a@example.com", phone: "600123456", address: "R", city: "C", zipCode: "28013" };
    const items = [{ id: 10001, name: "Ron", priceCents: 1500, image: "", quantity: 1 }];
    expect(placeOrderRequest({ items, delivery, payment: "cash", ageDeclared: true }).ageDeclared).toBe(true);
  });
});
