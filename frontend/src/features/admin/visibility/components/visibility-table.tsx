import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useOverflowsX } from "@/hooks/use-overflows-x";
import { CountryFlag } from "@/components/ui/country-tile";
import { useCountryName } from "@/features/admin/visibility/hooks/use-country-name";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import type { Country } from "@gen/sabores/v1/types_pb";

/** visibilityKey names one product in one country among the pending changes. */
export function visibilityKey(productId: bigint, country: string): string {
  return `${productId}:${country}`;
}

/** serverVisible says whether the server has the product visible in the country. */
export function serverVisible(p: AdminProduct, country: string): boolean {
  return p.visibility.some((v) => v.country === country && v.visible);
}

/**
 * VisibilityTable is one page of products with a checkbox per country. A
 * checkbox shows the pending or saving value when there is one, so edits
 * appear at once. Where the countries do not fit (a phone) a line above
 * says the table scrolls sideways, and the table is a focusable region
 * the keyboard can scroll.
 */
export function VisibilityTable({
  products,
  countries,
  shown,
  onToggle,
}: {
  products: AdminProduct[];
  countries: Country[];
  shown: (key: string) => boolean | undefined;
  onToggle: (product: AdminProduct, country: string, visible: boolean) => void;
}) {
  const { t } = useTranslation("admin");
  const countryName = useCountryName();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(scroller);
  return (
    <>
      {overflows && (
        <p id={hintId} className="mb-2 flex items-center gap-1 text-sm font-medium text-stone-700">
          {t("byCountry.scrollHint")} <span aria-hidden="true">→</span>
        </p>
      )}
    <div
      ref={scroller}
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={t("byCountry.tableCaption")}
      aria-describedby={overflows ? hintId : undefined}
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{t("byCountry.tableCaption")}</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="sticky left-0 bg-white py-2 pr-3">
              {t("byCountry.product")}
            </th>
            {countries.map((c) => (
              <th key={c.slug} scope="col" className="px-1 py-2 text-center font-medium">
                <CountryFlag flagEmoji={c.flagEmoji} imageUrl={c.imageUrl} className="mx-auto block h-4 w-6" />
                <span className="block text-xs">{countryName(c)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={String(p.id)} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="sticky left-0 bg-white py-2 pr-3 text-left font-normal">
                <span className="block font-medium">{p.name}</span>
                <span className="block text-xs text-stone-600">
                  {t("product.code")}: {p.code} · {t("product.sku")}: {p.sku}
                </span>
              </th>
              {countries.map((c) => {
                const key = visibilityKey(p.id, c.slug);
                const checked = shown(key) ?? serverVisible(p, c.slug);
                return (
                  <td key={c.slug} className="px-1 py-2 text-center">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-brand-700"
                      checked={checked}
                      aria-label={t("byCountry.visibleIn", { product: p.name, country: c.name })}
                      onChange={(e) => onToggle(p, c.slug, e.target.checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}
