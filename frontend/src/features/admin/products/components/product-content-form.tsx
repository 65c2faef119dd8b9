import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ProductContent, ProductContentSchema } from "@gen/sabores/v1/admin_product_service_pb";
import { type Allergen, QuantityUnit } from "@gen/sabores/v1/food_pb";
import { useProductContent, useUpdateProductContent } from "@/features/admin/products/api/product-content";
import { milligramsText, parseMilligrams, parseQuantity, quantityText } from "@/features/admin/products/lib/content-values";
import { hundredthsText, parseVatBasisPoints } from "@/features/admin/shared/lib/decimal-input";
import { fieldViolations } from "@/features/admin/shared/lib/field-violations";
import { allergenKeys } from "@/lib/allergens";
import { errorInfos } from "@/lib/connect-errors";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";

const nutrients = ["fatMg", "saturatesMg", "carbohydrateMg", "sugarsMg", "proteinMg", "saltMg"] as const;
const units = [QuantityUnit.G, QuantityUnit.KG, QuantityUnit.ML, QuantityUnit.L, QuantityUnit.UNITS] as const;
const unitKeys: Record<number, string> = {
  [QuantityUnit.G]: "g",
  [QuantityUnit.KG]: "kg",
  [QuantityUnit.ML]: "ml",
  [QuantityUnit.L]: "l",
  [QuantityUnit.UNITS]: "units",
};

/** Values are the form's fields as typed. */
interface Values {
  nameEs: string;
  namePt: string;
  descriptionEs: string;
  descriptionPt: string;
  isFood: boolean;
  frozen: boolean;
  perishable: boolean;
  sealedHygiene: boolean;
  ageRestricted: boolean;
  hasFood: boolean;
  ingredientsEs: string;
  ingredientsPt: string;
  contains: Allergen[];
  mayContain: Allergen[];
  quantity: string;
  unit: QuantityUnit;
  drained: string;
  storageEs: string;
  storagePt: string;
  hasNutrition: boolean;
  energyKj: string;
  energyKcal: string;
  nutrients: Record<(typeof nutrients)[number], string>;
  abv: string;
  operatorName: string;
  operatorAddress: string;
  // A non-food product's safety information (GPSR art. 19).
  manufacturerName: string;
  manufacturerAddress: string;
  manufacturerContact: string;
  manufacturerCountry: string;
  responsibleName: string;
  responsibleAddress: string;
  responsibleContact: string;
  warningsEs: string;
  warningsPt: string;
}

function valuesOf(c: ProductContent): Values {
  const f = c.foodInfo;
  const n = f?.nutrition;
  const unit = f?.netUnit || QuantityUnit.G;
  return {
    nameEs: c.nameEs,
    namePt: c.namePt,
    descriptionEs: c.descriptionEs,
    descriptionPt: c.descriptionPt,
    isFood: c.isFood,
    frozen: c.flags?.frozen ?? false,
    perishable: c.flags?.perishable ?? false,
    sealedHygiene: c.flags?.sealedHygiene ?? false,
    ageRestricted: c.flags?.ageRestricted ?? false,
    hasFood: Boolean(f),
    ingredientsEs: f?.ingredientsEs ?? "",
    ingredientsPt: f?.ingredientsPt ?? "",
    contains: f?.contains ?? [],
    mayContain: f?.mayContain ?? [],
    quantity: f ? quantityText(Number(f.netQuantity), unit) : "",
    unit,
    drained: f && f.drainedWeightG > 0n ? String(f.drainedWeightG) : "",
    storageEs: f?.storageEs ?? "",
    storagePt: f?.storagePt ?? "",
    hasNutrition: Boolean(n),
    energyKj: n ? String(n.energyKj) : "",
    energyKcal: n ? String(n.energyKcal) : "",
    nutrients: {
      fatMg: n ? milligramsText(n.fatMg) : "",
      saturatesMg: n ? milligramsText(n.saturatesMg) : "",
      carbohydrateMg: n ? milligramsText(n.carbohydrateMg) : "",
      sugarsMg: n ? milligramsText(n.sugarsMg) : "",
      proteinMg: n ? milligramsText(n.proteinMg) : "",
      saltMg: n ? milligramsText(n.saltMg) : "",
    },
    abv: f && f.abvBasisPoints > 0 ? hundredthsText(f.abvBasisPoints) : "",
    operatorName: f?.operatorName ?? "",
    operatorAddress: f?.operatorAddress ?? "",
    manufacturerName: c.safety?.manufacturerName ?? "",
    manufacturerAddress: c.safety?.manufacturerAddress ?? "",
    manufacturerContact: c.safety?.manufacturerContact ?? "",
    manufacturerCountry: c.safety?.manufacturerCountry ?? "",
    responsibleName: c.safety?.responsibleName ?? "",
    responsibleAddress: c.safety?.responsibleAddress ?? "",
    responsibleContact: c.safety?.responsibleContact ?? "",
    warningsEs: c.safety?.warningsEs ?? "",
    warningsPt: c.safety?.warningsPt ?? "",
  };
}

