import { useTranslation } from "react-i18next";
import { HeartIcon } from "@/components/ui/icons";
import type { Product } from "@gen/sabores/v1/types_pb";
import { useFavorites } from "@/stores/favorites-store";
import { effectivePrice } from "@/features/catalog/components/add-to-cart-button";

/** FavoriteButton toggles a product in the favourites list. */
export function FavoriteButton({ product, className = "" }: { product: Product; className?: string }) {
  const { t } = useTranslation();
  const { isFavorite, toggle } = useFavorites();
  const on = isFavorite(Number(product.id));
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? t("favorites.remove", { name: product.name }) : t("favorites.add", { name: product.name })}
      onClick={() =>
        toggle({
          id: Number(product.id),
          name: product.name,
          priceCents: effectivePrice(product),
          image: product.imageUrl,
          stock: product.stock,
        })
      }
      className={`rounded-full bg-white/90 p-2 leading-none shadow hover:bg-white ${className}`}
    >
      <HeartIcon filled={on} size={20} className={on ? "text-red-600" : "text-stone-700"} />
    </button>
  );
}
