import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Price } from "@/components/ui/price";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useCountryCatalogue } from "@/features/catalog/api/catalog";
import { AddToCartButton } from "@/features/catalog/components/add-to-cart-button";
import { ProductImage } from "@/components/ui/product-image";
import { useListError } from "@/hooks/use-list-error";

const highlights = ["bissap", "thieboudienne", "tamarindo"] as const;

/** SenegalRoute is /senegal: gradient hero, three highlights and the authentic products. */
export default function SenegalRoute() {
  const { t } = useTranslation("countries");
  const q = useCountryCatalogue("senegal");
  const error = useListError(q.error);
  if (q.isError) console.error("senegal: load failed", q.error);
  const products = q.data?.pages.flatMap((p) => p.products) ?? [];
  return (
    <>
      <Seo title={t("senegal.metaTitle")} description={t("senegal.subtitle")} />
      <section className="bg-gradient-to-r from-green-700 via-yellow-500 to-red-600 py-12 text-white">
        <div className="container-page">
          <div className="[&_a]:text-white [&_a:hover]:bg-white/10">
            <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
          </div>
          <h1 className="text-3xl font-extrabold drop-shadow md:text-5xl">{t("senegal.title")}</h1>
          <p className="mt-3 max-w-2xl text-lg drop-shadow">{t("senegal.subtitle")}</p>
        </div>
      </section>
      <div className="container-page space-y-10 py-8">
        <ul className="grid gap-4 md:grid-cols-3">
          {highlights.map((h) => (
            <li key={h} className="card p-5">
              <h2 className="text-lg font-bold">{t(`senegal.highlights.${h}.title`)}</h2>
              <p className="mt-1 text-sm text-stone-700">{t(`senegal.highlights.${h}.text`)}</p>
            </li>
          ))}
        </ul>
        <section aria-labelledby="sn-products">
          <h2 id="sn-products" className="mb-4 text-2xl font-bold">
            {t("senegal.productsTitle")}
          </h2>
          {error ? (
            <ErrorBox>{error}</ErrorBox>
          ) : q.isPending ? (
            <Spinner label={t("senegal.loading")} />
          ) : products.length === 0 ? (
            <p className="rounded-lg bg-stone-100 p-6 text-center">{t("common.noneText", { country: "Senegal" })}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {products.map((p) => (
                <li key={p.id} className="card flex flex-col overflow-hidden">
                  <ProductImage src={p.imageUrl} alt="" className="aspect-square w-full" />
                  <div className="flex flex-1 flex-col gap-1 p-3">
                    <p className="text-xs text-stone-600">{t("senegal.productId", { id: p.id })}</p>
                    <h3 className="text-sm font-semibold">
                      <Link to={`/producto/${p.id}`} className="hover:underline">
                        {p.name}
                      </Link>
                    </h3>
                    <Price cents={p.promotion?.priceCents ?? p.priceCents} className="font-bold" />
                    <AddToCartButton product={p} className="mt-auto w-full" />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
