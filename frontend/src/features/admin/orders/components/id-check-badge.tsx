import { useTranslation } from "react-i18next";
import type { Order } from "@gen/sabores/v1/types_pb";

/**
 * IdCheckBadge marks an order holding adults-only goods: its label must be
 * bought with the carrier's ID-check delivery ("entrega con comprobación de
 * identidad"). The order desk shows it where orders are shipped.
 */
export function IdCheckBadge({ order }: { order: Order }) {
  const { t } = useTranslation("admin");
  if (!order.idCheckRequired) return null;
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("orders.idCheck")}</span>;
}
