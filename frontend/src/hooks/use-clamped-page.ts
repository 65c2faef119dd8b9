import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { withPage } from "@/lib/paging";

/**
 * useClampedPage sends a page number past the last page (an old link,
 * `?page=99`) to the last page, replacing the history entry: such a page
 * listed nothing beside a count of products. An empty listing (no pages)
 * stays where it is and says it is empty.
 */
export function useClampedPage(page: number, totalPages: number | undefined) {
  const [sp, setSp] = useSearchParams();
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) {
      setSp(withPage(sp, totalPages), { replace: true });
    }
  }, [page, totalPages, sp, setSp]);
}
