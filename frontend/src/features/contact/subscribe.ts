import { createClient, type Transport } from "@connectrpc/connect";
import { ContactService } from "@gen/sabores/v1/contact_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";

/**
 * newsletterConsentVersion names the consent text the newsletter box shows
 * (locales' common.json "newsletter.consent"); the server keeps each
 * subscriber's consent with it and accepts only this one
 * (shop.NewsletterConsentVersion: change both with the text).
 */
export const newsletterConsentVersion = "2026-11-24";

/**
 * subscribeNewsletter asks for the newsletter (the server e-mails a link to
 * confirm). The footer loads this module only when the box is submitted, so
 * the home page's first download does not carry the contact service.
 */
export async function subscribeNewsletter(transport: Transport, email: string, language: string): Promise<void> {
  await createClient(ContactService, transport).subscribeNewsletter({
    email: email.trim(),
    language: language === "pt" ? Language.PT : Language.ES,
    consentVersion: newsletterConsentVersion,
  });
}
