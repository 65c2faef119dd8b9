import { useQuery } from "@connectrpc/connect-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";

/** useCategoryNames names every category in the admin's language, by slug (the catalogue's own names). */
export function useCategoryNames(): ReadonlyMap<string, string> {
  const { i18n } = useTranslation();
  const language = i18n.language === "pt" ? Language.PT : Language.UNSPECIFIED;
  const { data } = useQuery(CatalogService.method.listCategories, { includeEmpty: true, language }, { staleTime: 5 * 60_000 });
  return useMemo(() => new Map(data?.categories.map((c) => [c.slug, c.name])), [data]);
}
