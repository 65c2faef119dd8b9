// The till's basket lives in the browser until the server has recorded the
// sale: it survives a reload or a dropped network (localStorage), and keeps
// the one idempotency key its sale is sent with, however many times.
import { readJSON, writeJSON } from "@/lib/storage";

/** PaymentMethod is how a customer pays at the till. */
export type PaymentMethod = "cash" | "card" | "bizum";

/** BasketLine is a product in the basket, with the stock the scan saw. */
export interface BasketLine {
  /** productId is the product's id as text (JSON has no bigint). */
  productId: string;
  name: string;
  ean: string;
  unitPriceCents: number;
  vatBasisPoints: number;
  quantity: number;
  stock: number;
  reserved: number;
  /**
   * label is a shop scale's variable-measure label (EAN-13 prefixes 20–29):
   * one line per label, quantity 1, its weight (unitPriceCents is then per
   * kilogram) or its printed price. The server reads both again from code.
   */
  label?: ScaleLabel;
  /** discountBasisPoints is the owner's discount off the line (1000 = 10 %). */
  discountBasisPoints?: number;
}

/** ScaleLabel is what a scale's label says of one weighed or priced item. */
export interface ScaleLabel {
  /** id tells apart two labels of the same product in one basket. */
  id: string;
  code: string;
  /** weightGrams is the weight printed (0 for a priced label). */
  weightGrams: number;
  /** priceCents is the price printed (0 for a weighed label). */
  priceCents: number;
}

/** BasketPayment is one payment of a (possibly split) sale. */
export interface BasketPayment {
  method: PaymentMethod;
  amountCents: number;
  /** givenCents is the cash handed over (cash only). */
  givenCents: number;
}

/** Customer is the buyer's data for a full invoice. */
export interface Customer {
  taxId: string;
  name: string;
  address: string;
}

/** Basket is a sale in the making. */
export interface Basket {
  /** key is the sale's idempotency key, kept until the server answers. */
  key: string;
  lines: BasketLine[];
  payments: BasketPayment[];
  customer?: Customer;
  /** sending says the sale was handed to the server and not answered yet. */
  sending: boolean;
}

/** maxQuantity is the most units of one line the contract accepts. */
export const maxQuantity = 999;

/** emptyBasket is a new sale with its own idempotency key. */
export function emptyBasket(key: string = crypto.randomUUID()): Basket {
  return { key, lines: [], payments: [], sending: false };
}

/** addProduct puts one more unit of product in the basket. */
export function addProduct(basket: Basket, product: Omit<BasketLine, "quantity">): Basket {
  const at = basket.lines.findIndex((l) => l.productId === product.productId && !l.label);
  if (at < 0) return { ...basket, lines: [...basket.lines, { ...product, quantity: 1 }] };
  // A new scan brings the live stock the server just answered.
  const lines = basket.lines.map((l, i) =>
    i === at ? { ...l, ...product, quantity: Math.min(maxQuantity, l.quantity + 1) } : l,
  );
  return { ...basket, lines };
}

/** lineKey names a line in its basket: its label, or its product. */
export function lineKey(line: BasketLine): string {
  return line.label?.id ?? line.productId;
}

/** addLabel puts a scale's label in the basket, a line of its own. */
export function addLabel(basket: Basket, product: Omit<BasketLine, "quantity" | "label">, label: Omit<ScaleLabel, "id">): Basket {
  const id = `${label.code}#${basket.lines.filter((l) => l.label?.code === label.code).length + 1}`;
  return { ...basket, lines: [...basket.lines, { ...product, quantity: 1, label: { ...label, id } }] };
}

/** setQuantity changes the units of the line named key; none removes the line. */
export function setQuantity(basket: Basket, key: string, quantity: number): Basket {
  if (quantity <= 0) return { ...basket, lines: basket.lines.filter((l) => lineKey(l) !== key) };
  const q = Math.min(maxQuantity, Math.floor(quantity));
  // A label is one item: its quantity stays 1.
  return { ...basket, lines: basket.lines.map((l) => (lineKey(l) === key && !l.label ? { ...l, quantity: q } : l)) };
}

/**
 * weighedCents is what grams cost at perKg cents a kilogram, rounded half
 * up to the cent, exactly as the server prices a weighed label.
 */
export function weighedCents(perKgCents: number, grams: number): number {
  return Math.floor((perKgCents * grams + 500) / 1000);
}

/** discountCents is bp basis points of total, rounded half up to the cent, as the server takes it off. */
export function discountCents(total: number, bp: number): number {
  return Math.floor((total * bp + 5000) / 10000);
}

/** setDiscount sets the discount off the line named key; 0 removes it. */
export function setDiscount(basket: Basket, key: string, bp: number): Basket {
  const d = Math.max(0, Math.min(10000, Math.round(bp)));
  return { ...basket, lines: basket.lines.map((l) => (lineKey(l) === key ? { ...l, discountBasisPoints: d || undefined } : l)) };
}

