import { useCallback, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useAdminProducts } from "@/features/admin/products/api/products";
import { useCountryConfigs } from "@/features/admin/visibility/api/country-configs";
import { useCountryName } from "@/features/admin/visibility/hooks/use-country-name";
import { useBatchSetVisibility, type VisibilityEdit } from "@/features/admin/visibility/api/visibility";
import { VisibilityTable, visibilityKey } from "@/features/admin/visibility/components/visibility-table";
import { usePendingChanges } from "@/features/admin/shared/hooks/use-pending-changes";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { CountryFlag } from "@/components/ui/country-tile";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import { SalesChannel } from "@gen/sabores/v1/types_pb";

/** byCountryPageSize is the products-by-country screen's page: 12 products. */
export const byCountryPageSize = 12;
/** searchDebounceMs is the pause after typing before the admin search runs. */
export const searchDebounceMs = 500;
/** saveDebounceMs is the pause after the last toggle before the changes are sent. */
export const saveDebounceMs = 1000;

/** ProductsByCountry is /admin/products-by-country: visibility of every product in every country. */
export default function ProductsByCountry() {
  const { t } = useTranslation("admin");
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search, searchDebounceMs);
  const [pageState, setPageState] = useState({ query, page: 1 });
  // A new search starts again on page 1.
  const page = pageState.query === query ? pageState.page : 1;
  const setPage = (p: number) => setPageState({ query, page: p });

  const countries = useCountryConfigs();
  const countryName = useCountryName();
  const products = useAdminProducts(query);
  const batch = useBatchSetVisibility();
  const saveFailure = useSaveFailure();
  const toast = useToast();

  const { save: saveBatch } = batch;
  const save = useCallback(
    async (changes: ReadonlyMap<string, VisibilityEdit>) => {
      try {
        await saveBatch([...changes.values()]);
      } catch (err) {
        saveFailure("visibility", err);
        throw err;
      }
      toast({ title: t("toast.savedTitle"), description: t("byCountry.saved", { count: changes.size }) });
    },
    [saveBatch, saveFailure, toast, t],
  );
  const changes = usePendingChanges<VisibilityEdit>(save, saveDebounceMs);

  const all = products.data?.pages.flatMap((p) => p.products) ?? [];
  const total = products.data?.pages[0]?.totalSize ?? 0;
  const totalPages = Math.max(1, Math.ceil(all.length / byCountryPageSize));
  const current = Math.min(page, totalPages);
  const shownProducts = all.slice((current - 1) * byCountryPageSize, current * byCountryPageSize);
  const countryList = countries.data?.countries ?? [];
  // The table is about to change while a typed search waits or loads: told
  // to screen readers, and a click waits for the rows it means.
  const searching = search !== query || (products.isFetching && !products.isFetchingNextPage);

  const shown = (key: string) => {
    const v = changes.pending.get(key) ?? changes.saving.get(key);
    return v ? v.channel !== SalesChannel.NONE : undefined;
  };
  const toggle = (p: AdminProduct, country: string, visible: boolean) => {
    const record = p.visibility.find((v) => v.country === country);
    const keep =
      record && record.channel !== SalesChannel.UNSPECIFIED && record.channel !== SalesChannel.NONE
        ? record.channel
        : SalesChannel.BOTH;
    changes.set(visibilityKey(p.id, country), {
      productId: p.id,
      country,
      channel: visible ? keep : SalesChannel.NONE,
    });
  };

  return (
    <div className="space-y-6">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.productsByCountry")}</h1>

      <section aria-labelledby="countries-title">
        <h2 id="countries-title" className="mb-3 text-lg font-bold">
          {t("byCountry.countries")}
        </h2>
        {countries.isPending && <Spinner label={t("loading")} />}
        {countries.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {countryList.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/admin/products/${c.slug}`}
                className="card flex h-full items-center gap-2 p-3 font-semibold hover:bg-stone-50"
              >
                <CountryFlag flagEmoji={c.flagEmoji} imageUrl={c.imageUrl} className="h-5 w-7 shrink-0" />
                <span>{countryName(c)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="visibility-title" aria-busy={searching} className="card space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-end gap-3">
          <h2 id="visibility-title" className="mr-auto text-lg font-bold">
            {t("byCountry.visibility")}
          </h2>
          <button
            type="button"
            className="btn btn-primary"
            disabled={changes.count === 0 && !changes.isSaving}
            onClick={() => void changes.flush()}
          >
            {changes.isSaving ? t("byCountry.saving") : t("byCountry.save")}
            {changes.count > 0 && (
              <span className="rounded-full bg-white px-2 text-xs text-brand-700">
                <span aria-hidden="true">{changes.count}</span>
                <span className="sr-only">{t("byCountry.pending", { count: changes.count })}</span>
              </span>
            )}
          </button>
        </div>
        <p aria-live="polite" className="text-sm text-stone-700">
          {changes.isSaving
            ? t("byCountry.saving")
            : changes.count > 0
              ? t("byCountry.pending", { count: changes.count })
              : ""}
        </p>
        <div>
          <label htmlFor="admin-product-search" className="mb-1 block text-sm font-medium">
            {t("byCountry.search")}
          </label>
          <input
            id="admin-product-search"
            type="search"
            className="input max-w-md"
            value={search}
            placeholder={t("byCountry.searchPlaceholder")}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {products.isPending && <Spinner label={t("loading")} />}
        {products.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
        {products.data && (
          <>
            <p className="text-sm text-stone-700">{t("byCountry.loaded", { count: all.length, total })}</p>
            {all.length === 0 ? (
              <p className="text-stone-700">{query.trim() ? t("byCountry.emptySearch", { query: query.trim() }) : t("byCountry.empty")}</p>
            ) : (
              <VisibilityTable products={shownProducts} countries={countryList} shown={shown} onToggle={toggle} />
            )}
            <Pagination page={current} totalPages={totalPages} onPage={setPage} window={false} />
            {products.hasNextPage && (
              <div className="text-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={products.isFetchingNextPage}
                  onClick={() => void products.fetchNextPage()}
                >
                  {products.isFetchingNextPage ? t("loading") : t("byCountry.loadMore")}
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
