import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { CountNeeded as ToCount } from "@gen/sabores/v1/admin_dashboard_service_pb";

/**
 * CountNeeded asks the owner to count the products a till sale sold below
 * the counted stock (the unit in the customer's hand is sold anyway), each
 * with its figure and a link to its page; nothing when none.
 */
export function CountNeeded({ products }: { products: readonly ToCount[] }) {
  const { t } = useTranslation("admin");
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="count-needed-title" className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950" data-testid="count-needed">
      <h2 id="count-needed-title" className="font-bold">
        {t("countNeeded.title")}
      </h2>
      <p className="text-sm">{t("countNeeded.why")}</p>
      <ul className="mt-2 space-y-1">
        {products.map((p) => (
          <li key={String(p.productId)}>
            <Link to={`/admin/catalogue/${p.productId}`} className="font-semibold underline">
              {p.name}
            </Link>{" "}
            · {t("countNeeded.stock", { stock: Number(p.stock) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
