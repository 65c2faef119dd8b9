import { memo, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Rating } from "@/components/ui/rating";
import { AddToCartButton } from "@/features/catalog/components/add-to-cart-button";
import { FavoriteButton } from "@/features/catalog/components/favorite-button";
import { ProductImage } from "@/components/ui/product-image";
import { PastBestBefore } from "@/components/ui/past-best-before";
import { ProductPrice } from "@/features/catalog/components/product-price";
import type { Product } from "@gen/sabores/v1/types_pb";
import { lowStock } from "@/features/catalog/stock";

/**
 * ProductCard is a product tile: image, name, price, stock badge, the
 * past best-before label, add and favourite. It renders again only when its props change: a grid or an offer
 * card rendering again (the offers' countdown every second, or right after
 * hydration) leaves its cards as they are, which a phone's CPU otherwise
 * pays for in blocking time (issue 20).
 */
export const ProductCard = memo(function ProductCard({
  product,
  extra,
  addDisabled = false,
  headingLevel = 3,
  priority = false,
}: {
  product: Product;
  extra?: ReactNode;
  addDisabled?: boolean;
  headingLevel?: 2 | 3;
  /** priority loads the image at once (a card in the page's first screen). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const lowUnits = lowStock(product.stock);
  return (
    <article className="card relative flex flex-col overflow-hidden">
      <Link to={`/producto/${product.id}`} tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.imageUrl}
          srcSet={product.imageSrcset}
          sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
          alt=""
          className="aspect-square w-full"
          priority={priority}
        />
      </Link>
      <FavoriteButton product={product} className="absolute right-2 top-2" />
      {lowUnits && (
        <span className="absolute left-2 top-2 rounded bg-amber-500 px-2 py-0.5 text-xs font-bold text-stone-900">
          {t("product.lastUnits", { count: product.stock })}
        </span>
      )}
      <div className="flex flex-1 flex-col gap-2 p-3">
        {product.brand && <p className="text-xs uppercase tracking-wide text-stone-600">{product.brand}</p>}
        <Heading className="text-sm font-semibold leading-snug">
          <Link to={`/producto/${product.id}`} className="hover:underline">
            {product.name}
          </Link>
        </Heading>
        <Rating value={product.rating} />
        <div className="mt-auto">
          <ProductPrice product={product} />
        </div>
        <PastBestBefore date={product.pastBestBefore} compact />
        {extra}
        <AddToCartButton product={product} disabled={addDisabled} className="w-full" />
      </div>
    </article>
  );
});

/** ProductCardSkeleton holds a card's place while products load (no layout jump). */
export function ProductCardSkeleton() {
  return (
    <div className="card overflow-hidden" aria-hidden="true">
      <div className="aspect-square w-full animate-pulse bg-stone-200" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-3/4 animate-pulse rounded bg-stone-200" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-stone-200" />
        <div className="h-9 w-full animate-pulse rounded bg-stone-200" />
      </div>
    </div>
  );
}
