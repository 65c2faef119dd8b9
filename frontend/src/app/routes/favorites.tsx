import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { ProductImage } from "@/components/ui/product-image";
import { Seo } from "@/components/seo/seo";
import { useAddToCart } from "@/hooks/use-add-to-cart";
import { useFavorites } from "@/stores/favorites-store";

/** FavoritesRoute is /favorites: 'Meus Favoritos'. */
export default function FavoritesRoute() {
  const { t } = useTranslation("account");
  const { favorites, remove } = useFavorites();
  const add = useAddToCart();
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
                <button
                  type="button"
                  className="btn btn-primary mt-auto"
                  onClick={() => add({ id: f.id, name: f.name, priceCents: f.priceCents, image: f.image, stock: f.stock })}
                >
                  {t("favorites.addToCart")}
                </button>
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
