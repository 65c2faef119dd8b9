import { useMatches } from "react-router";

/** useRouteHandle returns the `handle` of the deepest matched route. */
export function useRouteHandle<T>(): T | undefined {
  const matches = useMatches();
  return matches.at(-1)?.handle as T | undefined;
}
