/** packagingMaterials are the materials a unit's packaging is declared in, as the server names them. */
export const packagingMaterials = ["plastic", "paper", "glass", "metal", "wood", "composite"] as const;
export type PackagingMaterial = (typeof packagingMaterials)[number];

/**
 * gramsToMg reads grams as typed in Spain or Portugal ("2,5", "2.5", "30")
 * as milligrams; "" is none (undefined); anything else, or more than three
 * decimals, or none at all, is null (not a weight).
 */
export function gramsToMg(text: string): number | null | undefined {
  const s = text.trim().replace(",", ".");
  if (s === "") return undefined;
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(s)) return null;
  const mg = Math.round(Number(s) * 1000);
  return mg >= 1 && mg <= 100_000_000 ? mg : null;
}

/** mgToGrams writes milligrams as grams with a decimal comma and no trailing zeros ("2,5"). */
export function mgToGrams(mg: number): string {
  return String(mg / 1000).replace(".", ",");
}
