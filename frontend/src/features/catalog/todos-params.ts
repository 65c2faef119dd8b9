import { ProductSort } from "@gen/sabores/v1/types_pb";
import type { ProductFilter } from "@/features/catalog/api/catalog";
import { readPage } from "@/lib/paging";

// The /todos query parameters: category (default todos), sortBy (default
// name) and page (default 1). Defaults are never written to the URL, and a
// filter change drops page so the shopper starts again at page 1.

/**
 * fixedCategories are the category filter's options that are not categories:
 * everything (the default, first) and the two sections (last). The
 * categories between come from the server (ListCategories).
 */
export const fixedCategories = { first: ["todos"], last: ["lanzamientos", "populares"] } as const;
/** sortOptions are the sort filter's options, default first. */
export const sortOptions = ["name", "price-asc", "price-desc"] as const;

/** TodosCategory is a category filter value: todos, a category's slug or a section. */
export type TodosCategory = string;
/** SortOption is a sort filter value. */
export type SortOption = (typeof sortOptions)[number];

/** TodosParams are the parsed /todos parameters. */
export interface TodosParams {
  category: TodosCategory;
  sortBy: SortOption;
  page: number;
}

/** todosPageSize is the number of products per /todos page. */
export const todosPageSize = 20;

const onlineCategories = new Set<TodosCategory>(fixedCategories.last);
// A category slug as the contract accepts it.
const slugPattern = /^[a-z0-9-]{1,40}$/;

/** readTodosParams parses the URL; unknown values fall back to the defaults. */
export function readTodosParams(sp: URLSearchParams): TodosParams {
  const category = sp.get("category") as TodosCategory | null;
  const sortBy = sp.get("sortBy") as SortOption | null;
  return {
    category: category && slugPattern.test(category) ? category : "todos",
    sortBy: sortBy && sortOptions.includes(sortBy) ? sortBy : "name",
    page: readPage(sp),
  };
}

/** withFilter sets a filter (removing it at its default) and removes page. */
export function withFilter(sp: URLSearchParams, key: "category" | "sortBy", value: string): URLSearchParams {
  const next = new URLSearchParams(sp);
  const defaults = { category: "todos", sortBy: "name" };
  if (value === defaults[key]) next.delete(key);
  else next.set(key, value);
  next.delete("page");
  return next;
}

const sortMap: Record<SortOption, ProductSort> = {
  name: ProductSort.NAME,
  "price-asc": ProductSort.PRICE_ASC,
  "price-desc": ProductSort.PRICE_DESC,
};

/** toListRequest turns the parameters into a ListProducts request. */
export function toListRequest(p: TodosParams): ProductFilter {
  const base: ProductFilter = { sort: sortMap[p.sortBy], page: p.page, pageSize: todosPageSize };
  if (p.category === "todos") return base;
  return onlineCategories.has(p.category) ? { ...base, onlineCategory: p.category } : { ...base, category: p.category };
}
