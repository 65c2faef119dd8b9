import { skipToken, useInfiniteQuery, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { CatalogService, type GetProductRequestSchema, type ListProductsRequestSchema } from "@gen/sabores/v1/catalog_service_pb";
import type { Allergen } from "@gen/sabores/v1/food_pb";
import { PromotionService } from "@gen/sabores/v1/promotion_service_pb";
import { ProductSort } from "@gen/sabores/v1/types_pb";
import { useApiLanguage } from "@/lib/api-language";

/** ProductFilter is a ListProducts request as pages build it. */
export type ProductFilter = MessageInitShape<typeof ListProductsRequestSchema>;

/** homeSectionRequest is what a home page section (four newest of an online category) asks for. */
export function homeSectionRequest(onlineCategory: string): ProductFilter {
  return { onlineCategory, sort: ProductSort.NEWEST, pageSize: 4 };
}

/** productRequest is the GetProduct request of a product page. */
export function productRequest(id: bigint): MessageInitShape<typeof GetProductRequestSchema> {
  return { id };
}

/** useProducts lists one page of products, keeping the previous page while the next loads. */
export function useProducts(filter: ProductFilter) {
  const language = useApiLanguage();
  return useQuery(CatalogService.method.listProducts, { ...filter, language }, { placeholderData: keepPreviousData });
}

/** useProduct loads one product; ids that are not positive integers are not requested. */
export function useProduct(id: number) {
  const language = useApiLanguage();
  return useQuery(
    CatalogService.method.getProduct,
    Number.isSafeInteger(id) && id > 0 ? { ...productRequest(BigInt(id)), language } : skipToken,
  );
}

/** useSearchProducts runs the header search; a blank query asks nothing. */
export function useSearchProducts(query: string, limit = 10, withoutAllergens: Allergen[] = []) {
  const q = query.trim();
  const language = useApiLanguage();
  return useQuery(CatalogService.method.searchProducts, q ? { query: q, limit, language, withoutAllergens } : skipToken, {
    placeholderData: keepPreviousData,
  });
}

/** useCountries lists the countries of origin in home-grid order, named in the shopper's language. */
export function useCountries() {
  const language = useApiLanguage();
  return useQuery(CatalogService.method.listCountries, { language }, { staleTime: 5 * 60_000 });
}

/** useCategories lists the categories with products (of a country, if given), named in the shopper's language. */
export function useCategories(country = "") {
  const language = useApiLanguage();
  return useQuery(CatalogService.method.listCategories, { country, language }, { staleTime: 5 * 60_000 });
}

/** searchPageSize is the number of products per page of /buscar. */
export const searchPageSize = 24;

/** useSearchPage is one page of /buscar's results; a blank query asks nothing. */
export function useSearchPage(query: string, page: number) {
  const q = query.trim();
  const language = useApiLanguage();
  return useQuery(
    CatalogService.method.searchProducts,
    q ? { query: q, limit: searchPageSize, page, language } : skipToken,
    { placeholderData: keepPreviousData },
  );
}

/** useActivePromotions lists the promotions running now. */
export function useActivePromotions() {
  const language = useApiLanguage();
  return useQuery(PromotionService.method.listActivePromotions, { language });
}

/** countryCatalogueBatch is how many products a country catalogue loads at a time. */
export const countryCatalogueBatch = 100;

/** useCountryCatalogue loads all of a country's products (of one category or section, if given), 100 at a time. */
export function useCountryCatalogue(country: string, { category = "", onlineCategory = "" } = {}) {
  const language = useApiLanguage();
  return useInfiniteQuery(
    CatalogService.method.listProducts,
    { country, category, onlineCategory, page: 1, pageSize: countryCatalogueBatch, language },
    {
      pageParamKey: "page",
      getNextPageParam: (last) =>
        last.page * countryCatalogueBatch < last.totalSize ? last.page + 1 : undefined,
    },
  );
}
