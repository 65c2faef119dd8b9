/** PaymentChoice is the checkout's payment option. */
export type PaymentChoice = "card" | "bizum" | "transfer" | "cash";

/** DeliveryForm is the Entrega step's form (field names as the shop's form had them). */
export interface DeliveryForm {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
}

/** checkoutSteps are the four steps, in order. */
export const checkoutSteps = ["review", "delivery", "payment", "confirm"] as const;
