import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { ProductImage } from "@/components/ui/product-image";
import { Seo } from "@/components/seo/seo";
import { useValidateCart } from "@/features/cart/api/cart";
import { useAddToCart } from "@/hooks/use-add-to-cart";
import { useFavorites } from "@/stores/favorites-store";

/**
 * FavoritesRoute is /favorites: 'Meus Favoritos'. The stock saved with a
 * favourite is as old as the favourite, so the server is asked what is left
 * (one unit of each, priced like a cart): a sold-out favourite says
 * 'Agotado' and cannot be added, as on product cards.
 */
export default function FavoritesRoute() {
  const { t } = useTranslation("account");
  const { favorites, remove } = useFavorites();
  const add = useAddToCart();
  const live = useValidateCart(favorites.map((f) => ({ ...f, stock: f.stock ?? 0, quantity: 1 })));
  const stockOf = (id: number, saved?: number) => {
    const line = live.data?.lines.find((l) => Number(l.productId) === id);
    return line ? line.availableStock : (saved ?? 1);
  };
  return (
    <div className="container-page py-6">
      <Seo title={t("favorites.metaTitle")} />
      <h1 className="text-3xl font-bold">{t("favorites.title")}</h1>
      {favorites.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-xl font-semibold">{t("favorites.empty")}</p>
          <Link to="/" className="btn btn-primary mt-6">
            {t("favorites.explore")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {favorites.map((f) => (
            <li key={f.id} className="card flex flex-col overflow-hidden">
              <ProductImage src={f.image} alt="" className="aspect-square w-full" />
              <div className="flex flex-1 flex-col gap-2 p-3">
                <Link to={`/producto/${f.id}`} className="text-sm font-semibold hover:underline">
                  {f.name}
                </Link>
                <Price cents={f.priceCents} className="font-bold" />
                {stockOf(f.id, f.stock) > 0 ? (
                  <button
                    type="button"
                    className="btn btn-primary mt-auto"
                    onClick={() => add({ id: f.id, name: f.name, priceCents: f.priceCents, image: f.image, stock: stockOf(f.id, f.stock) })}
                  >
                    {t("favorites.addToCart")}
                  </button>
                ) : (
                  <button type="button" className="btn btn-outline mt-auto" disabled>
                    {t("product.soldOut", { ns: "common" })}
                  </button>
                )}
                <button type="button" className="btn btn-outline" onClick={() => remove(f.id)}>
                  {t("favorites.remove")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
