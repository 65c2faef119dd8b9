import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { ReducedPrice } from "@/components/ui/reduced-price";
import { ProductImage } from "@/components/ui/product-image";
import { CartProblems } from "@/features/cart/components/cart-problems";
import { PastBestBefore } from "@/components/ui/past-best-before";
import type { CartLine } from "@gen/sabores/v1/cart_service_pb";
import { canIncrease, type CartItem } from "@/stores/cart-rules";

/**
 * CartLineRow is one cart line: image, name, the server's current price,
 * quantity minus/plus, remove, the past best-before label and any problem
 * the server reported.
 */
export function CartLineRow({
  item,
  line,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  line?: CartLine;
  onQuantity: (q: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("cart");
  const unit = line && line.unitPriceCents > 0n ? Number(line.unitPriceCents) : item.priceCents;
  const stock = line ? line.availableStock : item.stock;
  const plusAllowed = canIncrease(item.quantity, 0, stock);
  return (
    <li className="card flex gap-3 p-3">
      <ProductImage src={line?.imageUrl || item.image} alt="" className="h-20 w-20 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <Link to={`/producto/${item.id}`} className="font-semibold hover:underline">
          {line?.name || item.name}
        </Link>
        <div className="mt-1 flex flex-wrap items-baseline gap-2 text-sm">
          <ReducedPrice
            cents={unit}
            referenceCents={line?.referenceUnitPriceCents ?? 0}
            label={line?.promotionLabel ?? ""}
            className="font-semibold"
            referenceClassName="text-stone-600"
          />
          {line && line.unitPriceCents > 0n && Number(line.unitPriceCents) !== item.priceCents && (
            <span className="text-xs text-stone-600">{t("priceUpdated")}</span>
          )}
        </div>
        <PastBestBefore date={line?.pastBestBefore ?? ""} compact />
        <CartProblems problems={line?.problems ?? []} available={line?.availableStock ?? 0} />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <div className="inline-flex items-center rounded-lg border border-stone-300">
            <button
              type="button"
              className="h-8 w-8"
              onClick={() => onQuantity(item.quantity - 1)}
              aria-label={t("decreaseFor", { name: item.name })}
            >
              −
            </button>
            <span className="w-8 text-center tabular-nums" aria-label={t("quantityFor", { name: item.name })}>
              {item.quantity}
            </span>
            <button
              type="button"
              className="h-8 w-8 disabled:opacity-40"
              disabled={!plusAllowed}
              onClick={() => onQuantity(item.quantity + 1)}
              aria-label={t("increaseFor", { name: item.name })}
            >
              +
            </button>
          </div>
          <button type="button" className="btn btn-ghost text-red-700" onClick={onRemove}>
            {t("remove")}
          </button>
        </div>
      </div>
      <div className="text-right font-semibold">
        <Price cents={line && line.lineTotalCents > 0n ? line.lineTotalCents : unit * item.quantity} />
      </div>
    </li>
  );
}
