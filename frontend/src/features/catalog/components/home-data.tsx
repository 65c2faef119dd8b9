import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { CountryTileFace, countryTileClass } from "@/components/ui/country-tile";
import { homeSectionRequest, useActivePromotions, useCountries, useProducts } from "@/features/catalog/api/catalog";
import { CountryTileSkeletons, countryListClass } from "@/features/catalog/components/country-grid";
import { ProductGrid, SkeletonGrid, gridClass } from "@/features/catalog/components/product-grid";
import { PromotionCard } from "@/features/catalog/components/promotion-card";
import { sitePath } from "@/lib/site-link";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { Countdown } from "@/features/catalog/components/countdown";
import { useNow } from "@/hooks/use-now";
import { soonestEnd } from "@/lib/countdown";

// The home page's data-bound parts. They come with the data layer, in a chunk
// that downloads beside the first paint; the page shows their skeletons until
// then (see routes/home.tsx).

/** CountryTiles are the countries configured on the server to show on the home page. */
export function CountryTiles() {
  const { t } = useTranslation("catalog");
  const { data, isPending, isError } = useCountries();
  const countries = (data?.countries ?? []).filter((c) => c.showOnHome);
  return (
    <>
      {isError && <p className="text-stone-600">{t("home.countriesError")}</p>}
      <ul className={countryListClass}>
        {isPending && <CountryTileSkeletons />}
        {countries.map((c) => (
          <li key={c.slug}>
            <Link
              to={sitePath(c.href, `/${c.slug}`)}
              className={`${countryTileClass} transition-transform hover:scale-[1.02] ${c.backgroundClasses}`}
            >
              <CountryTileFace name={c.name} flagEmoji={c.flagEmoji} imageUrl={c.imageUrl} />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * CategoryProducts are the four newest products of an online category;
 * firstScreen says the row shows in the page's first screen.
 */
export function CategoryProducts({
  category,
  fallbackError,
  firstScreen = false,
}: {
  category: string;
  fallbackError: string;
  firstScreen?: boolean;
}) {
  const query = useProducts(homeSectionRequest(category));
  return (
    <ProductGrid
      products={query.data?.products}
      isPending={query.isPending}
      skeletons={4}
      priority={firstScreen ? 4 : 0}
      error={query.isError ? query.error.rawMessage || fallbackError : undefined}
    />
  );
}

/** ActivePromotions are the products on offer now, each with its countdown. */
export function ActivePromotions() {
  const { t } = useTranslation("catalog");
  const query = useActivePromotions();
  const products = query.data?.products ?? [];
  if (query.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {t("home.promotionsError")}
      </p>
    );
  }
  if (query.isPending) return <SkeletonGrid count={4} />;
  if (products.length === 0) {
    return <p className="rounded-lg bg-stone-100 p-6 text-center text-stone-700">{t("home.noPromotions")}</p>;
  }
  return (
    <div className={gridClass}>
      {products.map((p) => (
        <PromotionCard key={p.id} product={p} />
      ))}
    </div>
  );
}

/**
 * CountdownBanner counts down to the end of the soonest-ending promotion
 * running now, and is not shown when none runs with an end date.
 */
export function CountdownBanner() {
  const { t } = useTranslation("catalog");
  const promotions = useActivePromotions();
  const now = useNow(60_000);
  const target = soonestEnd(
    (promotions.data?.products ?? []).map((p) => (p.promotion?.endTime ? timestampMs(p.promotion.endTime) : undefined)),
    now,
  );
  if (target === undefined) return null;
  return (
    <section
      aria-labelledby="countdown-title"
      className="below-fold bg-gradient-to-r from-brand-800 to-red-800 py-10 text-white"
    >
      <div className="container-page text-center">
        <h2 id="countdown-title" className="text-2xl font-bold md:text-3xl">
          {t("home.countdownTitle")}
        </h2>
        <p className="mb-5 mt-1">{t("home.countdownText")}</p>
        <Countdown endMs={target} />
      </div>
    </section>
  );
}
