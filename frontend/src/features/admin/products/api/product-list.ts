import { createConnectQueryKey, useInfiniteQuery, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import {
  AdminService,
  OrderView,
  type ListAdminProductsResponse,
  type ListApiKeysResponse,
  type ListCountryConfigsResponse,
  type RevokeApiKeyRequestSchema,
  type UpdateCountryConfigRequestSchema,
} from "@gen/sabores/v1/admin_service_pb";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import type { ListCountryProductsResponse } from "@gen/sabores/v1/visibility_service_pb";
import { VisibilityService } from "@gen/sabores/v1/visibility_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";
import type { Country } from "@gen/sabores/v1/types_pb";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { DescMessage, DescMethodUnary, MessageInitShape } from "@bufbuild/protobuf";

/** adminProductsBatch is how many products the by-country screen loads at a time. */
export const adminProductsBatch = 100;

/** customersPageSize is the dashboard's customer table: 10 rows. */
export const customersPageSize = 10;

/** recentOrdersCount is how many recent orders the dashboard shows. */
export const recentOrdersCount = 5;

// key matches every cached answer of a method, whatever its request.
function key<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>) {
  return createConnectQueryKey({ schema, cardinality: undefined });
}

// optimisticList changes the cached answer under queryKey as soon as a
// mutation starts and puts it back if the server refuses (TanStack's
// optimistic updates through the cache); the caller refetches it on settle.
function optimisticList<Res, Req>(queryClient: QueryClient, queryKey: QueryKey, patch: (old: Res, req: Req) => Res) {
  return {
    onMutate: async (req: Req) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Res>(queryKey);
      queryClient.setQueryData<Res>(queryKey, (old) => (old ? patch(old, req) : old));
      return { before };
    },
    onError: (_err: unknown, _req: Req, context: { before: Res | undefined } | undefined) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
  };
}

/**
 * useAdminProducts loads the product list 100 at a time ('Carregar Mais'),
 * until a batch comes back shorter than 100.
 */
export function useAdminProducts(query: string) {
  return useInfiniteQuery(
    AdminService.method.listAdminProducts,
    { query: query.trim(), page: 1, pageSize: adminProductsBatch },
    {
      pageParamKey: "page",
      getNextPageParam: (last, all) => (last.products.length < adminProductsBatch ? undefined : all.length + 1),
      placeholderData: keepPreviousData,
    },
  );
}

/**
 * useCustomers lists one page of active customers, newest first: the page
 * pageToken asks for (a previous page's next or previous token), "" for
 * the first.
 */
export function useCustomers(pageToken: string) {
  return useQuery(
    AdminService.method.listCustomers,
    { pageToken, pageSize: customersPageSize },
    { placeholderData: keepPreviousData },
  );
}

/** useRecentOrders lists the latest orders of every customer, without their lines (the list shows none). */
export function useRecentOrders() {
  return useQuery(AdminService.method.listOrders, { pageSize: recentOrdersCount, view: OrderView.BASIC }, { staleTime: 0 });
}

/** useDashboardStats loads the shop's statistics. */
export function useDashboardStats() {
  return useQuery(AdminService.method.getDashboardStats, {}, { staleTime: 0 });
}

/** useCategoryNames names every category in the admin's language, by slug (the catalogue's own names). */
export function useCategoryNames(): ReadonlyMap<string, string> {
  const { i18n } = useTranslation();
  const language = i18n.language === "pt" ? Language.PT : Language.UNSPECIFIED;
  const { data } = useQuery(CatalogService.method.listCategories, { includeEmpty: true, language }, { staleTime: 5 * 60_000 });
  return useMemo(() => new Map(data?.categories.map((c) => [c.slug, c.name])), [data]);
}

/** useCountryName names a country in the admin's language: the Portuguese name when there is one. */
export function useCountryName(): (c: Country) => string {
  const { i18n } = useTranslation();
  return (c) => (i18n.language === "pt" && c.namePt ? c.namePt : c.name);
}

/** useCountryConfigs lists every country's home tile. */
export function useCountryConfigs() {
  return useQuery(AdminService.method.listCountryConfigs, {});
}

/**
 * useUpdateCountryConfig saves a country's tile; the list shows the change at
 * once and goes back if the server refuses it. The storefront's country list
 * is refreshed too.
 */
export function useUpdateCountryConfig() {
  const queryClient = useQueryClient();
  const listKey = createConnectQueryKey({
    schema: AdminService.method.listCountryConfigs,
    transport: useTransport(),
    cardinality: "finite",
    input: {},
  });
  return useMutation(AdminService.method.updateCountryConfig, {
    ...optimisticList(
      queryClient,
      listKey,
      (old: ListCountryConfigsResponse, req: MessageInitShape<typeof UpdateCountryConfigRequestSchema>) => ({
        ...old,
        countries: old.countries.map((c) =>
          c.slug === req.slug
            ? {
                ...c,
                name: req.name ?? c.name,
                namePt: req.namePt ?? c.namePt,
                flagEmoji: req.flagEmoji ?? c.flagEmoji,
                imageUrl: req.imageUrl ?? c.imageUrl,
                backgroundClasses: req.backgroundClasses ?? c.backgroundClasses,
                href: req.href ?? c.href,
              }
            : c,
        ),
      }),
    ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: key(CatalogService.method.listCountries) }),
      ]),
  });
}

