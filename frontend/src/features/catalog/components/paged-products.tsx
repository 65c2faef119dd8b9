import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Pagination } from "@/components/ui/pagination";
import { useProducts, type ProductFilter } from "@/features/catalog/api/catalog";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { useClampedPage } from "@/hooks/use-clamped-page";
import { useListError } from "@/hooks/use-list-error";
import { pageCount, withPage } from "@/lib/paging";

/**
 * PagedProducts is a ListProducts page chosen by the URL's ?page: the grid
 * in its loading, error and empty states, then the pager, which moves pages
 * through the URL, and a page past the last one goes to the last. The
 * category pages, /todos and /colombia share it.
 */
export function PagedProducts({
  filter,
  pageSize,
  loading,
  skeletons,
  priority,
  empty,
  pagerWindow,
  logAs,
}: {
  /** filter is the request, its page and pageSize included. */
  filter: ProductFilter & { page: number };
  pageSize: number;
  /** loading replaces the skeleton grid while the first page loads. */
  loading?: ReactNode;
  skeletons?: number;
  priority?: number;
  empty?: ReactNode;
  pagerWindow?: boolean;
  /** logAs names the page in the console when the list fails to load. */
  logAs?: string;
}) {
  const [sp, setSp] = useSearchParams();
  const query = useProducts(filter);
  const error = useListError(query.error);
  const totalPages = query.data && pageCount(query.data.totalSize, pageSize);
  useClampedPage(filter.page, totalPages, query.isPlaceholderData);
  if (logAs && query.isError) console.error(`${logAs}: load failed`, query.error);
  return (
    <>
      {loading && query.isPending ? (
        loading
      ) : (
        <ProductGrid
          products={query.data?.products}
          isPending={query.isPending}
          error={error}
          skeletons={skeletons}
          priority={priority}
          empty={empty}
        />
      )}
      <Pagination
        page={filter.page}
        totalPages={totalPages ?? 0}
        onPage={(p) => {
          setSp(withPage(sp, p));
          // A new page starts at its top: the pager sits below the grid,
          // and keeping the scroll showed the next page's last row.
          window.scrollTo(0, 0);
        }}
        window={pagerWindow}
      />
    </>
  );
}
