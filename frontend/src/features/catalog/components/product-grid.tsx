import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ProductCard, ProductCardSkeleton } from "@/features/catalog/components/product-card";
import { HydrateWhenSeen } from "@/lib/hydrate-when-seen";
import type { Product } from "@gen/sabores/v1/types_pb";

/** gridClass lays cards out two per row on phones, up to four on desktops. */
export const gridClass = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 md:gap-4";

/** SkeletonGrid holds the place of count product cards while they load. */
export function SkeletonGrid({ count, children }: { count: number; children?: ReactNode }) {
  return (
    <div className={gridClass} aria-busy="true">
      {children}
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * ProductGrid shows products with the three data states: skeleton cards
 * while loading, an error line, or an empty message.
 */
export function ProductGrid({
  products,
  isPending,
  error,
  skeletons = 8,
  empty,
  priority = 0,
}: {
  products: Product[] | undefined;
  isPending: boolean;
  error?: ReactNode;
  skeletons?: number;
  empty?: ReactNode;
  /** priority is how many leading cards are in the page's first screen (their images load at once). */
  priority?: number;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {error}
      </p>
    );
  }
  if (isPending) {
    return (
      <SkeletonGrid count={skeletons}>
        <span className="sr-only" role="status">
          {t("loading")}
        </span>
      </SkeletonGrid>
    );
  }
  if (!products || products.length === 0) {
    return <p className="rounded-lg bg-stone-100 p-6 text-center text-stone-700">{empty ?? t("noProducts")}</p>;
  }
  // The cards below the first screen hydrate when the shopper scrolls to
  // them, four (a phone's two rows) at a time.
  const groups = [];
  for (let i = priority; i < products.length; i += 4) groups.push(products.slice(i, i + 4));
  return (
    <div className={gridClass}>
      {products.slice(0, priority).map((p) => (
        <ProductCard key={p.id} product={p} priority />
      ))}
      {groups.map((g) => (
        <HydrateWhenSeen key={g[0].id}>
          {g.map((p) => (
            <ProductCard key={p.id} product={p} priority={false} />
          ))}
        </HydrateWhenSeen>
      ))}
    </div>
  );
}
