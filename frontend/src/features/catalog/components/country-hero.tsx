import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CountryFlag } from "@/components/ui/country-tile";
import { useCountries } from "@/features/catalog/api/catalog";

/**
 * useCountryName is the server's (admin-editable) name for a slug in the
 * shopper's language, else the locale's, and "of" it as titles say it
 * ("de Colombia"; in Portuguese "da Colômbia", where the locale knows the
 * article).
 */
export function useCountryName(slug: string): { name: string; of: string } {
  const { t } = useTranslation("countries");
  const { data } = useCountries();
  const name = data?.countries.find((c) => c.slug === slug)?.name ?? t(`${slug}.name`);
  return { name, of: t(`${slug}.of`, { defaultValue: t("common.of", { country: name }) }) };
}

/** CountryHero is a country page's banner: flag, title and subtitle. */
export function CountryHero({
  slug,
  title,
  subtitle,
  className = "from-brand-700 to-brand-800",
  children,
}: {
  slug: string;
  title: string;
  subtitle: string;
  className?: string;
  children?: ReactNode;
}) {
  const { data } = useCountries();
  const country = data?.countries.find((c) => c.slug === slug);
  return (
    <section className={`bg-gradient-to-br py-12 text-white ${className}`}>
      <div className="container-page">
        {children}
        <h1 className="text-3xl font-extrabold md:text-5xl">
          {country && (
            <CountryFlag
              flagEmoji={country.flagEmoji}
              imageUrl={country.imageUrl}
              className="mr-3 inline-block h-8 w-12 align-baseline md:h-10 md:w-14"
            />
          )}
          {title}
        </h1>
        <p className="mt-3 max-w-2xl text-lg opacity-95">{subtitle}</p>
      </div>
    </section>
  );
}

/** Highlights are a country page's three highlight items. */
export function Highlights({ slug, items }: { slug: string; items: readonly string[] }) {
  const { t } = useTranslation("countries");
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {items.map((key) => (
        <li key={key} className="card p-5">
          <h3 className="font-semibold">{t(`${slug}.highlights.${key}.title`)}</h3>
          <p className="mt-1 text-sm text-stone-700">{t(`${slug}.highlights.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
