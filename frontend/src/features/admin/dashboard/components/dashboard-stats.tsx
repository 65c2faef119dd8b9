import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { formatDecimal } from "@/lib/format-number";
import { formatPrice } from "@/lib/format-price";
import { useDashboardStats } from "@/features/admin/dashboard/api/dashboard";
import { DailyTable } from "@/features/admin/dashboard/components/daily-table";
import { madridDay } from "@/features/admin/dashboard/components/madrid-day";
import { PaidPeriods } from "@/features/admin/dashboard/components/paid-periods";
import { StuckWork } from "@/features/admin/dashboard/components/stuck-work";
import { CountNeeded } from "@/features/admin/dashboard/components/count-needed";

const DailyChart = lazy(() => import("@/features/admin/dashboard/components/daily-chart"));

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="card p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** DashboardStats shows the work stuck, the shop's real statistics, the daily chart and the best sellers. */
export function DashboardStats() {
  const { t, i18n } = useTranslation("admin");
  const { data, isPending, isError, refetch, isRefetching } = useDashboardStats();
  const money = (cents: bigint) => formatPrice(cents, i18n.language);
  const count = (n: number) => formatDecimal(n, i18n.language, 0);

  if (isPending) return <Spinner label={t("loading")} />;
  if (isError) {
    return (
      <ErrorBox className="flex flex-wrap items-center gap-3">
        <span>{t("dashboard.loadError")}</span>
        <button type="button" className="btn btn-outline" disabled={isRefetching} onClick={() => void refetch()}>
          {t("dashboard.retry")}
        </button>
      </ErrorBox>
    );
  }
  return (
    <div className="space-y-6">
      <StuckWork stuck={data.stuck} />
      <CountNeeded products={data.countNeeded} />
      <PaidPeriods periods={data.paidPeriods} />
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          {t("dashboard.statsTitle")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Stat label={t("dashboard.orders")} value={count(data.orderCount)} />
          <Stat label={t("dashboard.ordersValue")} value={money(data.revenueCents)} />
          {/* Nothing paid has no average ticket: a figure would read as a price (issue 37). */}
          <Stat label={t("dashboard.averageTicket")} value={data.revenueCents === 0n ? "—" : money(data.averageTicketCents)} />
          <Stat label={t("dashboard.customers")} value={count(data.customerCount)} />
          <Stat label={t("dashboard.products")} value={count(data.productCount)} />
        </dl>
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="daily-title" className="card p-4 sm:p-6 lg:col-span-2">
          <h2 id="daily-title" className="text-lg font-bold">
            {t("dashboard.dailyTitle")}
          </h2>
          <Suspense fallback={<div className="h-72" />}>
            <DailyChart daily={data.daily} />
          </Suspense>
          <DailyTable daily={data.daily} />
        </section>
        <section aria-labelledby="best-title" className="card p-4 sm:p-6">
          <h2 id="best-title" className="text-lg font-bold">
            {t("dashboard.bestSellers")}
          </h2>
          {data.bestSellersFromDay && (
            <p className="text-sm text-stone-700">
              {t("dashboard.bestSellersSpan", {
                span: `${madridDay(data.bestSellersFromDay, i18n.language)} – ${madridDay(data.bestSellersToDay, i18n.language)}`,
              })}
            </p>
          )}
          {data.bestSellers.length === 0 ? (
            <p className="mt-3 text-stone-700">{t("dashboard.noSales")}</p>
          ) : (
            <ol className="mt-3 space-y-2">
              {data.bestSellers.map((b, i) => (
                <li key={String(b.productId)} className="flex items-baseline gap-2 text-sm">
                  <span className="w-5 font-bold text-stone-500">{i + 1}.</span>
                  <span className="flex-1 font-medium">{b.name}</span>
                  <span className="text-stone-700">{t("dashboard.units", { count: b.quantity })}</span>
                  <span className="font-semibold">{money(b.revenueCents)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
