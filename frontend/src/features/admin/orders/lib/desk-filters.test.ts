import { describe, expect, it } from "vitest";
import { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { deskSearchParams, readDeskFilters } from "./desk-filters";

describe("desk filters in the address", () => {
  it("round-trip", () => {
    const f = { status: OrderStatus.SHIPPED, paymentStatus: PaymentStatus.AWAITING_PAYMENT, createdFrom: "2026-03-01", createdTo: "2026-03-31", query: "lucia" };
    const sp = deskSearchParams(f);
    expect(sp.toString()).toBe("status=shipped&payment=awaiting_payment&from=2026-03-01&to=2026-03-31&q=lucia");
    expect(readDeskFilters(sp)).toEqual(f);
  });
  it("ignores what it does not know", () => {
    expect(readDeskFilters(new URLSearchParams("status=lost&payment=1&from=ayer&q=%20%20"))).toEqual({
      status: 0,
      paymentStatus: 0,
      createdFrom: "",
      createdTo: "",
      query: "",
    });
  });
});
