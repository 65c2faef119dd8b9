import { Code } from "@connectrpc/connect";
import { errorCode, errorInfos } from "@/lib/connect-errors";

/** Refusal is why the server said no, as the till's texts name it. */
export interface Refusal {
  /** key is the text under the till namespace's "refusal." keys. */
  key: string;
  /** productId is the product a refusal is about, if any. */
  productId?: string;
  /** productName names it when it is not in the basket. */
  productName?: string;
}

// The server's reasons the till explains in words; anything else is a
// generic failure with the server's code.
const reasons: Record<string, string> = {
  CASH_LIMIT: "cashLimit",
  TILL_UNITS_RESERVED: "reserved",
  TILL_FULL_INVOICE_NEEDED: "fullInvoiceNeeded",
  TILL_PAYMENTS_SHORT: "paymentsShort",
  TILL_DAY_NOT_OPEN: "dayNotOpen",
  TILL_DAY_OPEN: "dayOpen",
  TILL_DAY_CLOSED: "dayClosed",
  TILL_PRODUCT_UNKNOWN: "unknownProduct",
  TILL_NOT_IN_STORE: "notInStore",
  TILL_WEIGHT_NEEDED: "weightNeeded",
  TILL_DISCOUNT_NOT_ALLOWED: "discountNotAllowed",
  TILL_DISCOUNT_TOO_HIGH: "discountTooHigh",
  TILL_SALE_UNKNOWN: "unknownSale",
  TILL_RETURN_TOO_MANY: "returnTooMany",
  TILL_EMAIL_INVALID: "emailInvalid",
};

/** refusalOf reads a failed call. */
export function refusalOf(error: unknown): Refusal {
  for (const info of errorInfos(error)) {
    const key = reasons[info.reason];
    if (key) return { key, productId: info.metadata.product_id };
  }
  switch (errorCode(error)) {
    case Code.InvalidArgument:
      return { key: "invalid" };
    case Code.NotFound:
      return { key: "notFound" };
    case Code.PermissionDenied:
      return { key: "forbidden" };
    case Code.Unauthenticated:
      return { key: "signedOut" };
    default:
      return { key: "failed" };
  }
}
