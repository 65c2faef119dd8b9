import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { useCategories } from "@/features/catalog/api/catalog";
import { CountryHero, useCountryName } from "@/features/catalog/components/country-hero";

// A tile's picture per category; a category without one shows a basket.
const icons: Record<string, string> = {
  bebidas: "🥤",
  alimentos: "🌽",
  doces: "🍬",
  congelados: "🧊",
  beleza: "🧴",
  perfumes: "🌸",
};
// The sections, which the country's catalogue filters the same way.
const sectionTiles = [
  { key: "lancamento", section: "lanzamientos", icon: "✨" },
  { key: "mais-populares", section: "populares", icon: "⭐" },
] as const;

function Tile({ to, icon, label }: { to: string; icon: string; label: string }) {
  return (
    <li>
      <Link to={to} className="card flex h-full flex-col items-center gap-2 p-4 text-center font-semibold hover:bg-brand-50">
        <span aria-hidden="true" className="text-3xl">
          {icon}
        </span>
        {label}
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
          <ul className="grid min-h-28 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy={categories.isPending}>
            {categories.data?.categories.map((c) => (
              <Tile key={c.slug} to={`/brasil/produtos?category=${c.slug}`} icon={icons[c.slug] ?? "🧺"} label={c.name} />
            ))}
          </ul>
          <ul className="mt-3 grid grid-cols-2 gap-3">
            {sectionTiles.map((tile) => (
              <Tile
                key={tile.key}
                to={`/brasil/produtos?section=${tile.section}`}
                icon={tile.icon}
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
