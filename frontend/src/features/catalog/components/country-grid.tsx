import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useCountries } from "@/features/catalog/api/catalog";

/** CountryGrid is the home page's 'Nossos Países' tiles, configured on the server. */
export function CountryGrid() {
  const { t } = useTranslation("catalog");
  const { data, isPending, isError } = useCountries();
  const countries = (data?.countries ?? []).filter((c) => c.showOnHome);
  return (
    <section aria-labelledby="countries-title" className="container-page py-8">
      <h2 id="countries-title" className="mb-4 text-2xl font-bold">
        {t("home.countries")}
      </h2>
      {isError && <p className="text-stone-600">{t("home.countriesError")}</p>}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {isPending &&
          Array.from({ length: 10 }, (_, i) => (
            <li key={i} aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-stone-200" />
          ))}
        {countries.map((c) => (
          <li key={c.slug}>
            <Link
              to={c.href || `/${c.slug}`}
              className={`flex h-28 flex-col items-center justify-center gap-1 rounded-xl bg-brand-700 bg-gradient-to-br p-3 text-center font-semibold text-white shadow-sm transition-transform hover:scale-[1.02] ${c.backgroundClasses}`}
            >
              {c.imageUrl ? (
                <img src={c.imageUrl} alt="" className="h-8 w-12 rounded object-cover shadow" />
              ) : (
                <span aria-hidden="true" className="text-3xl">
                  {c.flagEmoji}
                </span>
              )}
              <span className="[text-shadow:0_1px_3px_rgb(0_0_0/0.8)]">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
