import { createContext, use, useMemo, type ReactNode } from "react";
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

interface FavoritesContextValue {
  favorites: Favorite[];
  isFavorite: (id: number) => boolean;
  toggle: (f: Favorite) => void;
  remove: (id: number) => void;
}

const FavoritesContext = createContext<FavoritesContextValue | null>(null);

/** FavoritesProvider keeps the favourites list in local storage under `favorites`. */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const [favorites, update] = useLocalStorageState("favorites", parseFavorites);
  const value = useMemo<FavoritesContextValue>(
    () => ({
      favorites,
      isFavorite: (id) => favorites.some((f) => f.id === id),
      toggle: (f) =>
        update((prev) => (prev.some((p) => p.id === f.id) ? prev.filter((p) => p.id !== f.id) : [...prev, f])),
      remove: (id) => update((prev) => prev.filter((p) => p.id !== id)),
    }),
    [favorites, update],
  );
  return <FavoritesContext value={value}>{children}</FavoritesContext>;
}

/** useFavorites reads the favourites; it throws outside FavoritesProvider. */
export function useFavorites(): FavoritesContextValue {
  const ctx = use(FavoritesContext);
  if (!ctx) throw new Error("useFavorites must be used inside FavoritesProvider");
  return ctx;
}
