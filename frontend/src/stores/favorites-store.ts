import { useMemo } from "react";
import { useLocalStorageState } from "@/stores/use-local-storage-state";

/** Favorite is a product kept under the `favorites` key. */
export interface Favorite {
  id: number;
  name: string;
  priceCents: number;
  image: string;
  stock?: number;
}

function parseFavorites(value: unknown): Favorite[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is Favorite =>
      typeof v === "object" &&
      v !== null &&
      typeof (v as Favorite).id === "number" &&
      typeof (v as Favorite).name === "string" &&
      typeof (v as Favorite).priceCents === "number",
  );
}

interface FavoritesValue {
  favorites: Favorite[];
  isFavorite: (id: number) => boolean;
  toggle: (f: Favorite) => void;
  remove: (id: number) => void;
}

/**
 * useFavorites is the favourites list, kept in local storage under
 * `favorites`; each reader follows it on its own (use-local-storage-state.ts).
 */
export function useFavorites(): FavoritesValue {
  const [favorites, update] = useLocalStorageState("favorites", parseFavorites);
  return useMemo<FavoritesValue>(
    () => ({
      favorites,
      isFavorite: (id) => favorites.some((f) => f.id === id),
      toggle: (f) =>
        update((prev) => (prev.some((p) => p.id === f.id) ? prev.filter((p) => p.id !== f.id) : [...prev, f])),
      remove: (id) => update((prev) => prev.filter((p) => p.id !== id)),
    }),
    [favorites, update],
  );
}
