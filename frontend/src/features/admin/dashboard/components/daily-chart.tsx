import { useTranslation } from "react-i18next";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { DailyStat } from "@gen/sabores/v1/admin_dashboard_service_pb";
import { formatDate } from "@/lib/format-date";
import { formatPrice } from "@/lib/format-price";

// The chart library is imported only here, and this module is loaded lazily
// by the dashboard: neither the storefront nor the other admin screens
// download it. The numbers are also in a table beside it for screen readers
// and keyboards (the chart itself is hidden from them).

function shortDate(date: string, language: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime())
    ? date
    : formatDate(d, language, { day: "numeric", month: "short", timeZone: "UTC" });
}

/**
 * DailyChart draws, per Madrid day, the orders paid (bars) and the money
 * paid less refunds (line), the till's sales included (issue 37).
 */
export default function DailyChart({ daily }: { daily: DailyStat[] }) {
  const { t, i18n } = useTranslation("admin");
  const data = daily.map((d) => ({
    day: shortDate(d.date, i18n.language),
    orders: d.paidOrders,
    revenue: Number(d.netCents) / 100,
  }));
  const euros = (v: number) => formatPrice(Math.round(v * 100), i18n.language);
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
          <YAxis
            yAxisId="revenue"
            orientation="right"
            tick={{ fontSize: 12 }}
            width={72}
            tickFormatter={(v: number) => euros(v)}
          />
          <Tooltip
            formatter={(value, name) =>
              name === t("dashboard.paidNet") ? euros(Number(value)) : String(value)
            }
          />
          <Legend />
          <Bar yAxisId="orders" dataKey="orders" name={t("dashboard.paidOrders")} fill="#92400e" radius={[3, 3, 0, 0]} />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name={t("dashboard.paidNet")}
            stroke="#15803d"
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
