import { create } from "@bufbuild/protobuf";
import { type ShopSettings, ShopSettingsSchema } from "@gen/sabores/v1/admin_settings_service_pb";
import { OpeningHoursSchema, ShopAddressSchema, ShopDetailsSchema } from "@gen/sabores/v1/shop_details_pb";

/** TextField is a one-line setting of the form, by its path in the contract. */
export const textFields = [
  "details.legal_name",
  "details.nif",
  "details.address.street",
  "details.address.postal_code",
  "details.address.city",
  "details.address.province",
  "details.phone",
  "details.whatsapp",
  "details.email",
  "details.instagram_url",
  "details.facebook_url",
  "iban",
  "producer_register",
] as const;

/** TextField is one of textFields. */
export type TextField = (typeof textFields)[number];

/** HoursRow is an opening as edited: day 1–7 and "HH:MM" times. */
export interface HoursRow {
  day: number;
  opens: string;
  closes: string;
}

/** FormValues are the settings as the form holds them. */
export type FormValues = Record<TextField, string> & { hours: HoursRow[] };

/** toForm reads saved settings into the form's values. */
export function toForm(s: ShopSettings | undefined): FormValues {
  const d = s?.details;
  const a = d?.address;
  return {
    "details.legal_name": d?.legalName ?? "",
    "details.nif": d?.nif ?? "",
    "details.address.street": a?.street ?? "",
    "details.address.postal_code": a?.postalCode ?? "",
    "details.address.city": a?.city ?? "",
    "details.address.province": a?.province ?? "",
    "details.phone": d?.phone ?? "",
    "details.whatsapp": d?.whatsapp ?? "",
    "details.email": d?.email ?? "",
    "details.instagram_url": d?.instagramUrl ?? "",
    "details.facebook_url": d?.facebookUrl ?? "",
    iban: s?.iban ?? "",
    producer_register: s?.producerRegister ?? "",
    hours: (d?.openingHours ?? []).map((h) => ({ day: h.dayOfWeek, opens: h.opens, closes: h.closes })),
  };
}

/** fromForm builds the settings to save from the form's values. */
export function fromForm(v: FormValues): ShopSettings {
  return create(ShopSettingsSchema, {
    details: create(ShopDetailsSchema, {
      legalName: v["details.legal_name"],
      nif: v["details.nif"],
      address: create(ShopAddressSchema, {
        street: v["details.address.street"],
        postalCode: v["details.address.postal_code"],
        city: v["details.address.city"],
        province: v["details.address.province"],
      }),
      phone: v["details.phone"],
      whatsapp: v["details.whatsapp"],
      email: v["details.email"],
      instagramUrl: v["details.instagram_url"],
      facebookUrl: v["details.facebook_url"],
      openingHours: v.hours.map((h) => create(OpeningHoursSchema, { dayOfWeek: h.day, opens: h.opens, closes: h.closes })),
    }),
    iban: v.iban,
    producerRegister: v.producer_register,
  });
}

/**
 * fieldOf names the form field a server violation is about, by its path in
 * the request: "settings.details.nif", or
 * "settings.details.opening_hours[1].closes" for any period of the hours.
 */
export function fieldOf(path: string): TextField | "hours" | undefined {
  const p = path.replace(/^settings\./, "").replace(/\[\d+\]/g, "");
  if (p.startsWith("details.opening_hours")) return "hours";
  return (textFields as readonly string[]).includes(p) ? (p as TextField) : undefined;
}