function patchProduct(p: AdminProduct, saved: Partial<AdminProduct>): AdminProduct {
  return { ...p, ...saved };
}

function patchProductCaches(queryClient: QueryClient, id: bigint, saved: Partial<AdminProduct>) {
  const countryKey = key(VisibilityService.method.listCountryProducts);
  const adminKey = key(AdminService.method.listAdminProducts);
  const snapshot = [
    ...queryClient.getQueriesData({ queryKey: countryKey }),
    ...queryClient.getQueriesData({ queryKey: adminKey }),
  ];
  queryClient.setQueriesData<ListCountryProductsResponse>({ queryKey: countryKey }, (old) =>
    old
      ? {
          ...old,
          products: old.products.map((cp) =>
            cp.product?.id === id ? { ...cp, product: patchProduct(cp.product, saved) } : cp,
          ),
        }
      : old,
  );
  queryClient.setQueriesData<{ pages: ListAdminProductsResponse[]; pageParams: unknown[] }>(
    { queryKey: adminKey },
    (old) =>
      old && "pages" in old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              products: page.products.map((p) => (p.id === id ? patchProduct(p, saved) : p)),
            })),
          }
        : old,
  );
  return snapshot;
}

/** ProductEdit is what the 'Editar produto' dialog saves, already parsed. */
export interface ProductEdit {
  id: bigint;
  price: string;
  vatRate: string;
  priceCents: bigint;
  vatBasisPoints: number;
  onlineCategories: string[];
}

/**
 * useUpdateProduct saves price, VAT and online categories. Every list showing
 * the product changes at once and goes back if the server refuses.
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const mutation = useMutation(AdminService.method.updateProduct, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key(VisibilityService.method.listCountryProducts) }),
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.listAdminProducts) }),
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.getAdminProduct) }),
      ]),
  });
  return {
    ...mutation,
    save: async (edit: ProductEdit) => {
      await queryClient.cancelQueries({ queryKey: key(VisibilityService.method.listCountryProducts) });
      const snapshot = patchProductCaches(queryClient, edit.id, {
        priceCents: edit.priceCents,
        vatBasisPoints: edit.vatBasisPoints,
        onlineCategories: edit.onlineCategories,
        updateTime: timestampNow(),
      });
      try {
        return await mutation.mutateAsync({
          id: edit.id,
          price: edit.price,
          vatRate: edit.vatRate,
          onlineCategories: edit.onlineCategories,
        });
      } catch (err) {
        for (const [k, data] of snapshot) queryClient.setQueryData(k, data);
        throw err;
      }
    },
  };
}

/** useSignInConfig loads the Google sign-in status. */
export function useSignInConfig() {
  return useQuery(AdminService.method.getSignInConfig, {});
}

/** useUpdateSignInConfig records the Google sign-in status ('Marcar como Configurado'). */
export function useUpdateSignInConfig() {
  const queryClient = useQueryClient();
  const configKey = createConnectQueryKey({
    schema: AdminService.method.getSignInConfig,
    transport: useTransport(),
    cardinality: "finite",
    input: {},
  });
  return useMutation(AdminService.method.updateSignInConfig, {
    onSuccess: (res) => {
      queryClient.setQueryData(configKey, (old) => (old ? { ...old, config: res.config } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(AdminService.method.getSignInConfig) }),
  });
}

/** useApiKeys lists the integrators' keys. */
export function useApiKeys() {
  return useQuery(AdminService.method.listApiKeys, {});
}

/** useCreateApiKey creates a key; its secret is only in this answer. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation(AdminService.method.createApiKey, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(AdminService.method.listApiKeys) }),
  });
}

/** useRevokeApiKey revokes a key, showing it revoked at once and putting it back on failure. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const listKey = createConnectQueryKey({
    schema: AdminService.method.listApiKeys,
    transport: useTransport(),
    cardinality: "finite",
    input: {},
  });
  return useMutation(AdminService.method.revokeApiKey, {
    ...optimisticList(
      queryClient,
      listKey,
      (old: ListApiKeysResponse, req: MessageInitShape<typeof RevokeApiKeyRequestSchema>) => ({
        ...old,
        keys: old.keys.map((k) => (k.id === BigInt(req.id ?? 0) ? { ...k, revokeTime: timestampNow() } : k)),
      }),
    ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
