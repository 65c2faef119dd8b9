import { RemittanceVerdict } from "@gen/sabores/v1/admin_parcel_service_pb";

/** verdictKey names each remittance verdict's text under parcel.remittance.verdicts. */
export const verdictKey: Record<RemittanceVerdict, string> = {
  [RemittanceVerdict.UNSPECIFIED]: "unknown",
  [RemittanceVerdict.PAID]: "paid",
  [RemittanceVerdict.AMOUNT_MISMATCH]: "amountMismatch",
  [RemittanceVerdict.UNKNOWN]: "unknown",
  [RemittanceVerdict.ALREADY_PAID]: "alreadyPaid",
  [RemittanceVerdict.NOT_CASH]: "notCash",
  [RemittanceVerdict.NOT_DELIVERED]: "notDelivered",
  [RemittanceVerdict.REPEATED]: "repeated",
};
