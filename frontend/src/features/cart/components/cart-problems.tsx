import { useTranslation } from "react-i18next";
import { CartProblem } from "@gen/sabores/v1/cart_service_pb";
import { useColdChainAreas } from "@/hooks/use-cold-chain-areas";

const problemKeys: Record<CartProblem, string> = {
  [CartProblem.UNSPECIFIED]: "problems.unknown",
  [CartProblem.UNKNOWN_PRODUCT]: "problems.unknownProduct",
  [CartProblem.NOT_SOLD_ONLINE]: "problems.notSoldOnline",
  [CartProblem.OUT_OF_STOCK]: "problems.outOfStock",
  [CartProblem.INSUFFICIENT_STOCK]: "problems.insufficientStock",
  [CartProblem.INVALID_QUANTITY]: "problems.invalidQuantity",
  [CartProblem.DELIVERY_AREA]: "problems.deliveryArea",
};

/** CartProblems lists why a line cannot be sold as it is. */
export function CartProblems({ problems, available }: { problems: CartProblem[]; available: number }) {
  const { t } = useTranslation("cart");
  const areas = useColdChainAreas();
  if (problems.length === 0) return null;
  return (
    <ul role="alert" className="mt-1 space-y-0.5 text-sm font-medium text-red-700">
      {problems.map((p) => (
        <li key={p}>{t(problemKeys[p], { available, areas })}</li>
      ))}
    </ul>
  );
}

/** problemsFromReason maps a PlaceOrder ErrorInfo reason to a cart problem. */
export function problemFromReason(reason: string): CartProblem {
  switch (reason) {
    case "INSUFFICIENT_STOCK":
      return CartProblem.INSUFFICIENT_STOCK;
    case "OUT_OF_STOCK":
      return CartProblem.OUT_OF_STOCK;
    case "NOT_SOLD_ONLINE":
      return CartProblem.NOT_SOLD_ONLINE;
    case "UNKNOWN_PRODUCT":
    case "PRODUCT_NOT_FOUND":
      return CartProblem.UNKNOWN_PRODUCT;
    case "INVALID_QUANTITY":
      return CartProblem.INVALID_QUANTITY;
    case "DELIVERY_AREA":
      return CartProblem.DELIVERY_AREA;
    default:
      return CartProblem.UNSPECIFIED;
  }
}