type ContentInit = MessageInitShape<typeof ProductContentSchema>;

/** ContentField is a field of the form an error can stand beside. */
type ContentField =
  | Exclude<keyof Values, "nutrients" | "isFood" | "frozen" | "perishable" | "sealedHygiene" | "ageRestricted" | "hasFood" | "hasNutrition">
  | (typeof nutrients)[number];

// The form's field for each path of UpdateProductContentRequest the
// contract's rules or the server's checks can refuse, as the server names
// it in a field violation (without "content." and list indexes).
const pathFields: Record<string, ContentField> = {
  name_es: "nameEs",
  name_pt: "namePt",
  description_es: "descriptionEs",
  description_pt: "descriptionPt",
  "food_info.ingredients_es": "ingredientsEs",
  "food_info.ingredients_pt": "ingredientsPt",
  "food_info.contains": "contains",
  "food_info.may_contain": "mayContain",
  "food_info.net_quantity": "quantity",
  "food_info.net_unit": "unit",
  "food_info.drained_weight_g": "drained",
  "food_info.storage_es": "storageEs",
  "food_info.storage_pt": "storagePt",
  "food_info.abv_basis_points": "abv",
  "food_info.operator_name": "operatorName",
  "food_info.operator_address": "operatorAddress",
  "food_info.nutrition.energy_kj": "energyKj",
  "food_info.nutrition.energy_kcal": "energyKcal",
  "food_info.nutrition.fat_mg": "fatMg",
  "food_info.nutrition.saturates_mg": "saturatesMg",
  "food_info.nutrition.carbohydrate_mg": "carbohydrateMg",
  "food_info.nutrition.sugars_mg": "sugarsMg",
  "food_info.nutrition.protein_mg": "proteinMg",
  "food_info.nutrition.salt_mg": "saltMg",
  "safety.manufacturer_name": "manufacturerName",
  "safety.manufacturer_address": "manufacturerAddress",
  "safety.manufacturer_contact": "manufacturerContact",
  "safety.manufacturer_country": "manufacturerCountry",
  "safety.responsible_name": "responsibleName",
  "safety.responsible_address": "responsibleAddress",
  "safety.responsible_contact": "responsibleContact",
  "safety.warnings_es": "warningsEs",
  "safety.warnings_pt": "warningsPt",
};

/** safetyFields are the form's fields of a non-food product's safety information. */
const safetyFields = [
  "manufacturerName",
  "manufacturerAddress",
  "manufacturerContact",
  "manufacturerCountry",
  "responsibleName",
  "responsibleAddress",
  "responsibleContact",
  "warningsEs",
  "warningsPt",
] as const;

/** contentField names the form field a violation's path is about ("content.food_info.contains[2]" is "contains"). */
function contentField(path: string): ContentField | undefined {
  return pathFields[path.replace(/^content\./, "").replace(/\[\d+\]/g, "")];
}

