import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { withPage } from "@/lib/paging";

/**
 * useClampedPage sends a page number past the last page (an old link,
 * `?page=99`) to the last page, replacing the history entry: such a page
 * listed nothing beside a count of products. An empty listing (no pages)
 * stays where it is and says it is empty. Only the answer for this very
 * listing counts: while the previous listing's answer stands in for it
 * (placeholder data, say after going back from a one-page search to page 4
 * of another), its page count is someone else's.
 */
export function useClampedPage(page: number, totalPages: number | undefined, isPlaceholderData: boolean) {
  const [sp, setSp] = useSearchParams();
  useEffect(() => {
    if (!isPlaceholderData && totalPages !== undefined && totalPages > 0 && page > totalPages) {
      setSp(withPage(sp, totalPages), { replace: true });
    }
  }, [page, totalPages, isPlaceholderData, sp, setSp]);
}
