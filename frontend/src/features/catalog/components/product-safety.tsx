import { useTranslation } from "react-i18next";
import type { Product } from "@gen/sabores/v1/types_pb";

// What the General Product Safety Regulation (EU 2023/988, art. 19) asks an
// online shop to show of a product that is not food, before purchase: its
// manufacturer, its responsible person in the EU when the manufacturer is
// outside it, and its warnings and safety information.

/** ProductSafety shows a non-food product's manufacturer, responsible person and warnings; nothing for foods. */
export function ProductSafety({ product }: { product: Product }) {
  const { t } = useTranslation("catalog");
  const s = product.safety;
  if (product.isFood || !s) return null;
  const party = (name: string, address: string, contact: string) => (
    <dd>
      {name}
      <br />
      <span className="whitespace-pre-line">{address}</span>
      {contact && (
        <>
          <br />
          {contact}
        </>
      )}
    </dd>
  );
  return (
    <section aria-labelledby="product-safety-title" className="mt-8 rounded-xl border border-stone-200 p-4 sm:p-6">
      <h2 id="product-safety-title" className="text-xl font-bold">
        {t("safety.title")}
      </h2>
      <dl className="mt-3 grid gap-3 text-stone-800">
        <div>
          <dt className="font-semibold">{t("safety.manufacturer")}</dt>
          {party(s.manufacturerName, s.manufacturerAddress, s.manufacturerContact)}
        </div>
        {s.responsibleName && (
          <div>
            <dt className="font-semibold">{t("safety.responsible")}</dt>
            {party(s.responsibleName, s.responsibleAddress, s.responsibleContact)}
          </div>
        )}
        {s.warnings && (
          <div>
            <dt className="font-semibold">{t("safety.warnings")}</dt>
            <dd className="whitespace-pre-line">{s.warnings}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
