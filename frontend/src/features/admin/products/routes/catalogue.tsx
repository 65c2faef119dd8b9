import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useAdminProducts } from "@/features/admin/products/api/products";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";
import { formatPrice } from "@/lib/format-price";
import { gapKey } from "@/features/admin/products/lib/publish-gaps";
import { PackagingExport } from "@/features/admin/products/components/packaging-export";

/**
 * Catalogue is /admin/catalogue: every product, archived ones and drafts
 * marked, each with what it lacks before publishing, searchable, with
 * 'Nuevo producto'.
 */
export default function Catalogue() {
  const { t, i18n } = useTranslation("admin");
  const { t: tb } = useTranslation("admin");
  const id = useId();
  const [query, setQuery] = useState("");
  const products = useAdminProducts(useDeferredValue(query));
  const rows = products.data?.pages.flatMap((p) => p.products) ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("catalogue.title")}</h1>
        <Link to="/admin/catalogue/csv" className="btn btn-outline ml-auto">
          {t("catalogueCsv.link")}
        </Link>
        <Link to="/admin/catalogue/new" className="btn btn-primary">
          {t("catalogue.add")}
        </Link>
      </div>
      <PackagingExport />
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
          {t("catalogue.search")}
        </label>
        <input id={`${id}-q`} type="search" className="input" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {products.isPending && <Spinner label={t("loading")} />}
      {products.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {products.isSuccess && rows.length === 0 && <p className="text-stone-600">{t("catalogue.empty")}</p>}
      <ul className="card divide-y divide-stone-200">
        {rows.map((p) => (
          <li key={String(p.id)}>
            <Link to={`/admin/catalogue/${p.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 hover:bg-stone-50">
              <span className="font-semibold">{p.name}</span>
              {p.archiveTime && <span className="rounded bg-stone-200 px-1.5 text-xs">{t("catalogue.archived")}</span>}
              {!p.archiveTime && !p.publishTime && (
                <span className="rounded bg-stone-700 px-1.5 text-xs text-white">{tb("publish.draftBadge")}</span>
              )}
              {p.weightMissing && !p.archiveTime && (
                <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t("catalogue.weightMissing")}</span>
              )}
              <span className="text-sm text-stone-600">
                {p.code} · {p.sku}
              </span>
              <span className="ml-auto text-sm">
                {formatPrice(p.priceCents, i18n.language)} · {t("catalogue.stock", { count: p.stock })}
              </span>
              {!p.archiveTime && p.publishGaps.length > 0 && (
                <span className="basis-full text-sm text-amber-900">
                  {tb("publish.listLacks", {
                    gaps: p.publishGaps.map((g) => tb(`publish.short.${gapKey(g) ?? ""}`)).join(", "),
                  })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      {products.hasNextPage && (
        <button type="button" className="btn btn-outline" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
          {t("catalogue.more")}
        </button>
      )}
    </div>
  );
}
