import { useEffect } from "react";
import { useSearchProducts } from "@/features/catalog/api/catalog";
import type { Product } from "@gen/sabores/v1/types_pb";

/** SearchState is the header search's answer: products once some came, or the failure. */
export interface SearchState {
  products?: Product[];
  isError: boolean;
  error?: unknown;
}

/** SearchQuery runs the header search for query and reports it through onChange. */
export function SearchQuery({ query, onChange }: { query: string; onChange: (state: SearchState) => void }) {
  const search = useSearchProducts(query);
  const products = search.data?.products;
  const { isError, error } = search;
  useEffect(() => onChange({ products, isError, error }), [onChange, products, isError, error]);
  return null;
}
