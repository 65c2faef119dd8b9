import { useTranslation } from "react-i18next";
import { pageWindow } from "@/lib/paging";

/**
 * Pagination shows Anterior/Siguiente and a window of five page numbers with
 * the first and last pages and ellipses (or 'Página X de Y' without the
 * window). label names the pager for screen readers; className places it.
 * A list paged by tokens says whether each side exists (hasPrevious,
 * hasNext: the server's tokens, not the page count, which can lag); busy
 * disables both sides while a page loads, so a double click skips no page.
 */
export function Pagination({
  page,
  totalPages,
  onPage,
  window = true,
  label,
  className = "mt-8 justify-center",
  hasPrevious = page > 1,
  hasNext = page < totalPages,
  busy = false,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  window?: boolean;
  label?: string;
  className?: string;
  hasPrevious?: boolean;
  hasNext?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label={label ?? t("pagination.label")} className={`flex flex-wrap items-center gap-1 ${className}`}>
      <button type="button" className="btn btn-outline" disabled={busy || !hasPrevious} onClick={() => onPage(page - 1)}>
        {t("pagination.previous")}
      </button>
      {window &&
        pageWindow(page, totalPages).map((item) =>
          typeof item === "number" ? (
            <button
              key={item}
              type="button"
              aria-current={item === page ? "page" : undefined}
              aria-label={t("pagination.page", { page: item })}
              onClick={() => onPage(item)}
              className={`btn min-w-10 ${item === page ? "btn-primary" : "btn-outline"}`}
            >
              {item}
            </button>
          ) : (
            <span key={item} aria-hidden="true" className="px-2 text-stone-500">
              …
            </span>
          ),
        )}
      {!window && (
        <span className="px-3 text-sm text-stone-700">{t("pagination.pageOf", { page, total: totalPages })}</span>
      )}
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy || !hasNext}
        onClick={() => onPage(page + 1)}
      >
        {t("pagination.next")}
      </button>
    </nav>
  );
}
