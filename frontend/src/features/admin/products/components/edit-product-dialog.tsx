import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ProductEdit } from "@/features/admin/products/api/products";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import { ProductContentForm } from "@/features/admin/products/components/product-content-form";
import {
  hundredthsText,
  isPresetVat,
  parsePriceCents,
  parseVatBasisPoints,
  priceInputText,
  vatPresets,
} from "@/features/admin/shared/lib/decimal-input";
import { isOnlineCategory, onlineCategories } from "@/features/admin/shared/lib/online-categories";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";

/** ProductEditValues is what the dialog hands back once price and VAT parse: the edit, less the product's id. */
export type ProductEditValues = Omit<ProductEdit, "id">;

const custom = "custom";

function EditForm({
  product,
  onSave,
  onInvalid,
}: {
  product: AdminProduct;
  onSave: (values: ProductEditValues) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  const vatBp = product.vatBasisPoints;
  const [price, setPrice] = useState(priceInputText(Number(product.priceCents)));
  const [preset, setPreset] = useState(isPresetVat(vatBp) ? String(vatBp / 100) : custom);
  const [customVat, setCustomVat] = useState(hundredthsText(vatBp));
  const [categories, setCategories] = useState(() => product.onlineCategories.filter(isOnlineCategory));
  const [invalid, setInvalid] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const vatRate = preset === custom ? customVat : preset;
    const priceCents = parsePriceCents(price);
    const vatBasisPoints = parseVatBasisPoints(vatRate);
    if (priceCents === null || vatBasisPoints === null) {
      setInvalid(true);
      onInvalid();
      return;
    }
    onSave({
      price: price.trim(),
      vatRate: vatRate.trim(),
      priceCents: BigInt(priceCents),
      vatBasisPoints,
      onlineCategories: categories,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-medium">
          {t("edit.price")}
        </label>
        {/* Text with a decimal keyboard rather than type=number: the shop types
            prices with a comma, which number inputs drop in many browsers. */}
        <input
          id={`${id}-price`}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          aria-invalid={invalid && parsePriceCents(price) === null ? true : undefined}
          aria-describedby={invalid ? `${id}-invalid` : undefined}
          onChange={(e) => setPrice(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-vat`} className="mb-1 block text-sm font-medium">
          {t("edit.vat")}
        </label>
        <select id={`${id}-vat`} className="input" value={preset} onChange={(e) => setPreset(e.target.value)}>
          {vatPresets.map((v) => (
            <option key={v} value={String(v)}>
              {v}%
            </option>
          ))}
          <option value={custom}>{t("edit.customVat")}</option>
        </select>
      </div>
      {preset === custom && (
        <div>
          <label htmlFor={`${id}-custom-vat`} className="mb-1 block text-sm font-medium">
            {t("edit.customVatLabel")}
          </label>
          <input
            id={`${id}-custom-vat`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={customVat}
            aria-invalid={invalid && parseVatBasisPoints(customVat) === null ? true : undefined}
            aria-describedby={`${id}-vat-hint${invalid ? ` ${id}-invalid` : ""}`}
            onChange={(e) => setCustomVat(e.target.value)}
          />
          <p id={`${id}-vat-hint`} className="mt-1 text-xs text-stone-600">
            {t("edit.customVatHint")}
          </p>
        </div>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("product.onlineCategories")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {onlineCategories.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={categories.includes(c)}
                onChange={(e) =>
                  setCategories((prev) =>
                    e.target.checked ? onlineCategories.filter((x) => x === c || prev.includes(x)) : prev.filter((x) => x !== c),
                  )
                }
              />
              {t(`onlineCategory.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {invalid && (
        <p id={`${id}-invalid`} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <strong>{t("edit.invalidTitle")}</strong> {t("edit.invalidText")}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="submit" className="btn btn-primary">
          {t("edit.save")}
        </button>
      </div>
    </form>
  );
}

/**
 * EditProductDialog is 'Editar produto': price and VAT prefilled, VAT presets or a custom rate, online categories;
 * a second tab edits the texts in both languages and the food information.
 */
export function EditProductDialog({
  product,
  onClose,
  onSave,
  onInvalid,
}: {
  product: AdminProduct | undefined;
  onClose: () => void;
  onSave: (product: AdminProduct, values: ProductEditValues) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation("admin");
  const [tab, setTab] = useState<"price" | "content">("price");
  const close = () => {
    setTab("price");
    onClose();
  };
  return (
    <AdminDialog
      open={product !== undefined}
      onOpenChange={(open) => !open && close()}
      title={t("edit.title")}
      description={product?.name}
    >
      <div className="mt-3 flex flex-wrap gap-2">
        {(["price", "content"] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={tab === k}
            className={`btn ${tab === k ? "btn-primary" : "btn-outline"} text-sm`}
            onClick={() => setTab(k)}
          >
            {t(k === "price" ? "content.tabPrice" : "content.tabContent")}
          </button>
        ))}
      </div>
      {product && tab === "price" && (
        <EditForm key={String(product.id)} product={product} onSave={(v) => onSave(product, v)} onInvalid={onInvalid} />
      )}
      {product && tab === "content" && <ProductContentForm key={String(product.id)} productId={product.id} onSaved={close} />}
    </AdminDialog>
  );
}
