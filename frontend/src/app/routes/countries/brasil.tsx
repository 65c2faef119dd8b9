import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { useCategories } from "@/features/catalog/api/catalog";
import { CountryHero, useCountryName } from "@/features/catalog/components/country-hero";

// The sections, which the country's catalogue filters the same way.
const sectionTiles = [
  { key: "lancamento", section: "lanzamientos" },
  { key: "mais-populares", section: "populares" },
] as const;

// Tiles are words, not emoji, which show as boxes where no emoji font is
// installed.
function Tile({ to, label, detail }: { to: string; label: string; detail?: string }) {
  return (
    <li>
      <Link
        to={to}
        className="card flex h-full min-h-20 flex-col items-center justify-center gap-1 border-t-4 border-t-brand-700 p-4 text-center font-semibold hover:bg-brand-50"
      >
        {label}
        {detail && <span className="text-xs font-normal text-stone-600">{detail}</span>}
      </Link>
    </li>
  );
}

/**
 * BrasilRoute is /brasil: hero, a tile per category Brazil has products in
 * (from the server, so each leads to what it names) and per section, and the
 * way to the full catalogue.
 */
export default function BrasilRoute() {
  const { t } = useTranslation("countries");
  const { of: ofCountry } = useCountryName("brasil");
  const categories = useCategories("brasil");
  return (
    <>
      <Seo title={t("common.metaTitle", { of: ofCountry })} description={t("brasil.subtitle")} />
      <CountryHero
        slug="brasil"
        title={t("common.heroTitle", { of: ofCountry })}
        subtitle={t("brasil.subtitle")}
        className="from-green-700 via-green-600 to-yellow-500"
      />
      <div className="container-page space-y-10 py-8">
        <section aria-labelledby="tiles-title">
          <h2 id="tiles-title" className="mb-4 text-2xl font-bold">
            {t("brasil.categoriesTitle")}
          </h2>
          <ul className="grid min-h-20 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy={categories.isPending}>
            {categories.data?.categories.map((c) => (
              <Tile
                key={c.slug}
                to={`/brasil/produtos?category=${c.slug}`}
                label={c.name}
                detail={t("common.count", { count: c.productCount })}
              />
            ))}
          </ul>
          <ul className="mt-3 grid grid-cols-2 gap-3">
            {sectionTiles.map((tile) => (
              <Tile
                key={tile.key}
                to={`/brasil/produtos?section=${tile.section}`}
                label={t(`brasil.tiles.${tile.key}`)}
              />
            ))}
          </ul>
        </section>
        <section aria-labelledby="typical-title" className="card p-6 text-center">
          <h2 id="typical-title" className="text-2xl font-bold">
            {t("brasil.typicalTitle")}
          </h2>
          <p className="mt-2 text-stone-700">{t("brasil.typicalText")}</p>
          <Link to="/brasil/produtos" className="btn btn-primary mt-4">
            {t("brasil.typicalLink")}
          </Link>
        </section>
      </div>
    </>
  );
}
