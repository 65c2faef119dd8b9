import { useTranslation } from "react-i18next";
import type { Country } from "@gen/sabores/v1/types_pb";

/** useCountryName names a country in the admin's language: the Portuguese name when there is one. */
export function useCountryName(): (c: Country) => string {
  const { i18n } = useTranslation();
  return (c) => (i18n.language === "pt" && c.namePt ? c.namePt : c.name);
}
