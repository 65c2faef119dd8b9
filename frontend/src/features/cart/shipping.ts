import { ShippingKind, type ShippingOption } from "@gen/sabores/v1/shipping_pb";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";

/**
 * shownOptions are the shipping methods worth offering the shopper for this
 * cart: those that can take it, and pickup at the shop. A method that does
 * not fit the cart's kind (the cold chain for ambient goods, standard for a
 * cart with frozen goods) is left out; one that cannot reach the postal code
 * is too, since the cart says why once (deliveryRefusal).
 */
export function shownOptions(priced?: ValidateCartResponse): ShippingOption[] {
  return (priced?.shippingOptions ?? []).filter((o) => !o.unavailableReason || o.kind === ShippingKind.PICKUP);
}

/** chosenOption is the option the cart's prices use, if any. */
export function chosenOption(priced?: ValidateCartResponse): ShippingOption | undefined {
  if (!priced?.shippingMethod) return undefined;
  return priced.shippingOptions.find((o) => o.code === priced.shippingMethod);
}

/** isPickup says the option is collected at the shop (no address). */
export function isPickup(option?: ShippingOption): boolean {
  return option?.kind === ShippingKind.PICKUP;
}

/**
 * refusalKey is the text key (in cart's deliveryArea) of the one reason no
 * home delivery can take the cart to its postal code, or undefined when one
 * can. The areas outside the EU VAT area are named.
 */
export function refusalKey(priced?: ValidateCartResponse): string | undefined {
  switch (priced?.deliveryRefusal) {
    case undefined:
    case "":
      return undefined;
    case "SHIPPING_OUTSIDE_VAT_AREA":
      return `deliveryArea.notServed.${priced.deliveryArea || "other"}`;
    case "SHIPPING_COLD_CHAIN_AREA":
      return "deliveryArea.coldChainRefused";
    case "SHIPPING_TOO_HEAVY":
      return "deliveryArea.tooHeavy";
    case "SHIPPING_NOT_COLD_CHAIN":
      return "deliveryArea.noColdChain";
    default:
      return "deliveryArea.notServed.other";
  }
}
