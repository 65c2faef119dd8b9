import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** countryListClass lays the country tiles out, two to five per row. */
export const countryListClass = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5";

/** CountryTileSkeletons hold the place of the ten tiles while they load. */
export function CountryTileSkeletons() {
  return Array.from({ length: 10 }, (_, i) => (
    <li key={i} aria-hidden="true" className="h-28 animate-pulse rounded-xl bg-stone-200" />
  ));
}

/** CountryGrid is the home page's 'Nossos Países' section around its tiles (children). */
export function CountryGrid({ children }: { children: ReactNode }) {
  const { t } = useTranslation("catalog");
  return (
    <section aria-labelledby="countries-title" className="container-page py-8">
      <h2 id="countries-title" className="mb-4 text-2xl font-bold">
        {t("home.countries")}
      </h2>
      {children}
    </section>
  );
}
