/** PageItem is a page number or a gap in the pager. */
export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * pageWindow lists the page buttons to show: the first and last pages, the
 * current page and its neighbours within 2 (a window of 5), with an ellipsis
 * wherever pages are skipped.
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(current, 1), totalPages);
  let start = Math.max(1, page - 2);
  let end = Math.min(totalPages, page + 2);
  // Keep five numbers in the window near the edges.
  if (end - start < 4) {
    if (start === 1) end = Math.min(totalPages, start + 4);
    else if (end === totalPages) start = Math.max(1, end - 4);
  }
  const items: PageItem[] = [];
  // An ellipsis never hides a single page: that page is shown instead.
  if (start > 1) {
    items.push(1);
    if (start === 3) items.push(2);
    else if (start > 3) items.push("ellipsis-start");
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages) {
    if (end === totalPages - 2) items.push(totalPages - 1);
    else if (end < totalPages - 2) items.push("ellipsis-end");
    items.push(totalPages);
  }
  return items;
}

/** pageCount is the number of pages needed for total items. */
export function pageCount(total: number, pageSize: number): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize);
}

/** pageRange is the 1-based [first, last] item numbers shown on a page. */
export function pageRange(page: number, pageSize: number, total: number): [number, number] {
  if (total <= 0) return [0, 0];
  const first = (page - 1) * pageSize + 1;
  if (first > total) return [0, 0];
  return [first, Math.min(page * pageSize, total)];
}

/** readPage reads a 1-based `page` query parameter (1 when absent or invalid). */
export function readPage(sp: URLSearchParams): number {
  const page = Number.parseInt(sp.get("page") ?? "", 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** withPage sets the 1-based page, omitting it for page 1. */
export function withPage(sp: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(sp);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}
