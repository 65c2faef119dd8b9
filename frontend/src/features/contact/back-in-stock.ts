import { createClient, type Transport } from "@connectrpc/connect";
import { ContactService } from "@gen/sabores/v1/contact_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";

/**
 * backInStockConsentVersion names the purpose text the sold-out product's
 * form shows (locales' catalog.json "backInStock.purpose"); the server keeps
 * each request's consent with it and accepts only this one
 * (contact.BackInStockConsentVersion: change both with the text).
 */
export const backInStockConsentVersion = "2026-11-29";

/**
 * requestBackInStock asks for one e-mail when the product is back (the
 * server e-mails a link to confirm first). Loaded when the form is sent.
 */
export async function requestBackInStock(transport: Transport, productId: bigint, email: string, language: string): Promise<void> {
  await createClient(ContactService, transport).requestBackInStockAlert({
    productId,
    email: email.trim(),
    language: language === "pt" ? Language.PT : Language.ES,
    consentVersion: backInStockConsentVersion,
  });
}
