import { useCallback } from "react";
import { errorInfos } from "@/lib/connect-errors";
import { useLocalStorageState } from "@/stores/use-local-storage-state";

const parseCode = (raw: unknown) => (typeof raw === "string" ? raw : "");

/**
 * useDiscountCode is the discount code the shopper applied, kept with the
 * cart in this browser so checkout sends what the cart showed; "" for none.
 */
export function useDiscountCode() {
  const [code, update] = useLocalStorageState("sabores.discountCode", parseCode);
  const setCode = useCallback((next: string) => update(() => next.trim().toUpperCase()), [update]);
  return [code, setCode] as const;
}

/** discountRefusals are the text keys of a code's refusal, by ErrorInfo reason. */
const discountRefusals: Record<string, string> = {
  DISCOUNT_CODE_UNKNOWN: "discount.refusal.unknown",
  DISCOUNT_CODE_EXPIRED: "discount.refusal.expired",
  DISCOUNT_CODE_NOT_YET_VALID: "discount.refusal.notYetValid",
  DISCOUNT_CODE_MINIMUM_NOT_REACHED: "discount.refusal.minimum",
  DISCOUNT_CODE_LIMIT_REACHED: "discount.refusal.limitReached",
  DISCOUNT_CODE_FIRST_ORDER_ONLY: "discount.refusal.firstOrderOnly",
  DISCOUNT_CODE_NOTHING_ELIGIBLE: "discount.refusal.nothingEligible",
};

/** discountRefusalKey is the text key of a refusal reason; unknown reasons read as an invalid code. */
export function discountRefusalKey(reason: string): string {
  return discountRefusals[reason] ?? "discount.refusal.unknown";
}

/**
 * discountRefusal reads a PlaceOrder refusal of the discount code: its text
 * key and the minimum order when that is the reason; undefined for any
 * other failure.
 */
export function discountRefusal(error: unknown): { key: string; minimumCents: bigint } | undefined {
  const info = errorInfos(error).find((i) => i.reason.startsWith("DISCOUNT_CODE_"));
  if (!info) return undefined;
  return { key: discountRefusalKey(info.reason), minimumCents: BigInt(info.metadata["minimum_cents"] || "0") };
}
