import { create } from "@bufbuild/protobuf";
import { createValidator } from "@bufbuild/protovalidate";
import { describe, expect, it } from "vitest";
import { DeliveryInputSchema } from "@gen/sabores/v1/order_service_pb";
import type { DeliveryForm } from "@/features/cart/checkout-types";
import { deliveryProblem } from "@/features/cart/delivery-rules";

// The form and the contract must agree: each input goes through the form's
// check and through protovalidate (the rules the server enforces, read from
// the same generated descriptor) inside an otherwise valid DeliveryInput.

const valid: DeliveryForm = {
  name: "María Silva",
  email: "maria@example.com",
  phone: "+34 600 123 456",
  address: "Rúa Real 1",
  city: "Burela",
  zipCode: "27880",
};

const contractField: Record<keyof DeliveryForm, string> = {
  name: "name",
  email: "email",
  phone: "phone",
  address: "address",
  city: "city",
  zipCode: "postalCode",
};

const cases: [keyof DeliveryForm, string][] = [
  ["zipCode", "27880"],
  ["zipCode", "01000"],
  ["zipCode", "52999"],
  ["zipCode", "00123"],
  ["zipCode", "53000"],
  ["zipCode", "99999"],
  ["zipCode", "2788"],
  ["zipCode", "278800"],
  ["zipCode", "27 880"],
  ["zipCode", "ABCDE"],
  ["phone", "600123456"],
  ["phone", "+34 (600) 123-456"],
  ["phone", "60012345"],
  ["phone", "+34 600 123 456 789 01"],
  ["phone", "600-ABC-456"],
  ["phone", "++34600123456"],
  ["email", "maria@example.com"],
  ["email", "maria.silva+pedidos@correo.example.es"],
  ["email", "maria@localhost"],
  ["email", "maría@example.com"],
  ["email", "maria@-example.com"],
  ["email", "maria@@example.com"],
  ["email", "maria example@example.com"],
  ["email", "maria"],
  ["email", `${"m".repeat(244)}@example.com`],
  ["email", `${"m".repeat(243)}@example.com`],
  ["name", "X"],
  ["name", "   "],
  ["name", "Ñ".repeat(120)],
  ["name", "Ñ".repeat(121)],
  ["address", "a".repeat(200)],
  ["address", "a".repeat(201)],
  ["city", "A Coruña"],
  ["city", "c".repeat(101)],
];

describe("the delivery form follows DeliveryInput's rules", () => {
  const validator = createValidator();

  it("accepts the base delivery", () => {
    expect(validator.validate(DeliveryInputSchema, create(DeliveryInputSchema, { ...valid, postalCode: valid.zipCode })).kind).toBe("valid");
  });

  it.each(cases)("%s %j", (field, input) => {
    const form = { ...valid, [field]: input };
    const sent = create(DeliveryInputSchema, {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      address: form.address.trim(),
      city: form.city.trim(),
      postalCode: form.zipCode.trim(),
    });
    const result = validator.validate(DeliveryInputSchema, sent);
    expect(result.kind).not.toBe("error");
    const contractAccepts = result.kind === "valid";
    expect(deliveryProblem(field, input) === null, `form vs contract on ${contractField[field]}`).toBe(contractAccepts);
  });

  it("asks a home delivery for the address the contract leaves to the server, since a pickup needs none", () => {
    for (const field of ["address", "city", "zipCode"] as const) {
      const sent = create(DeliveryInputSchema, { ...valid, postalCode: valid.zipCode, [field === "zipCode" ? "postalCode" : field]: "" });
      expect(validator.validate(DeliveryInputSchema, sent).kind).toBe("valid");
      expect(deliveryProblem(field, "")).toBe("required");
    }
  });

  it("refuses postal codes outside Spain's provinces 01-52", () => {
    expect(deliveryProblem("zipCode", "53000")).toBe("invalid");
    expect(deliveryProblem("zipCode", "00999")).toBe("invalid");
    expect(deliveryProblem("zipCode", "08001")).toBeNull();
  });
});
