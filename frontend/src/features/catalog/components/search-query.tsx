import { useEffect } from "react";
import { useSearchProducts } from "@/features/catalog/api/catalog";
import type { Product } from "@gen/sabores/v1/types_pb";

/** SearchState is the header search's answer: products once some came, or the failure. */
export interface SearchState {
  products?: Product[];
  /** total is how many products match in all, on the results page. */
  total?: number;
  isError: boolean;
  error?: unknown;
}

/** SearchQuery runs the header search for query and reports it through onChange. */
export function SearchQuery({ query, onChange }: { query: string; onChange: (state: SearchState) => void }) {
  const search = useSearchProducts(query);
  const products = search.data?.products;
  const total = search.data?.totalSize;
  const { isError, error } = search;
  useEffect(() => onChange({ products, total, isError, error }), [onChange, products, total, isError, error]);
  return null;
}
