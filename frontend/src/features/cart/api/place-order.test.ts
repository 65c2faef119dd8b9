import { describe, expect, it } from "vitest";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { lawRefusal, placeOrderRequest } from "@/features/cart/api/place-order";

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
      shippingMethod: "",
      discountCode: "",
    });
  });

  it("sends the discount code applied", () => {
    const delivery = { name: "A", email: "a@example.com", phone: "600123456", address: "", city: "", zipCode: "" };
    const items = [{ id: 1003, name: "Açaí", priceCents: 749, image: "", quantity: 1 }];
    expect(placeOrderRequest({ items, delivery, payment: "card", discountCode: "VERAO10" }).discountCode).toBe("VERAO10");
  });

  it("sends the shipping method chosen", () => {
    const delivery = { name: "A", email: "a@example.com", phone: "600123456", address: "", city: "", zipCode: "" };
    const items = [{ id: 1003, name: "Açaí", priceCents: 749, image: "", quantity: 1 }];
    const request = placeOrderRequest({ items, delivery, payment: "card", shippingMethod: "pickup_burela" });
    expect(request.shippingMethod).toBe("pickup_burela");
    expect(request.delivery.postalCode).toBe("");
  });

  it("sends the age declaration the shopper ticked", () => {
    const delivery = { name: "A", email: "a@example.com", phone: "600123456", address: "R", city: "C", zipCode: "28013" };
    const items = [{ id: 10001, name: "Ron", priceCents: 1500, image: "", quantity: 1 }];
    expect(placeOrderRequest({ items, delivery, payment: "cash", ageDeclared: true }).ageDeclared).toBe(true);
  });
});

describe("lawRefusal", () => {
  // An ErrorInfo detail as the server sends it: reason (1), metadata (3).
  const refusal = (reason: string, metadata: Record<string, string> = {}) => {
    const w = new BinaryWriter();
    w.tag(1, 2).string(reason);
    for (const [k, v] of Object.entries(metadata)) w.tag(3, 2).fork().tag(1, 2).string(k).tag(2, 2).string(v).join();
    const err = new ConnectError("refused", Code.FailedPrecondition);
    err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
    return err;
  };

  it("names the area outside the EU VAT area", () => {
    expect(lawRefusal(refusal("SHIPPING_OUTSIDE_VAT_AREA", { area: "canarias", method: "" }))).toBe("deliveryArea.notServed.canarias");
  });

  it("says frozen goods are what cannot go to Baleares", () => {
    expect(lawRefusal(refusal("SHIPPING_COLD_CHAIN_AREA", { area: "baleares" }))).toBe("deliveryArea.coldChainRefused");
  });

  it("leaves other failures alone", () => {
    expect(lawRefusal(refusal("OUT_OF_STOCK"))).toBeUndefined();
  });
});
