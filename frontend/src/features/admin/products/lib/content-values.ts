import { QuantityUnit } from "@gen/sabores/v1/food_pb";
import { hundredthsText, parseHundredths } from "@/features/admin/shared/lib/decimal-input";

// The food information form reads masses in grams and quantities in the
// unit chosen, as typed ("2,5"); the API takes milligrams and grams,
// millilitres or pieces.

/** parseMilligrams reads grams with up to two decimals as milligrams, or null. */
export function parseMilligrams(input: string): number | null {
  const h = parseHundredths(input);
  return h === null || h > 10_000 ? null : h * 10;
}

/** milligramsText writes milligrams as the form shows grams ("2.5"). */
export function milligramsText(mg: number): string {
  return hundredthsText(Math.round(mg / 10));
}

/** scaled says whether a unit is typed in thousands of the stored amount (kg, l). */
function scaled(unit: QuantityUnit): boolean {
  return unit === QuantityUnit.KG || unit === QuantityUnit.L;
}

/**
 * parseQuantity reads a net quantity typed in unit (decimals for kg and l,
 * whole numbers otherwise) as grams, millilitres or pieces, or null.
 */
export function parseQuantity(input: string, unit: QuantityUnit): number | null {
  if (scaled(unit)) {
    const h = parseHundredths(input);
    return h === null || h === 0 ? null : h * 10;
  }
  const s = input.trim();
  if (!/^\d{1,9}$/.test(s) || Number(s) === 0) return null;
  return Number(s);
}

/** quantityText writes a stored quantity in its unit, as typed. */
export function quantityText(quantity: number, unit: QuantityUnit): string {
  return scaled(unit) ? hundredthsText(Math.round(quantity / 10)) : String(quantity);
}
