import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { StuckWork as Stuck } from "@gen/sabores/v1/admin_dashboard_service_pb";

const lines = [
  { key: "emails", count: (s: Stuck) => s.emails, to: "/admin/emails" },
  { key: "refunds", count: (s: Stuck) => s.refunds, to: "/admin/orders?payment=refunded" },
  { key: "verifactu", count: (s: Stuck) => s.verifactuRecords, to: "/admin/invoices" },
] as const;

/**
 * StuckWork is a red line for each kind of work stuck past its wait (the
 * server's one definition, shared with the alert rules), with where to look;
 * nothing when nothing is stuck.
 */
export function StuckWork({ stuck }: { stuck?: Stuck }) {
  const { t } = useTranslation("admin");
  const shown = lines.filter((l) => stuck && l.count(stuck) > 0n);
  if (!stuck || shown.length === 0) return null;
  return (
    <section aria-labelledby="stuck-title" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <h2 id="stuck-title" className="font-bold">
        {t("stuck.title")}
      </h2>
      <ul className="mt-2 space-y-1">
        {shown.map((l) => (
          <li key={l.key}>
            {t(`stuck.${l.key}`, { count: Number(l.count(stuck)) })}{" "}
            <Link to={l.to} className="font-semibold underline">
              {t(`stuck.${l.key}Link`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
