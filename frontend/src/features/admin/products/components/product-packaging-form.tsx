import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProductPackaging, useSetProductPackaging } from "@/features/admin/products/api/product-packaging";
import { gramsToMg, mgToGrams, packagingMaterials, type PackagingMaterial } from "@/features/admin/products/lib/packaging";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";

type Grams = Record<PackagingMaterial, string>;

/**
 * ProductPackagingForm edits the packaging around one unit of a product:
 * the grams of each material, empty for none (RD 1055/2022). Saved as a
 * whole and audited; the yearly export multiplies it by the units sold.
 */
export function ProductPackagingForm({ productId, onSaved }: { productId: bigint; onSaved: () => void }) {
  const { t } = useTranslation("admin", { keyPrefix: "packaging" });
  const packaging = useProductPackaging(productId);
  if (packaging.isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  if (packaging.isPending) return <Spinner label={t("loading")} />;
  const initial = Object.fromEntries(packagingMaterials.map((m) => [m, ""])) as Grams;
  for (const p of packaging.data.parts) {
    if ((packagingMaterials as readonly string[]).includes(p.material)) initial[p.material as PackagingMaterial] = mgToGrams(p.milligrams);
  }
  return <Form key={packaging.dataUpdatedAt} productId={productId} initial={initial} onSaved={onSaved} />;
}

function Form({ productId, initial, onSaved }: { productId: bigint; initial: Grams; onSaved: () => void }) {
  const { t } = useTranslation("admin", { keyPrefix: "packaging" });
  const id = useId();
  const [grams, setGrams] = useState(initial);
  const [wrong, setWrong] = useState<PackagingMaterial[]>([]);
  const save = useSetProductPackaging();
  const saveFailure = useSaveFailure();
  return (
    <form
      className="card space-y-4 p-4 sm:p-6"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const bad = packagingMaterials.filter((m) => gramsToMg(grams[m]) === null);
        setWrong(bad);
        if (bad.length > 0) {
          document.getElementById(`${id}-${bad[0]}`)?.focus();
          return;
        }
        const parts = packagingMaterials.flatMap((m) => {
          const mg = gramsToMg(grams[m]);
          return mg ? [{ material: m, milligrams: mg }] : [];
        });
        save.mutate({ id: productId, parts }, { onSuccess: onSaved, onError: (err) => saveFailure("product", err) });
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("title")}
      </h2>
      <p className="text-sm text-stone-700">{t("hint")}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {packagingMaterials.map((m) => {
          const invalid = wrong.includes(m);
          return (
            <div key={m}>
              <label htmlFor={`${id}-${m}`} className="mb-1 block text-sm font-medium">
                {t(`materials.${m}`)}
              </label>
              <div className="flex items-center gap-2">
                <input
                  id={`${id}-${m}`}
                  className="input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={grams[m]}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? `${id}-${m}-error` : undefined}
                  onChange={(e) => setGrams({ ...grams, [m]: e.target.value })}
                />
                <span aria-hidden="true">g</span>
              </div>
              {invalid && (
                <p id={`${id}-${m}-error`} className="mt-1 text-sm text-red-700">
                  {t("invalidGrams")}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {t("save")}
      </button>
    </form>
  );
}
