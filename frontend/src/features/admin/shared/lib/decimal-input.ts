// The 'Editar produto' dialog reads price and VAT as typed, with a comma or a
// dot as decimal separator. The same rules run on the server; checking here
// first lets the dialog say 'Dados inválidos' without sending anything.

/**
 * parseHundredths reads a non-negative decimal with at most two decimals and
 * one comma or dot ("8,50", "8.5", "21", ",5") as an integer number of
 * hundredths, or null when it is not such a number.
 */
export function parseHundredths(input: string, suffix = ""): number | null {
  let s = input.trim();
  if (suffix && s.endsWith(suffix)) s = s.slice(0, -suffix.length).trim();
  const m = /^(\d*)(?:[.,](\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const [, whole = "", frac = ""] = m;
  if (whole === "" && frac === "") return null;
  if (whole.replace(/^0+/, "").length > 12) return null;
  return Number(whole || "0") * 100 + Number((frac + "00").slice(0, 2));
}

/** maxPriceCents is the highest price the server accepts (one million euros). */
export const maxPriceCents = 100_000_000;

/** parsePriceCents reads a price in euros ("8,50", "8.50 €") as cents, or null. */
export function parsePriceCents(input: string): number | null {
  const cents = parseHundredths(input, "€");
  return cents !== null && cents <= maxPriceCents ? cents : null;
}

/** parseVatBasisPoints reads a VAT percentage ("21", "5,5 %") as basis points (0–10000), or null. */
export function parseVatBasisPoints(input: string): number | null {
  const bp = parseHundredths(input, "%");
  return bp !== null && bp <= 10_000 ? bp : null;
}

/** vatPresets are the VAT rates offered in the dialog, in percent. */
export const vatPresets = [0, 4, 10, 21] as const;

/** isPresetVat says whether a rate in basis points is one of the presets. */
export function isPresetVat(basisPoints: number): boolean {
  return vatPresets.some((p) => p * 100 === basisPoints);
}

/** hundredthsText writes hundredths back as the dialog shows them ("8.50", "21", "5.5"). */
export function hundredthsText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const frac = hundredths % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, "0").replace(/0$/, "")}`;
}

/**
 * priceInputText is a price in cents as a text input shows it: with a dot
 * by default ("8.50", what a number input takes), or with the decimal
 * separator given ("8,50", as Spanish and Portuguese write it, in a text
 * input parsePriceCents reads back).
 */
export function priceInputText(cents: number, decimal: "." | "," = "."): string {
  return `${Math.trunc(cents / 100)}${decimal}${String(cents % 100).padStart(2, "0")}`;
}
