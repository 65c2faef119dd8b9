import { useId, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Pagination } from "@/components/ui/pagination";
import { Seo } from "@/components/seo/seo";
import { searchPageSize, useSearchPage } from "@/features/catalog/api/catalog";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { useClampedPage } from "@/hooks/use-clamped-page";
import { useListError } from "@/hooks/use-list-error";
import { pageCount, pageRange, readPage, withPage } from "@/lib/paging";

/**
 * SearchRoute is /buscar?q=…&page=…: every product the header search finds
 * (each word, in any order, accents ignored), 24 a page, with a box to
 * search again. The header's Enter and its "Ver todos" lead here.
 */
export default function SearchRoute() {
  const { t } = useTranslation("search");
  const [sp, setSp] = useSearchParams();
  const q = (sp.get("q") ?? "").trim();
  const page = readPage(sp);
  const query = useSearchPage(q, page);
  const error = useListError(query.error);
  const total = query.data?.totalSize ?? 0;
  const totalPages = query.data && pageCount(total, searchPageSize);
  useClampedPage(page, totalPages, query.isPlaceholderData);
  const [first, last] = pageRange(page, searchPageSize, total);
  const inputId = useId();
  if (query.isError) console.error("search page: load failed", query.error);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get("q") ?? "").trim();
    if (text) setSp({ q: text });
  };

  return (
    <div className="container-page py-6">
      <Seo title={t("metaTitle", { query: q })} description={t("metaDescription")} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold break-words">{q ? t("title", { query: q }) : t("titleEmpty")}</h1>
      <form role="search" onSubmit={submit} className="mt-4 flex max-w-xl gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t("label")}
        </label>
        <input id={inputId} key={q} name="q" type="search" defaultValue={q} className="input min-w-0 flex-1" />
        <button type="submit" className="btn btn-primary">
          {t("submit")}
        </button>
      </form>
      <p className="mt-4 min-h-6 text-sm text-stone-700" role="status">
        {q && query.data ? (first > 0 ? t("showing", { first, last, total }) : "") : ""}
      </p>
      {q ? (
        <div className="mt-2">
          <ProductGrid
            products={query.data?.products}
            isPending={query.isPending}
            error={error}
            skeletons={8}
            empty={t("empty", { query: q })}
          />
          <Pagination
            page={page}
            totalPages={totalPages ?? 0}
            onPage={(p) => {
              setSp(withPage(sp, p));
              window.scrollTo(0, 0);
            }}
          />
        </div>
      ) : (
        <p className="mt-2 text-stone-700">{t("prompt")}</p>
      )}
    </div>
  );
}
