import { useState } from "react";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { pageCount } from "@/lib/paging";
import { useCountryName } from "@/features/admin/visibility/hooks/use-country-name";
import { useUpdateProduct } from "@/features/admin/products/api/products";
import { countryProductsPageSize, useCountryProducts, useSetProductChannel } from "@/features/admin/visibility/api/visibility";
import { AddProductsSearch } from "@/features/admin/visibility/components/add-products-search";
import { CountryProductCard } from "@/features/admin/visibility/components/country-product-card";
import { EditProductDialog, type ProductEditValues } from "@/features/admin/products/components/edit-product-dialog";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { apiCountrySlug, countryNameFromSegment } from "@/features/admin/visibility/lib/country-name";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import { VisibilityOutcome } from "@gen/sabores/v1/admin_visibility_service_pb";
import { SalesChannel } from "@gen/sabores/v1/types_pb";

/** filterDebounceMs is the pause after typing before the filter search runs. */
export const filterDebounceMs = 300;

/** CountryProducts is /admin/products/:country: a country's products, channels and edits. */
export default function CountryProducts() {
  const { t } = useTranslation("admin");
  const toast = useToast();
  const saveFailure = useSaveFailure();
  const segment = useParams().country ?? "";
  const slug = apiCountrySlug(segment);

  const [filterText, setFilterText] = useState("");
  const filter = useDebouncedValue(filterText, filterDebounceMs).trim();
  const [pageState, setPageState] = useState({ filter, page: 1 });
  // A new filter starts again on page 1.
  const page = pageState.filter === filter ? pageState.page : 1;
  const setPage = (p: number) => setPageState({ filter, page: p });

  const list = useCountryProducts(slug, filter, page);
  const setChannel = useSetProductChannel();
  const update = useUpdateProduct();
  const [editing, setEditing] = useState<AdminProduct>();
  const [adding, setAdding] = useState<ReadonlySet<bigint>>(() => new Set());

  const total = list.data?.totalSize ?? 0;
  // The country's own name, in the admin's language, once the list has come.
  const nameOf = useCountryName();
  const country = list.data?.country;
  const countryName = country ? nameOf(country) : countryNameFromSegment(segment);

  const changeChannel = (product: AdminProduct, channel: SalesChannel, added = false) => {
    if (added) setAdding((s) => new Set(s).add(product.id));
    setChannel.mutate(
      { productId: product.id, country: slug, channel },
      {
        onSuccess: (res) => {
          if (res.outcome === VisibilityOutcome.REMOVED) {
            toast({ title: t("toast.removedTitle"), description: t("toast.removed") });
          } else {
            toast({ title: t("toast.savedTitle"), description: t("toast.channelSaved") });
          }
          if (added) setPage(1);
        },
        onError: (err) => saveFailure("channel", err),
        onSettled: () => {
          if (added)
            setAdding((s) => {
              const next = new Set(s);
              next.delete(product.id);
              return next;
            });
        },
      },
    );
  };

  const saveProduct = (product: AdminProduct, v: ProductEditValues) => {
    setEditing(undefined);
    update
      .save({ id: product.id, ...v })
      .then(
        () => toast({ title: t("toast.productSavedTitle"), description: t("toast.productSaved") }),
        (err: unknown) => saveFailure("product", err),
      );
  };

  return (
    <div className="space-y-6">
      <BackLink to="/admin/config">{t("back")}</BackLink>
      <div>
        <h1 className="text-2xl font-bold">{t("countryProducts.title", { country: countryName })}</h1>
        {list.data && (
          <p aria-live="polite" className="text-stone-700">
            {t("countryProducts.count", { count: total })}
          </p>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <AddProductsSearch country={slug} adding={adding} onAdd={(p) => changeChannel(p, SalesChannel.BOTH, true)} />
        <section aria-labelledby="filter-title" className="card space-y-2 p-4">
          <h2 id="filter-title" className="font-bold">
            {t("countryProducts.filterTitle")}
          </h2>
          <label htmlFor="country-products-filter" className="block text-sm font-medium">
            {t("countryProducts.filterLabel")}
          </label>
          <input
            id="country-products-filter"
            type="search"
            className="input"
            value={filterText}
            autoComplete="off"
            placeholder={t("countryProducts.filterPlaceholder")}
            onChange={(e) => setFilterText(e.target.value)}
          />
        </section>
      </div>

      {list.isPending && <Spinner label={t("loading")} />}
      {list.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {list.data && list.data.products.length === 0 && (
        <div className="card p-6 text-center">
          <p className="font-semibold">{t("countryProducts.emptyTitle")}</p>
          <p className="mt-1 text-stone-700">
            {filter
              ? t("countryProducts.emptyFilter", { query: filter })
              : t("countryProducts.emptyCountry", { country: countryName })}
          </p>
        </div>
      )}
      {list.data && list.data.products.length > 0 && (
        <ul
          aria-label={t("countryProducts.listLabel", { country: countryName })}
          aria-busy={list.isPlaceholderData}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {list.data.products.map((item) => (
            <CountryProductCard
              key={String(item.product?.id)}
              item={item}
              onChannel={(channel) => item.product && changeChannel(item.product, channel)}
              onEdit={() => setEditing(item.product)}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={pageCount(total, countryProductsPageSize)} onPage={setPage} window={false} />

      <EditProductDialog
        product={editing}
        onClose={() => setEditing(undefined)}
        onSave={saveProduct}
        onInvalid={() =>
          toast({ variant: "destructive", title: t("edit.invalidTitle"), description: t("edit.invalidText") })
        }
      />
    </div>
  );
}