/** lineTotal is a line's amount with VAT, as the server prices it, less its discount. */
export function lineTotal(line: BasketLine): number {
  let total = line.unitPriceCents * line.quantity;
  if (line.label?.weightGrams) total = weighedCents(line.unitPriceCents, line.label.weightGrams);
  else if (line.label?.priceCents) total = line.label.priceCents;
  return total - discountCents(total, line.discountBasisPoints ?? 0);
}

/** basketTotal is what the sale costs with VAT. */
export function basketTotal(basket: Basket): number {
  return basket.lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

/** remainingCents is what the payments so far leave to pay. */
export function remainingCents(basket: Basket): number {
  return basketTotal(basket) - basket.payments.reduce((sum, p) => sum + p.amountCents, 0);
}

/** PaymentPlan is a payment the cashier is about to take, or why it cannot be. */
export type PaymentPlan =
  | { ok: true; payment: BasketPayment; changeCents: number; covers: boolean }
  | { ok: false; error: "nothingDue" | "amountInvalid" | "tooMuch" | "givenShort" };

/**
 * planPayment reads what the cashier typed for one payment. Cash: given is
 * what the customer handed over (empty: the exact amount); the payment
 * covers up to what is due and the rest is change. Card and Bizum: amount
 * (empty: all that is due) may be less, splitting the sale, never more.
 */
export function planPayment(method: PaymentMethod, dueCents: number, amountCents: number | null, givenCents: number | null): PaymentPlan {
  if (dueCents <= 0) return { ok: false, error: "nothingDue" };
  const amount = amountCents ?? dueCents;
  if (amount <= 0) return { ok: false, error: "amountInvalid" };
  if (amount > dueCents) return { ok: false, error: "tooMuch" };
  if (method !== "cash") {
    return { ok: true, payment: { method, amountCents: amount, givenCents: 0 }, changeCents: 0, covers: amount === dueCents };
  }
  const given = givenCents ?? amount;
  if (given <= 0) return { ok: false, error: "amountInvalid" };
  // Cash handed over for part of a split sale pays that part; more than
  // what is due of the part is change.
  if (amountCents !== null && given < amount) return { ok: false, error: "givenShort" };
  const paid = Math.min(given, amount);
  return {
    ok: true,
    payment: { method, amountCents: paid, givenCents: given },
    changeCents: given - paid,
    covers: paid === dueCents,
  };
}

/** changeOf is the cash a sale's payments give back. */
export function changeOf(payments: readonly BasketPayment[]): number {
  return payments.reduce((sum, p) => sum + (p.method === "cash" ? Math.max(0, p.givenCents - p.amountCents) : 0), 0);
}

const storageKey = "till.basket";

function isLine(v: unknown): v is BasketLine {
  if (typeof v !== "object" || v === null) return false;
  const l = v as Record<string, unknown>;
  return (
    typeof l.productId === "string" &&
    typeof l.name === "string" &&
    typeof l.ean === "string" &&
    Number.isInteger(l.unitPriceCents) &&
    Number.isInteger(l.vatBasisPoints) &&
    Number.isInteger(l.quantity) &&
    (l.quantity as number) > 0 &&
    Number.isInteger(l.stock) &&
    Number.isInteger(l.reserved) &&
    (l.label === undefined || isLabel(l.label)) &&
    (l.discountBasisPoints === undefined || Number.isInteger(l.discountBasisPoints))
  );
}

function isLabel(v: unknown): v is ScaleLabel {
  if (typeof v !== "object" || v === null) return false;
  const l = v as Record<string, unknown>;
  return typeof l.id === "string" && typeof l.code === "string" && Number.isInteger(l.weightGrams) && Number.isInteger(l.priceCents);
}

function isPayment(v: unknown): v is BasketPayment {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    (p.method === "cash" || p.method === "card" || p.method === "bizum") &&
    Number.isInteger(p.amountCents) &&
    Number.isInteger(p.givenCents)
  );
}

function isCustomer(v: unknown): v is Customer {
  if (typeof v !== "object" || v === null) return false;
  const c = v as Record<string, unknown>;
  return typeof c.taxId === "string" && typeof c.name === "string" && typeof c.address === "string";
}

/** loadBasket is the basket this browser kept, or a new one when none or broken. */
export function loadBasket(storage: Storage = localStorage): Basket {
  const v = readJSON(storage, storageKey);
  if (typeof v !== "object" || v === null) return emptyBasket();
  const b = v as Record<string, unknown>;
  if (
    typeof b.key !== "string" ||
    !Array.isArray(b.lines) ||
    !b.lines.every(isLine) ||
    !Array.isArray(b.payments) ||
    !b.payments.every(isPayment) ||
    (b.customer !== undefined && !isCustomer(b.customer))
  ) {
    return emptyBasket();
  }
  return {
    key: b.key,
    lines: b.lines,
    payments: b.payments,
    customer: b.customer as Customer | undefined,
    sending: b.sending === true,
  };
}

/** saveBasket keeps the basket for a reload or a dropped network. */
export function saveBasket(basket: Basket, storage: Storage = localStorage) {
  writeJSON(storage, storageKey, basket);
}
