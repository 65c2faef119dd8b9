import { getOption } from "@bufbuild/protobuf";
import { field as validateField } from "@gen/buf/validate/validate_pb";
import { DeliveryInputSchema } from "@gen/sabores/v1/order_service_pb";
import type { DeliveryForm } from "@/features/cart/checkout-types";

// The delivery form checks what the server will check, read from the
// contract itself: the buf.validate rules of DeliveryInput in
// order_service.proto travel inside the generated descriptor the app
// already loads, so a rule changed there changes here (delivery-rules.test.ts
// runs protovalidate over the same inputs to prove they agree).

/** DeliveryProblem is why a delivery field is refused. */
export type DeliveryProblem = "required" | "invalid" | "tooLong";

interface StringRule {
  minLen: number;
  maxLen: number | undefined;
  pattern: RegExp | undefined;
  email: boolean;
}

// emailAddress is protovalidate's `email` rule: a valid e-mail address in the
// HTML specification's sense (what protovalidate-go on the server applies).
const emailAddress =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function contractRule(field: (typeof DeliveryInputSchema.field)[keyof typeof DeliveryInputSchema.field]): StringRule {
  const rules = getOption(field, validateField);
  const s = rules.type.case === "string" ? rules.type.value : undefined;
  return {
    minLen: Number(s?.minLen ?? 0n),
    maxLen: s?.maxLen ? Number(s.maxLen) : undefined,
    // The contract's patterns are RE2; the ones used here mean the same in JavaScript.
    pattern: s?.pattern ? new RegExp(s.pattern) : undefined,
    email: s?.wellKnown.case === "email" && s.wellKnown.value,
  };
}

const f = DeliveryInputSchema.field;
const rules: Record<keyof DeliveryForm, StringRule> = {
  name: contractRule(f.name),
  email: contractRule(f.email),
  phone: contractRule(f.phone),
  address: contractRule(f.address),
  city: contractRule(f.city),
  zipCode: contractRule(f.postalCode),
};

/** deliveryMaxLength is the longest value the contract takes for a field, if it caps it. */
export function deliveryMaxLength(field: keyof DeliveryForm): number | undefined {
  return rules[field].maxLen;
}

/**
 * deliveryProblem checks one field as it will be sent (trimmed): every field
 * is required, then the contract's length, pattern and e-mail rules apply.
 */
export function deliveryProblem(field: keyof DeliveryForm, value: string): DeliveryProblem | null {
  const v = value.trim();
  const rule = rules[field];
  const length = [...v].length; // protovalidate counts characters, not UTF-16 units
  if (length === 0 || length < rule.minLen) return "required";
  if (rule.maxLen !== undefined && length > rule.maxLen) return "tooLong";
  if (rule.pattern && !rule.pattern.test(v)) return "invalid";
  if (rule.email && !emailAddress.test(v)) return "invalid";
  return null;
}
