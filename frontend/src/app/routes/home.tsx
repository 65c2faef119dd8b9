import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { LockIcon, ReturnIcon, TruckIcon } from "@/components/ui/icons";
import { Seo } from "@/components/seo/seo";
import { CountryGrid, CountryTileSkeletons, countryListClass } from "@/features/catalog/components/country-grid";
import { ProductGrid, SkeletonGrid } from "@/features/catalog/components/product-grid";
import { defer, useDeferred } from "@/lib/deferred";
import { HydrateWhenSeen } from "@/lib/hydrate-when-seen";

// The sections' data-bound parts come with the data layer (the generated
// descriptors and protobuf's reflection, about 12 KB gzip), which starts
// downloading with this chunk; the frame, headings and skeletons paint first.
const homeData = defer(() => import("@/features/catalog/components/home-data"));

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

function OnlineCategorySection({
  category,
  title,
  fallbackError,
  firstScreen = false,
}: {
  category: string;
  title: string;
  fallbackError: string;
  firstScreen?: boolean;
}) {
  const data = useDeferred(homeData);
  const id = `section-${category}`;
  return (
    <section aria-labelledby={id} className={`container-page py-8 ${firstScreen ? "" : "below-fold"}`}>
      <SectionTitle id={id}>{title}</SectionTitle>
      {data ? (
        <data.CategoryProducts category={category} fallbackError={fallbackError} firstScreen={firstScreen} />
      ) : (
        <ProductGrid products={undefined} isPending skeletons={4} />
      )}
    </section>
  );
}

function PromotionsSection() {
  const { t } = useTranslation("catalog");
  const data = useDeferred(homeData);
  return (
    <section aria-labelledby="promotions-title" className="container-page below-fold py-8">
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
      {data ? <data.ActivePromotions /> : <SkeletonGrid count={4} />}
    </section>
  );
}

function Countries() {
  const data = useDeferred(homeData);
  return (
    <CountryGrid>
      {data ? (
        <data.CountryTiles />
      ) : (
        <ul className={countryListClass}>
          <CountryTileSkeletons />
        </ul>
      )}
    </CountryGrid>
  );
}

/**
 * CountdownBanner is the countdown to the soonest-ending running promotion;
 * it needs the promotions, so it comes with the data layer and shows
 * nothing before (as it shows nothing when no promotion has an end).
 */
function CountdownBanner() {
  const data = useDeferred(homeData);
  return data ? <data.CountdownBanner /> : null;
}

function ServiceHighlights() {
  const { t } = useTranslation("catalog");
  const items = [
    { Icon: ReturnIcon, key: "returns" },
    { Icon: TruckIcon, key: "delivery" },
    { Icon: LockIcon, key: "payment" },
  ];
  return (
    <section aria-labelledby="services-title" className="container-page below-fold py-8">
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
      <Countries />
      <OnlineCategorySection
        category="lanzamientos"
        title={t("home.launches")}
        fallbackError={t("home.launchesError")}
        firstScreen
      />
      {/* Below the first screen: hydrated when the shopper gets there. */}
      <HydrateWhenSeen>
        <CountdownBanner />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <PromotionsSection />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <OnlineCategorySection category="populares" title={t("home.popular")} fallbackError={t("home.popularError")} />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <ServiceHighlights />
      </HydrateWhenSeen>
    </>
  );
}
