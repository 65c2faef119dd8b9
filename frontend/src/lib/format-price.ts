// Prices travel as integer euro cents (int64, so bigint in generated code);
// this is the only place they become text, in the language's currency format
// (es and pt: "8,50 €"). See format-number.ts for why not with Intl.
import { formatDecimal, intlNumberFormat, ownFormat } from "@/lib/format-number";

/** formatPrice shows an amount of euro cents in the language's currency format. */
export function formatPrice(cents: number | bigint, language: string): string {
  if (!ownFormat(language)) {
    return intlNumberFormat(language, { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      Number(cents) / 100,
    );
  }
  const [sign, euros, frac] = split(cents);
  return `${sign}${formatDecimal(euros, language, 0)},${frac}\u00a0€`;
}

/** schemaPrice is the machine-readable amount schema.org offers expect ("8.50"). */
export function schemaPrice(cents: number | bigint): string {
  const [sign, euros, frac] = split(cents);
  return `${sign}${euros}.${frac}`;
}

// split divides cents into sign, whole euros and the two cent digits, in
// integers (exact up to 2^53 cents).
function split(cents: number | bigint): [string, number, string] {
  const c = Number(cents);
  const abs = Math.abs(c);
  const rest = abs % 100;
  return [c < 0 ? "-" : "", (abs - rest) / 100, String(rest).padStart(2, "0")];
}
