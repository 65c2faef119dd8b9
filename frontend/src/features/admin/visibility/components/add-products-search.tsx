import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { formatPrice } from "@/lib/format-price";
import { addableSearchMinLength, useAddableProducts } from "@/features/admin/visibility/api/visibility";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";

/** addSearchDebounceMs is the pause after typing before the add-products search runs. */
export const addSearchDebounceMs = 400;

/**
 * AddProductsSearch finds products not yet visible in the country (from 2
 * characters, 400 ms after typing, at most 50) and adds them.
 */
export function AddProductsSearch({
  country,
  adding,
  onAdd,
}: {
  country: string;
  adding: ReadonlySet<bigint>;
  onAdd: (product: AdminProduct) => void;
}) {
  const { t, i18n } = useTranslation("admin");
  const [text, setText] = useState("");
  const query = useDebouncedValue(text, addSearchDebounceMs).trim();
  const active = query.length >= addableSearchMinLength;
  const { data, isFetching, isError } = useAddableProducts(country, query);
  const results = active ? (data?.products ?? []).filter((p) => !adding.has(p.id)) : [];

  return (
    <section aria-labelledby="add-title" className="card space-y-3 p-4">
      <h2 id="add-title" className="font-bold">
        {t("add.title")}
      </h2>
      <div>
        <label htmlFor="add-products-search" className="mb-1 block text-sm font-medium">
          {t("add.label")}
        </label>
        <input
          id="add-products-search"
          type="search"
          className="input"
          value={text}
          autoComplete="off"
          aria-describedby="add-products-hint"
          placeholder={t("add.placeholder")}
          onChange={(e) => setText(e.target.value)}
        />
        <p id="add-products-hint" className="mt-1 text-xs text-stone-600">
          {t("add.hint")}
        </p>
      </div>
      {active && isFetching && !data && <Spinner label={t("loading")} />}
      {active && isError && (
        <p role="alert" className="text-sm text-red-700">
          {t("loadError")}
        </p>
      )}
      <div aria-live="polite">
        {active && data && results.length === 0 && !isFetching && (
          <p className="text-sm text-stone-700">{t("add.empty")}</p>
        )}
        {results.length > 0 && (
          <p className="sr-only">{t("add.count", { count: results.length })}</p>
        )}
      </div>
      {results.length > 0 && (
        <ul className="max-h-80 divide-y divide-stone-100 overflow-y-auto">
          {results.map((p) => (
            <li key={String(p.id)} className="flex items-center gap-3 py-2 text-sm">
              <span className="flex-1">
                <span className="block font-medium">{p.name}</span>
                <span className="block text-xs text-stone-600">
                  {p.code} · {p.sku} · {formatPrice(p.priceCents, i18n.language)}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-outline"
                aria-label={`${t("add.add")}: ${p.name}`}
                onClick={() => onAdd(p)}
              >
                {t("add.add")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
