import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { LockIcon, ReturnIcon, TruckIcon } from "@/components/ui/icons";
import { Seo } from "@/components/seo/seo";
import { useActivePromotions, useProducts } from "@/features/catalog/api/catalog";
import { Countdown } from "@/features/catalog/components/countdown";
import { CountryGrid } from "@/features/catalog/components/country-grid";
import { ProductGrid, gridClass } from "@/features/catalog/components/product-grid";
import { ProductCardSkeleton } from "@/features/catalog/components/product-card";
import { PromotionCard } from "@/features/catalog/components/promotion-card";
import { sevenDaysMs } from "@/lib/countdown";
import { ProductSort } from "@gen/sabores/v1/types_pb";

function SectionTitle({ id, children, action }: { id: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold">
        {children}
      </h2>
      {action}
    </div>
  );
}

function OnlineCategorySection({ category, title, fallbackError }: { category: string; title: string; fallbackError: string }) {
  const query = useProducts({ onlineCategory: category, sort: ProductSort.NEWEST, pageSize: 4 });
  const id = `section-${category}`;
  return (
    <section aria-labelledby={id} className="container-page py-8">
      <SectionTitle id={id}>{title}</SectionTitle>
      <ProductGrid
        products={query.data?.products}
        isPending={query.isPending}
        skeletons={4}
        error={query.isError ? query.error.rawMessage || fallbackError : undefined}
      />
    </section>
  );
}

function PromotionsSection() {
  const { t } = useTranslation("catalog");
  const query = useActivePromotions();
  const products = query.data?.products ?? [];
  return (
    <section aria-labelledby="promotions-title" className="container-page py-8">
      <SectionTitle
        id="promotions-title"
        action={
          <Link to="/todos" className="link text-sm font-semibold">
            {t("home.seeAll")}
          </Link>
        }
      >
        {t("home.promotions")}
      </SectionTitle>
      {query.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {t("home.promotionsError")}
        </p>
      ) : query.isPending ? (
        <div className={gridClass} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <p className="rounded-lg bg-stone-100 p-6 text-center text-stone-700">{t("home.noPromotions")}</p>
      ) : (
        <div className={gridClass}>
          {products.map((p) => (
            <PromotionCard key={p.id} product={p} />
          ))}
        </div>
      )}
    </section>
  );
}

function CountdownBanner() {
  const { t } = useTranslation("catalog");
  const [target] = useState(() => Date.now() + sevenDaysMs);
  return (
    <section aria-labelledby="countdown-title" className="bg-gradient-to-r from-brand-800 to-red-800 py-10 text-white">
      <div className="container-page text-center">
        <h2 id="countdown-title" className="text-2xl font-bold md:text-3xl">
          {t("home.countdownTitle")}
        </h2>
        <p className="mb-5 mt-1">{t("home.countdownText")}</p>
        <Countdown endMs={target} />
      </div>
    </section>
  );
}

function ServiceHighlights() {
  const { t } = useTranslation("catalog");
  const items = [
    { Icon: ReturnIcon, key: "returns" },
    { Icon: TruckIcon, key: "delivery" },
    { Icon: LockIcon, key: "payment" },
  ];
  return (
    <section aria-labelledby="services-title" className="container-page py-8">
      <h2 id="services-title" className="sr-only">
        {t("home.servicesTitle")}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map((i) => (
          <li key={i.key} className="card flex items-start gap-3 p-5">
            <i.Icon size={32} className="shrink-0 text-brand-700" />
            <div>
              <h3 className="font-semibold">{t(`home.services.${i.key}.title`)}</h3>
              <p className="text-sm text-stone-700">{t(`home.services.${i.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** HomeRoute is the storefront's front page. */
export default function HomeRoute() {
  const { t } = useTranslation("catalog");
  return (
    <>
      <Seo title={t("home.metaTitle")} description={t("home.metaDescription")} />
      <h1 className="sr-only">{t("home.heading")}</h1>
      <CountryGrid />
      <OnlineCategorySection category="lanzamientos" title={t("home.launches")} fallbackError={t("home.launchesError")} />
      <CountdownBanner />
      <PromotionsSection />
      <OnlineCategorySection category="populares" title={t("home.popular")} fallbackError={t("home.popularError")} />
      <ServiceHighlights />
    </>
  );
}
