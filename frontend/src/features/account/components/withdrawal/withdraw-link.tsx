import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { type Order, OrderStatus } from "@gen/sabores/v1/types_pb";

/**
 * WithdrawLink is the clearly labelled withdrawal function on an order
 * ("Desistir del contrato aquí", art. 11a of Directive 2011/83); the page it
 * opens says whether the period still runs.
 */
export function WithdrawLink({ order }: { order: Order }) {
  const { t } = useTranslation("account");
  if (order.status === OrderStatus.CANCELLED) return null;
  return (
    <Link to={`/orders/${order.id}/withdraw`} className="btn btn-outline text-sm">
      {t("withdrawal.button")}
    </Link>
  );
}
