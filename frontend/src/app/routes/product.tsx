import { useEffect, useState } from "react";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useLocation, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { ErrorBox } from "@/components/ui/error-box";
import { NotFound } from "@/components/ui/not-found";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { Rating } from "@/components/ui/rating";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useProduct } from "@/features/catalog/api/catalog";
import { AddToCartButton, effectivePrice } from "@/features/catalog/components/add-to-cart-button";
import { FavoriteButton } from "@/features/catalog/components/favorite-button";
import { FoodInfo } from "@/features/catalog/components/food-info";
import { ProductSafety } from "@/features/catalog/components/product-safety";
import { ProductGallery } from "@/features/catalog/components/product-gallery";
import { PastBestBefore } from "@/components/ui/past-best-before";
import { ProductPrice } from "@/features/catalog/components/product-price";
import { lowStock } from "@/features/catalog/stock";
import { parseQuantity, QuantityStepper } from "@/features/catalog/components/quantity-stepper";
import { ProductReviews } from "@/features/reviews/components/product-reviews";
import { BackInStockForm } from "@/features/contact/components/back-in-stock-form";
import { errorCode } from "@/lib/connect-errors";
import { schemaPrice } from "@/lib/format-price";
import { useSiteURL } from "@/hooks/use-site-url";
import type { Product } from "@gen/sabores/v1/types_pb";
import { HydrateWhenSeen } from "@/lib/hydrate-when-seen";

/**
 * productJsonLd is the page's schema.org Product: aggregateRating only from
 * published verified reviews (none without them), gtin from the EAN, and
 * the offer's availability from stock and its end when a promotion runs.
 */
function productJsonLd(p: Product, url: string) {
  const origin = window.location.origin;
  const promotionEnd = p.promotion?.endTime ? timestampDate(p.promotion.endTime).toISOString().slice(0, 10) : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    sku: p.sku || undefined,
    brand: p.brand ? { "@type": "Brand", name: p.brand } : undefined,
    description: p.description || undefined,
    image: p.imageUrl ? new URL(p.imageUrl, origin).href : undefined,
    category: p.category || undefined,
    gtin: p.gtin || undefined,
    aggregateRating:
      p.reviewCount > 0
        ? { "@type": "AggregateRating", ratingValue: p.rating.toFixed(1), reviewCount: p.reviewCount, bestRating: 5, worstRating: 1 }
        : undefined,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "EUR",
      price: schemaPrice(effectivePrice(p)),
      priceValidUntil: promotionEnd,
      availability: p.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}

/** ProductRoute is /producto/:id, the product detail page. */
export default function ProductRoute() {
  const { t } = useTranslation("catalog");
  const navigate = useNavigate();
  const location = useLocation();
  const siteURL = useSiteURL();
  const id = Number(useParams().id);
  const query = useProduct(id);
  const [qty, setQty] = useState("1");
  const invalidId = !(Number.isSafeInteger(id) && id > 0);

  useEffect(() => {
    if (query.isError) console.error("product: load failed", id, query.error);
  }, [query.isError, query.error, id]);

  // Back returns to the previous page, or home when the product was opened directly.
  const back = (
    <button type="button" className="btn btn-ghost -ml-2 mb-4" onClick={() => void (location.key === "default" ? navigate("/") : navigate(-1))}>
      <ArrowLeftIcon size={16} /> {t("back", { ns: "common" })}
    </button>
  );

  // An id the shop does not sell is a page not found (shopd sends it with
  // status 404), with the search, not an error.
  if (invalidId || errorCode(query.error) === Code.NotFound || (query.isSuccess && !query.data.product)) {
    return <NotFound text={t("notFound.product", { ns: "common" })} />;
  }
  if (query.isError) {
    return (
      <div className="container-page py-6">
        <Seo title={t("product.errorTitle")} />
        {back}
        <ErrorBox>{t("product.loadError")}</ErrorBox>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="container-page min-h-[60vh] py-6">
        {back}
        <Spinner label={t("product.loading")} />
      </div>
    );
  }
  const p = query.data.product;
  if (!p) {
    return (
      <div className="container-page py-6">
        {back}
        <ErrorBox>{t("product.loadError")}</ErrorBox>
      </div>
    );
  }
  const n = parseQuantity(qty);
  return (
    <div className="container-page py-6">
      <Seo title={t("product.title", { name: p.name })} description={p.description || p.name} jsonLd={productJsonLd(p, siteURL(`/producto/${p.id}`))} />
      {back}
      <div className="grid gap-8 md:grid-cols-2">
        <div className="relative">
          <ProductGallery product={p} />
          <FavoriteButton product={p} className="absolute right-3 top-3" />
        </div>
        <div className="flex flex-col gap-4">
          {p.brand && <p className="text-sm uppercase tracking-wide text-stone-600">{p.brand}</p>}
          <h1 className="text-3xl font-bold">{p.name}</h1>
          {p.category && (
            <p className="text-sm text-stone-700">
              {t("product.category")}: {t(`categories.${p.category}`, { defaultValue: p.category })}
            </p>
          )}
          <Rating value={p.rating} />
          <ProductPrice product={p} large />
          <PastBestBefore date={p.pastBestBefore} />
          {p.description && <p className="text-stone-800">{p.description}</p>}
          {lowStock(p.stock) && (
            <p className="font-semibold text-amber-700">{t("product.lastUnits", { ns: "common", count: p.stock })}</p>
          )}
          <QuantityStepper value={qty} onChange={setQty} />
          <AddToCartButton
            product={p}
            quantity={n}
            label={t("product.addN", { count: n })}
            className="w-full py-3 text-base sm:w-auto"
          />
          {p.stock <= 0 && <BackInStockForm productId={p.id} />}
        </div>
      </div>
      <HydrateWhenSeen>
        <FoodInfo product={p} />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <ProductSafety product={p} />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <ProductReviews product={p} />
      </HydrateWhenSeen>
    </div>
  );
}