/** toContent builds the request, or names the first field that does not parse. */
function toContent(id: bigint, v: Values): { content: ContentInit } | { invalid: ContentField } {
  const content: ContentInit = {
    productId: id,
    nameEs: v.nameEs.trim(),
    namePt: v.namePt.trim(),
    descriptionEs: v.descriptionEs.trim(),
    descriptionPt: v.descriptionPt.trim(),
    isFood: v.isFood,
    flags: { frozen: v.frozen, perishable: v.perishable, sealedHygiene: v.sealedHygiene, ageRestricted: v.ageRestricted },
  };
  if (!content.nameEs) return { invalid: "nameEs" };
  if (!v.isFood) {
    const country = v.manufacturerCountry.trim().toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) return { invalid: "manufacturerCountry" };
    const safety = Object.fromEntries(safetyFields.map((k) => [k, v[k].trim()]));
    if (Object.values(safety).some(Boolean)) content.safety = { ...safety, manufacturerCountry: country };
    return { content };
  }
  if (!v.hasFood) return { content };
  const quantity = parseQuantity(v.quantity, v.unit);
  if (quantity === null) return { invalid: "quantity" };
  const drained = v.drained.trim() ? parseQuantity(v.drained, QuantityUnit.G) : 0;
  if (drained === null) return { invalid: "drained" };
  const abv = v.abv.trim() ? parseVatBasisPoints(v.abv) : 0;
  if (abv === null) return { invalid: "abv" };
  let nutrition: NonNullable<ContentInit["foodInfo"]>["nutrition"] = undefined;
  if (v.hasNutrition) {
    const mg = nutrients.map((k) => parseMilligrams(v.nutrients[k]));
    const kj = /^\d{1,4}$/.test(v.energyKj.trim()) ? Number(v.energyKj) : null;
    const kcal = /^\d{1,4}$/.test(v.energyKcal.trim()) ? Number(v.energyKcal) : null;
    if (kj === null) return { invalid: "energyKj" };
    if (kcal === null) return { invalid: "energyKcal" };
    const bad = nutrients.find((_, i) => mg[i] === null);
    if (bad) return { invalid: bad };
    const [fatMg, saturatesMg, carbohydrateMg, sugarsMg, proteinMg, saltMg] = mg as number[];
    nutrition = { energyKj: kj, energyKcal: kcal, fatMg, saturatesMg, carbohydrateMg, sugarsMg, proteinMg, saltMg };
  }
  content.foodInfo = {
    ingredientsEs: v.ingredientsEs.trim(),
    ingredientsPt: v.ingredientsPt.trim(),
    contains: v.contains,
    mayContain: v.mayContain,
    netQuantity: BigInt(quantity),
    netUnit: v.unit,
    drainedWeightG: BigInt(drained),
    storageEs: v.storageEs.trim(),
    storagePt: v.storagePt.trim(),
    nutrition,
    abvBasisPoints: abv,
    operatorName: v.operatorName.trim(),
    operatorAddress: v.operatorAddress.trim(),
  };
  return { content };
}

