import { useTranslation } from "react-i18next";
import { useColdChainAreas } from "@/hooks/use-cold-chain-areas";
import { type Allergen, type FoodInfo as FoodInfoMessage, QuantityUnit } from "@gen/sabores/v1/food_pb";
import type { Product } from "@gen/sabores/v1/types_pb";
import { allergenKey } from "@/lib/allergens";
import { formatDecimal } from "@/lib/format-number";

// The food information EU Regulation 1169/2011 asks a distance seller to
// show before purchase (art. 14), laid out as on a label: ingredients with
// the allergens in bold, allergen statements, net quantity, storage,
// nutrition as a table, alcohol, origin and the food business operator.

/** Ingredients renders ingredient text, its **emphasised** allergens in bold. */
export function Ingredients({ text }: { text: string }) {
  const parts = text.split("**");
  // An unbalanced text (which the server refuses to save) shows as typed.
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</>;
}

function AllergenList({ allergens }: { allergens: Allergen[] }) {
  const { t } = useTranslation();
  return <strong className="font-semibold">{allergens.map((a) => t(`allergens.${allergenKey(a)}`)).join(", ")}</strong>;
}

/** quantityText shows a net quantity stored in g, ml or pieces in its unit. */
function quantityText(f: FoodInfoMessage, language: string, units: (n: number) => string): string {
  const n = Number(f.netQuantity);
  const num = (v: number) => formatDecimal(v, language, 3);
  switch (f.netUnit) {
    case QuantityUnit.KG:
      return `${num(n / 1000)} kg`;
    case QuantityUnit.L:
      return `${num(n / 1000)} l`;
    case QuantityUnit.ML:
      return `${num(n)} ml`;
    case QuantityUnit.UNITS:
      return units(n);
    default:
      return `${num(n)} g`;
  }
}

function NutritionTable({ f, perMl }: { f: FoodInfoMessage; perMl: boolean }) {
  const { t, i18n } = useTranslation("catalog");
  const n = f.nutrition;
  if (!n) return null;
  const grams = (mg: number) =>
    `${formatDecimal(mg / 1000, i18n.language, mg < 1000 ? 2 : 1)} g`;
  const rows: [string, string, boolean][] = [
    [t("food.energy"), `${n.energyKj} kJ / ${n.energyKcal} kcal`, false],
    [t("food.fat"), grams(n.fatMg), false],
    [t("food.saturates"), grams(n.saturatesMg), true],
    [t("food.carbohydrate"), grams(n.carbohydrateMg), false],
    [t("food.sugars"), grams(n.sugarsMg), true],
    [t("food.protein"), grams(n.proteinMg), false],
    [t("food.salt"), grams(n.saltMg), false],
  ];
  return (
    <table className="w-full max-w-sm text-sm">
      <caption className="mb-1 text-left font-semibold">{t("food.nutrition")}</caption>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col" className="py-1 text-left font-medium">
            {t("food.nutrient")}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {perMl ? t("food.per100ml") : t("food.per100g")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value, sub]) => (
          <tr key={label} className="border-b border-stone-200">
            <th scope="row" className={`py-1 text-left font-normal ${sub ? "pl-4" : ""}`}>
              {label}
            </th>
            <td className="py-1 text-right tabular-nums">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** FoodInfo is the product page's food information block, in the active language. */
export function FoodInfo({ product }: { product: Product }) {
  // The country's name comes from the texts, in the shopper's language: no
  // extra request on a page whose requests shopd preloads.
  const { t, i18n } = useTranslation(["catalog", "countries"]);
  const coldChainAreas = useColdChainAreas();
  if (!product.isFood) return null;
  const f = product.foodInfo;
  const flags = product.flags;
  return (
    <section aria-labelledby="food-info-title" className="mt-8 rounded-xl border border-stone-200 p-4 sm:p-6">
      <h2 id="food-info-title" className="text-xl font-bold">
        {t("food.title")}
      </h2>
      {(flags?.frozen || flags?.ageRestricted) && (
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          {flags.frozen && <li className="rounded bg-sky-100 px-2 py-0.5 text-sky-900">{t("food.frozen")}</li>}
          {flags.ageRestricted && <li className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">{t("food.adults")}</li>}
        </ul>
      )}
      {(flags?.frozen || flags?.perishable) && <p className="mt-2 text-sm text-sky-900">{t("food.coldChainDelivery", { areas: coldChainAreas })}</p>}
      {flags?.ageRestricted && <p className="mt-2 text-sm text-amber-900">{t("food.idCheck")}</p>}
      {!f ? (
        <p className="mt-2 text-stone-700">{t("food.missing")}</p>
      ) : (
        <dl className="mt-3 grid gap-3 text-stone-800">
          <div>
            <dt className="font-semibold">{t("food.ingredients")}</dt>
            <dd>{f.ingredients ? <Ingredients text={f.ingredients} /> : t("food.noIngredients")}</dd>
          </div>
          {f.contains.length > 0 && (
            <div>
              <dt className="font-semibold">{t("food.contains")}</dt>
              <dd>
                <AllergenList allergens={f.contains} />
              </dd>
            </div>
          )}
          {f.mayContain.length > 0 && (
            <div>
              <dt className="font-semibold">{t("food.mayContain")}</dt>
              <dd>
                <AllergenList allergens={f.mayContain} />
              </dd>
            </div>
          )}
          {f.contains.length === 0 && f.mayContain.length === 0 && (
            <div>
              <dt className="font-semibold">{t("food.allergens")}</dt>
              <dd>{t("food.noAllergens")}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">{t("food.netQuantity")}</dt>
            <dd>{quantityText(f, i18n.language, (count) => t("food.units", { count }))}</dd>
          </div>
          {f.drainedWeightG > 0n && (
            <div>
              <dt className="font-semibold">{t("food.drainedWeight")}</dt>
              <dd>{Number(f.drainedWeightG)} g</dd>
            </div>
          )}
          {f.storage && (
            <div>
              <dt className="font-semibold">{t("food.storage")}</dt>
              <dd>{f.storage}</dd>
            </div>
          )}
          {f.abvBasisPoints > 0 && (
            <div>
              <dt className="font-semibold">{t("food.abv")}</dt>
              <dd>
                {t("food.abvValue", {
                  value: formatDecimal(f.abvBasisPoints / 100, i18n.language, 3),
                })}
              </dd>
            </div>
          )}
          {product.country && (
            <div>
              <dt className="font-semibold">{t("food.origin")}</dt>
              <dd>{t(`${product.country}.name`, { ns: "countries", defaultValue: product.country })}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">{t("food.operator")}</dt>
            <dd>
              {f.operatorName}, {f.operatorAddress}
            </dd>
          </div>
        </dl>
      )}
      {f?.nutrition && (
        <div className="mt-4 overflow-x-auto">
          <NutritionTable f={f} perMl={f.netUnit === QuantityUnit.ML || f.netUnit === QuantityUnit.L} />
        </div>
      )}
    </section>
  );
}
