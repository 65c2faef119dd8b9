import { errorInfos } from "@/lib/connect-errors";
import { fieldViolations } from "@/features/admin/shared/lib/field-violations";

/** ShippingError is a refused change's message key and figures, by the form field it belongs to. */
export interface ShippingError {
  key: string;
  values: Record<string, string>;
}

/**
 * fieldOf is the desk's form field a request path names: "method.code" →
 * "code", "zone.postal_prefixes[2]" → "postal_prefixes", "band.price_cents"
 * → "price_cents", a whole zone ("zone") → "postal_prefixes".
 */
export function fieldOf(path: string): string {
  const last = path.split(".").pop() ?? path;
  const field = last.replace(/\[\d+\]$/, "");
  return field === "zone" ? "postal_prefixes" : field;
}

/**
 * shippingErrors reads a refused change of the rates: each field at fault
 * (from the BadRequest detail) with the reason the server gave (its
 * ErrorInfo: SHIPPING_ZONE_OVERLAP with the zone, SHIPPING_NEGATIVE_PRICE…),
 * as the key of the message to show next to it (shipping.errors.<REASON>,
 * or shipping.errors.invalid for a rule of the contract).
 */
export function shippingErrors(error: unknown): Record<string, ShippingError> {
  const info = errorInfos(error)[0];
  const out: Record<string, ShippingError> = {};
  for (const path of Object.keys(fieldViolations(error))) {
    out[fieldOf(path)] = info?.reason
      ? { key: `shipping.errors.${info.reason}`, values: info.metadata }
      : { key: "shipping.errors.invalid", values: {} };
  }
  return out;
}
