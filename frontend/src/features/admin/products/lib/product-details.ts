import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ProductDetailsSchema } from "@gen/sabores/v1/admin_product_service_pb";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import { hundredthsText, isPresetVat, parsePriceCents, parseVatBasisPoints, priceInputText } from "@/features/admin/shared/lib/decimal-input";
import { isOnlineCategory } from "@/features/admin/shared/lib/online-categories";

/** productCategories are the categories a product belongs to, as the contract lists them. */
export const productCategories = ["bebidas", "doces", "alimentos", "congelados", "beleza", "perfumes"] as const;

/** customVat is the VAT select's value for a rate outside the presets. */
export const customVat = "custom";

/** DetailsValues are the product form's fields as typed. */
export interface DetailsValues {
  name: string;
  code: string;
  sku: string;
  ean: string;
  brand: string;
  description: string;
  category: string;
  country: string;
  price: string;
  vatPreset: string;
  customVat: string;
  onlineCategories: string[];
  initialStock: string;
  /** shippingWeight is the packed weight in grams as typed; "" while unknown. */
  shippingWeight: string;
}

/** DetailsField is a field of the form a server complaint can name. */
export type DetailsField = keyof DetailsValues;

/** emptyDetails is a new product's form: food, 21 % VAT. */
export const emptyDetails: DetailsValues = {
  name: "",
  code: "",
  sku: "",
  ean: "",
  brand: "",
  description: "",
  category: "alimentos",
  country: "",
  price: "",
  vatPreset: "21",
  customVat: "",
  onlineCategories: [],
  initialStock: "0",
  shippingWeight: "",
};

/** detailsOf fills the form from a stored product. */
export function detailsOf(p: AdminProduct): DetailsValues {
  const preset = isPresetVat(p.vatBasisPoints);
  return {
    name: p.name,
    code: p.code,
    sku: p.sku,
    ean: p.ean,
    brand: p.brand,
    description: p.description,
    category: p.category,
    country: p.country,
    price: priceInputText(Number(p.priceCents)),
    vatPreset: preset ? String(p.vatBasisPoints / 100) : customVat,
    customVat: preset ? "" : hundredthsText(p.vatBasisPoints),
    onlineCategories: p.onlineCategories.filter(isOnlineCategory),
    initialStock: String(p.stock),
    shippingWeight: p.weightMissing ? "" : String(p.shippingWeightGrams),
  };
}

/** vatText is the rate the form sends: the preset, or the custom rate as typed. */
export function vatText(v: DetailsValues): string {
  return v.vatPreset === customVat ? v.customVat.trim() : v.vatPreset;
}

/** toDetails builds the request's details; the form has checked them already. */
export function toDetails(v: DetailsValues): MessageInitShape<typeof ProductDetailsSchema> {
  return {
    name: v.name.trim(),
    code: v.code.trim(),
    sku: v.sku.trim(),
    ean: v.ean.trim(),
    brand: v.brand.trim(),
    description: v.description.trim(),
    category: v.category,
    country: v.country,
    price: v.price.trim(),
    vatRate: vatText(v),
    onlineCategories: v.onlineCategories,
    shippingWeightGrams: v.shippingWeight.trim(),
  };
}

/** validPrice and validVat say whether the texts parse as the server reads them. */
export const validPrice = (s: string) => parsePriceCents(s) !== null;
/** validVat says whether a custom rate parses: 0 to 100, two decimals at most. */
export const validVat = (s: string) => parseVatBasisPoints(s) !== null;
/** validWeight says whether a weight as typed is empty (unknown) or whole grams from 1 to 50 000. */
export const validWeight = (s: string) => {
  const t = s.trim().replace(/\s*g$/, "");
  return t === "" || (/^\d{1,5}$/.test(t) && Number(t) >= 1 && Number(t) <= 50_000);
};

/** fieldOfPath maps a server field path ("details.price", "details.online_categories[2]") to the form's field. */
export function fieldOfPath(path: string): DetailsField | undefined {
  const f = path.replace(/^details\./, "").replace(/\[\d+\]/g, "");
  const map: Record<string, DetailsField> = {
    name: "name",
    code: "code",
    sku: "sku",
    ean: "ean",
    brand: "brand",
    description: "description",
    category: "category",
    country: "country",
    price: "price",
    vat_rate: "customVat",
    online_categories: "onlineCategories",
    initial_stock: "initialStock",
    shipping_weight_grams: "shippingWeight",
  };
  return map[f];
}
