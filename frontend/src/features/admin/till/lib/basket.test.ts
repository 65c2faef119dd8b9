import { describe, expect, it } from "vitest";
import {
  addLabel,
  addProduct,
  lineKey,
  lineTotal,
  setDiscount,
  weighedCents,
  basketTotal,
  changeOf,
  emptyBasket,
  loadBasket,
  planPayment,
  remainingCents,
  saveBasket,
  setQuantity,
} from "@/features/admin/till/lib/basket";

const guarana = { productId: "1001", name: "Guaraná", ean: "8410076472885", unitPriceCents: 250, vatBasisPoints: 1000, stock: 5, reserved: 0 };
const acai = { productId: "1002", name: "Açaí", ean: "4006381333931", unitPriceCents: 650, vatBasisPoints: 1000, stock: 3, reserved: 1 };

describe("basket", () => {
  it("adds a unit per scan, keeps the live stock of the last scan, and totals unit × units", () => {
    let b = addProduct(emptyBasket("k"), guarana);
    b = addProduct(b, acai);
    b = addProduct(b, { ...guarana, stock: 2 });
    expect(b.lines.map((l) => [l.productId, l.quantity, l.stock])).toEqual([
      ["1001", 2, 2],
      ["1002", 1, 3],
    ]);
    expect(basketTotal(b)).toBe(2 * 250 + 650);
  });

  it("changes quantities and removes a line at zero", () => {
    let b = addProduct(addProduct(emptyBasket("k"), guarana), acai);
    b = setQuantity(b, "1001", 4);
    expect(b.lines[0]?.quantity).toBe(4);
    b = setQuantity(b, "1001", 0);
    expect(b.lines.map((l) => l.productId)).toEqual(["1002"]);
  });

  it("gives each scale label a line of its own, priced as the server prices it", () => {
    const cheese = { productId: "1006", name: "Tetilla", ean: "2100042000001", unitPriceCents: 1250, vatBasisPoints: 400, stock: 5000, reserved: 0 };
    let b = addLabel(emptyBasket("k"), cheese, { code: "2100042012353", weightGrams: 1235, priceCents: 0 });
    b = addLabel(b, cheese, { code: "2100042012353", weightGrams: 1235, priceCents: 0 });
    b = addLabel(b, cheese, { code: "2500042007459", weightGrams: 0, priceCents: 745 });
    b = addProduct(b, guarana);
    expect(b.lines.map(lineKey)).toEqual(["2100042012353#1", "2100042012353#2", "2500042007459#1", "1001"]);
    // 1,235 kg at 12,50 €/kg is 15,4375 €: 15,44 €.
    expect(basketTotal(b)).toBe(2 * 1544 + 745 + 250);
    b = setQuantity(b, "2100042012353#1", 3);
    expect(b.lines[0]?.quantity).toBe(1);
    b = setQuantity(b, "2100042012353#2", 0);
    expect(b.lines.map(lineKey)).toEqual(["2100042012353#1", "2500042007459#1", "1001"]);
  });

  it("takes the owner's discount off a line, half up to the cent", () => {
    let b = addProduct(addProduct(emptyBasket("k"), { ...guarana, unitPriceCents: 255 }), acai);
    b = setDiscount(b, "1001", 1000);
    // 10 % of 2,55 € is 0,255 €: 0,26 € off.
    expect(lineTotal(b.lines[0]!)).toBe(229);
    expect(basketTotal(b)).toBe(229 + 650);
    b = setDiscount(b, "1001", 0);
    expect(b.lines[0]?.discountBasisPoints).toBeUndefined();
  });

  it("rounds a weighed amount half up to the cent", () => {
    expect(weighedCents(1250, 1000)).toBe(1250);
    expect(weighedCents(1001, 500)).toBe(501);
    expect(weighedCents(1003, 333)).toBe(334);
    expect(weighedCents(4, 100)).toBe(0);
  });

  it("keeps its key through a reload and forgets a broken copy", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as unknown as Storage;
    const b = { ...addProduct(emptyBasket("same-key"), guarana), sending: true };
    saveBasket(b, storage);
    expect(loadBasket(storage)).toEqual(b);
    store.set("till.basket", JSON.stringify({ key: "x", lines: [{ productId: 1 }], payments: [] }));
    const fresh = loadBasket(storage);
    expect(fresh.lines).toEqual([]);
    expect(fresh.key).not.toBe("x");
  });
});

describe("planPayment", () => {
  it("gives change for cash handed over beyond what is due", () => {
    expect(planPayment("cash", 1150, null, 2000)).toEqual({
      ok: true,
      payment: { method: "cash", amountCents: 1150, givenCents: 2000 },
      changeCents: 850,
      covers: true,
    });
  });

  it("takes the exact amount when nothing is typed", () => {
    const plan = planPayment("cash", 1150, null, null);
    expect(plan.ok && plan.changeCents === 0 && plan.covers).toBe(true);
  });

  it("splits: less cash than due pays part, the card the rest", () => {
    let b = addProduct(addProduct(emptyBasket("k"), acai), acai);
    const cash = planPayment("cash", remainingCents(b), null, 500);
    expect(cash).toMatchObject({ ok: true, covers: false, changeCents: 0 });
    if (!cash.ok) throw new Error("cash refused");
    b = { ...b, payments: [cash.payment] };
    expect(remainingCents(b)).toBe(800);
    const card = planPayment("card", remainingCents(b), null, null);
    expect(card).toMatchObject({ ok: true, covers: true, payment: { method: "card", amountCents: 800 } });
  });

  it("refuses paying more than due by card, and cash short of the part it should pay", () => {
    expect(planPayment("card", 1000, 1200, null)).toEqual({ ok: false, error: "tooMuch" });
    expect(planPayment("cash", 1000, 600, 500)).toEqual({ ok: false, error: "givenShort" });
    expect(planPayment("bizum", 0, null, null)).toEqual({ ok: false, error: "nothingDue" });
  });

  it("adds up the change of the cash payments only", () => {
    expect(
      changeOf([
        { method: "cash", amountCents: 500, givenCents: 2000 },
        { method: "card", amountCents: 800, givenCents: 0 },
      ]),
    ).toBe(1500);
  });
});
