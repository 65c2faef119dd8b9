import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { CountryHero, useCountryName } from "@/features/catalog/components/country-hero";

// The Brazil page's filter tiles: where each leads in the catalogue.
const mainTiles = [
  { key: "bebidas", to: "/bebidas", icon: "🥤" },
  { key: "acai-frutas", to: "/alimentos", icon: "🍇" },
  { key: "doces", to: "/alimentos", icon: "🍬" },
  { key: "temperos", to: "/alimentos", icon: "🌶️" },
  { key: "laticinios", to: "/alimentos", icon: "🧀" },
] as const;
const specialTiles = [
  { key: "lancamento", to: "/todos?category=lanzamientos", icon: "✨" },
  { key: "mais-populares", to: "/todos?category=populares", icon: "⭐" },
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

/** BrasilRoute is /brasil: hero, category tiles and the way to the full catalogue. */
export default function BrasilRoute() {
  const { t } = useTranslation("countries");
  const name = useCountryName("brasil");
  return (
    <>
      <Seo title={t("common.metaTitle", { country: name })} description={t("brasil.subtitle")} />
      <CountryHero
        slug="brasil"
        title={t("common.heroTitle", { country: name })}
        subtitle={t("brasil.subtitle")}
        className="from-green-700 via-green-600 to-yellow-500"
      />
      <div className="container-page space-y-10 py-8">
        <section aria-labelledby="tiles-title">
          <h2 id="tiles-title" className="mb-4 text-2xl font-bold">
            {t("brasil.categoriesTitle")}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {mainTiles.map((tile) => (
              <Tile key={tile.key} to={tile.to} icon={tile.icon} label={t(`brasil.tiles.${tile.key}`)} />
            ))}
          </ul>
          <ul className="mt-3 grid grid-cols-2 gap-3">
            {specialTiles.map((tile) => (
              <Tile key={tile.key} to={tile.to} icon={tile.icon} label={t(`brasil.tiles.${tile.key}`)} />
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
