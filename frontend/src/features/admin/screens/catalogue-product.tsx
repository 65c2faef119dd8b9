import { useState } from "react";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAdminProduct } from "@/features/admin/products/api/products";
import { productLists, useArchiveProduct, useUpdateProductDetails } from "@/features/admin/products/api/product-changes";
import { ProductContentForm } from "@/features/admin/products/components/product-content-form";
import { ProductDetailsForm } from "@/features/admin/products/components/product-details-form";
import { ProductImagesEditor } from "@/features/admin/products/components/product-images-editor";
import { ProductPackagingForm } from "@/features/admin/products/components/product-packaging-form";
import { PublishPanel } from "@/features/admin/products/components/publish-panel";
import { StockPanel } from "@/features/admin/stock/components/stock-panel";
import { ProductPromotions } from "@/features/admin/promotions/components/product-promotions";
import { useCountryConfigs } from "@/features/admin/visibility/api/country-configs";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { detailsOf, toDetails } from "@/features/admin/products/lib/product-details";
import { BackLink } from "@/components/ui/back-link";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";
import { useToast } from "@/components/ui/toaster";

const tabs = ["details", "content", "images", "promotions", "stock", "packaging"] as const;
type Tab = (typeof tabs)[number];

/** CatalogueProduct is /admin/catalogue/:id: a product's details, content in both languages, pictures, promotions and stock, its publication and its archive. */
export default function CatalogueProduct() {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("admin");
  const { id: idParam = "" } = useParams();
  const id = /^\d{1,18}$/.test(idParam) ? BigInt(idParam) : undefined;
  const product = useAdminProduct(id);
  const update = useUpdateProductDetails();
  const archive = useArchiveProduct();
  const countries = useCountryConfigs();
  const saveFailure = useSaveFailure();
  const toast = useToast();
  const [tab, setTab] = useState<Tab>("details");

  const back = <BackLink to="/admin/catalogue">{t("catalogue.title")}</BackLink>;
  if (id === undefined || product.isError) {
    return (
      <div>
        {back}
        <ErrorBox>{t("loadError")}</ErrorBox>
      </div>
    );
  }
  const p = product.data?.product;
  if (product.isPending || !p) return <Spinner label={t("loading")} />;
  // Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern).
  const onTabKey = (e: React.KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const k = tabs[(next + tabs.length) % tabs.length];
    setTab(k);
    document.getElementById(`tab-${k}`)?.focus();
  };
  const saved = () => toast({ title: t("toast.savedTitle"), description: t("toast.productSaved") });

  return (
    <div className="space-y-4">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{p.name}</h1>
        {p.archiveTime && <span className="rounded bg-stone-200 px-2 py-0.5 text-sm">{t("catalogue.archived")}</span>}
        <button
          type="button"
          className="btn btn-outline ml-auto"
          disabled={archive.isPending}
          onClick={() => archive.mutate({ id: p.id, archived: !p.archiveTime }, { onError: (err) => saveFailure("product", err) })}
        >
          {t(p.archiveTime ? "catalogue.restore" : "catalogue.archive")}
        </button>
      </div>
      {!p.archiveTime && <p className="text-sm text-stone-600">{t("catalogue.archiveHint")}</p>}
      {!p.archiveTime && <PublishPanel product={p} />}
      <div role="tablist" aria-label={t("catalogue.sections")} className="flex flex-wrap gap-2" onKeyDown={onTabKey}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className={`btn ${tab === k ? "btn-primary" : "btn-outline"} text-sm`}
            onClick={() => setTab(k)}
          >
            {k === "stock" ? tb("stock.tab") : k === "packaging" ? t("packaging.tab") : t(`catalogue.${k}Tab`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "details" && (
          <ProductDetailsForm
            key={String(p.updateTime?.seconds)}
            initial={detailsOf(p)}
            creating={false}
            pending={update.isPending}
            countries={countries.data?.countries}
            onSubmit={(v, fail) =>
              update.mutate(
                { id: p.id, details: toDetails(v) },
                {
                  onSuccess: saved,
                  onError: (err) => {
                    if (!fail(err)) saveFailure("product", err);
                  },
                },
              )
            }
          />
        )}
        {tab === "content" && (
          <div className="card p-4 sm:p-6">
            <ProductContentForm productId={p.id} onSaved={saved} />
          </div>
        )}
        {tab === "packaging" && <ProductPackagingForm productId={p.id} onSaved={saved} />}
        {tab === "images" && <ProductImagesEditor productId={p.id} name={p.name} />}
        {tab === "promotions" && <ProductPromotions productId={p.id} />}
        {tab === "stock" && <StockPanel productId={p.id} invalidate={productLists} />}
      </div>
    </div>
  );
}