/** Field labels an input and shows its hint and its error beneath it; children get the input's id and what describes it. */
function Field({
  label,
  children,
  hint,
  error,
}: {
  label: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children(id, describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function AllergenChecks({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: Allergen[];
  onChange: (v: Allergen[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset aria-describedby={error ? id : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-1 min-[360px]:grid-cols-2">
        {allergenKeys.map(([a, key]) => (
          <label key={key} className="flex min-h-8 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={value.includes(a)}
              onChange={(e) => onChange(e.target.checked ? [...value, a] : value.filter((x) => x !== a))}
            />
            {t(`allergens.${key}`)}
          </label>
        ))}
      </div>
      {error && (
        <p id={id} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * ContentForm edits a loaded product's content. A field that does not parse
 * or that the server refuses shows why beside it, and the alert above the
 * save button names it; other refusals are worded in that alert.
 */
function ContentForm({ content, onSaved }: { content: ProductContent; onSaved: () => void }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation();
  const [v, setV] = useState(() => valuesOf(content));
  const [error, setError] = useState("");
  const [errors, setErrors] = useState<Partial<Record<ContentField, string>>>({});
  const update = useUpdateProductContent();
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const text = (
    k:
      | "nameEs"
      | "namePt"
      | "descriptionEs"
      | "descriptionPt"
      | "ingredientsEs"
      | "ingredientsPt"
      | "storageEs"
      | "storagePt"
      | "quantity"
      | "drained"
      | "abv"
      | "operatorName"
      | "operatorAddress"
      | "energyKj"
      | "energyKcal"
      | (typeof safetyFields)[number],
    multiline = false,
  ) =>
    function Input(id: string, describedBy: string | undefined) {
      const aria = { "aria-invalid": errors[k] ? true : undefined, "aria-describedby": describedBy };
      return multiline ? (
        <textarea id={id} className="input min-h-20" value={v[k]} onChange={(e) => set(k, e.target.value)} {...aria} />
      ) : (
        <input id={id} className="input" autoComplete="off" value={v[k]} onChange={(e) => set(k, e.target.value)} {...aria} />
      );
    };
  const label = (f: ContentField) => t((nutrients as readonly string[]).includes(f) ? `content.nutrients.${f}` : `content.${f}`);

  // mark puts each field's error beside it and names the fields, by their
  // labels, in the alert above the save button; a refusal the form cannot
  // place on a field reads as the generic failure.
  const mark = (fields: ContentField[], unplaced: boolean) => {
    setErrors(Object.fromEntries(fields.map((f) => [f, t(`content.invalid.${f}`)])));
    if (unplaced || fields.length === 0) setError(t("content.errors.generic"));
    else setError(t("content.errors.field", { field: fields.map(label).join(", "), count: fields.length }));
  };

  const refused = (err: unknown) => {
    const info = errorInfos(err).find((i) => i.domain === "sabores.v1");
    if (info && info.reason !== "PRODUCT_NOT_FOUND") {
      const allergen = info.metadata.allergen ? tc(`allergens.${info.metadata.allergen}`) : "";
      setErrors({});
      setError(
        t(`content.errors.${info.reason}`, {
          language: t(`content.language.${info.metadata.language ?? "es"}`),
          allergen,
          text: info.metadata.text ?? "",
          defaultValue: t("content.errors.generic"),
        }),
      );
      return;
    }
    const paths = Object.keys(fieldViolations(err));
    const fields = paths.map(contentField).filter((f) => f !== undefined);
    mark([...new Set(fields)], fields.length < paths.length);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const built = toContent(content.productId, v);
    if ("invalid" in built) {
      mark([built.invalid], false);
      return;
    }
    setError("");
    setErrors({});
    update.mutate({ content: built.content }, { onSuccess: onSaved, onError: refused });
  };

  const flag = (k: "isFood" | "frozen" | "perishable" | "sealedHygiene" | "ageRestricted" | "hasFood" | "hasNutrition") => (
    <label className="flex min-h-8 items-center gap-2 text-sm">
      <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={v[k]} onChange={(e) => set(k, e.target.checked)} />
      {t(`content.${k}`)}
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <Field label={t("content.nameEs")} error={errors.nameEs}>{text("nameEs")}</Field>
      <Field label={t("content.namePt")} hint={t("content.fallbackHint")} error={errors.namePt}>
        {text("namePt")}
      </Field>
      <Field label={t("content.descriptionEs")} error={errors.descriptionEs}>{text("descriptionEs", true)}</Field>
      <Field label={t("content.descriptionPt")} error={errors.descriptionPt}>{text("descriptionPt", true)}</Field>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">{t("content.flags")}</legend>
        {flag("isFood")}
        {flag("frozen")}
        {flag("perishable")}
        {flag("sealedHygiene")}
        {flag("ageRestricted")}
      </fieldset>
      {v.isFood && flag("hasFood")}
      {v.isFood && v.hasFood && (
        <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 font-semibold">{t("content.foodTitle")}</legend>
          <Field label={t("content.ingredientsEs")} hint={t("content.ingredientsHint")} error={errors.ingredientsEs}>
            {text("ingredientsEs", true)}
          </Field>
          <Field label={t("content.ingredientsPt")} error={errors.ingredientsPt}>{text("ingredientsPt", true)}</Field>
          <AllergenChecks legend={t("content.contains")} value={v.contains} onChange={(x) => set("contains", x)} error={errors.contains} />
          <AllergenChecks
            legend={t("content.mayContain")}
            value={v.mayContain}
            onChange={(x) => set("mayContain", x)}
            error={errors.mayContain}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field label={t("content.quantity")} error={errors.quantity}>{text("quantity")}</Field>
            <Field label={t("content.unit")} error={errors.unit}>
              {(id, describedBy) => (
                <select
                  id={id}
                  className="input"
                  value={v.unit}
                  aria-invalid={errors.unit ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => set("unit", Number(e.target.value) as QuantityUnit)}
                >
                  {units.map((u) => (
                    <option key={u} value={u}>
                      {t(`content.units.${unitKeys[u]}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label={t("content.drained")} error={errors.drained}>{text("drained")}</Field>
          <Field label={t("content.storageEs")} error={errors.storageEs}>{text("storageEs", true)}</Field>
          <Field label={t("content.storagePt")} error={errors.storagePt}>{text("storagePt", true)}</Field>
          <Field label={t("content.abv")} error={errors.abv}>{text("abv")}</Field>
          <Field label={t("content.operatorName")} error={errors.operatorName}>{text("operatorName")}</Field>
          <Field label={t("content.operatorAddress")} error={errors.operatorAddress}>{text("operatorAddress")}</Field>
          {flag("hasNutrition")}
          {v.hasNutrition && (
            <div className="grid grid-cols-2 gap-2">
              <Field label={t("content.energyKj")} error={errors.energyKj}>{text("energyKj")}</Field>
              <Field label={t("content.energyKcal")} error={errors.energyKcal}>{text("energyKcal")}</Field>
              {nutrients.map((k) => (
                <Field key={k} label={t(`content.nutrients.${k}`)} error={errors[k]}>
                  {(id, describedBy) => (
                    <input
                      id={id}
                      className="input"
                      inputMode="decimal"
                      autoComplete="off"
                      aria-invalid={errors[k] ? true : undefined}
                      aria-describedby={describedBy}
                      value={v.nutrients[k]}
                      onChange={(e) => set("nutrients", { ...v.nutrients, [k]: e.target.value })}
                    />
                  )}
                </Field>
              ))}
            </div>
          )}
        </fieldset>
      )}
      {!v.isFood && (
        <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 font-semibold">{t("content.safetyTitle")}</legend>
          <p className="text-sm text-stone-700">{t("content.safetyHint")}</p>
          <Field label={t("content.manufacturerName")} error={errors.manufacturerName}>{text("manufacturerName")}</Field>
          <Field label={t("content.manufacturerAddress")} error={errors.manufacturerAddress}>{text("manufacturerAddress", true)}</Field>
          <Field label={t("content.manufacturerContact")} error={errors.manufacturerContact}>{text("manufacturerContact")}</Field>
          <Field label={t("content.manufacturerCountry")} error={errors.manufacturerCountry}>{text("manufacturerCountry")}</Field>
          <Field label={t("content.responsibleName")} hint={t("content.responsibleHint")} error={errors.responsibleName}>
            {text("responsibleName")}
          </Field>
          <Field label={t("content.responsibleAddress")} error={errors.responsibleAddress}>{text("responsibleAddress", true)}</Field>
          <Field label={t("content.responsibleContact")} error={errors.responsibleContact}>{text("responsibleContact")}</Field>
          <Field label={t("content.warningsEs")} error={errors.warningsEs}>{text("warningsEs", true)}</Field>
          <Field label={t("content.warningsPt")} error={errors.warningsPt}>{text("warningsPt", true)}</Field>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t("edit.save")}
        </button>
      </div>
    </form>
  );
}

/** ProductContentForm loads and edits a product's texts in both languages and its food or safety information. */
export function ProductContentForm({ productId, onSaved }: { productId: bigint; onSaved: () => void }) {
  const { t } = useTranslation("admin");
  const query = useProductContent(productId);
  if (query.isPending) return <Spinner label={t("loading")} />;
  if (query.isError || !query.data.content) return <ErrorBox>{t("loadError")}</ErrorBox>;
  return <ContentForm content={query.data.content} onSaved={onSaved} />;
}
