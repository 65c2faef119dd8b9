/**
 * lowStock says a product shows its exact count ("Últimas 7"): in stock and
 * fewer than 10 left. Migration 00630 announces every change of a count
 * below 10 so the prerendered pages follow it: keep the two together.
 */
export function lowStock(stock: number): boolean {
  return stock > 0 && stock < 10;
}
