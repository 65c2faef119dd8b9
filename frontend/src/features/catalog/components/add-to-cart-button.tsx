import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAddToCart } from "@/hooks/use-add-to-cart";
import type { Product } from "@gen/sabores/v1/types_pb";

/** effectivePrice is what a shopper pays now: the promotion's price if one runs. */
export function effectivePrice(p: Pick<Product, "priceCents" | "promotion">): number {
  return Number(p.promotion?.priceCents ?? p.priceCents);
}

/**
 * AddToCartButton adds one unit (or quantity). It reads 'Añadido' for 1.5 s
 * after adding and 'Esgotado', disabled, when nothing is in stock.
 */
export function AddToCartButton({
  product,
  quantity = 1,
  disabled = false,
  label,
  className = "",
}: {
  product: Product;
  quantity?: number;
  disabled?: boolean;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const add = useAddToCart();
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), 1500);
    return () => clearTimeout(timer);
  }, [added]);

  const soldOut = product.stock <= 0;
  const onClick = () => {
    const ok = add(
      {
        id: Number(product.id),
        name: product.name,
        priceCents: effectivePrice(product),
        image: product.imageUrl,
        stock: product.stock,
      },
      quantity,
    );
    if (ok) setAdded(true);
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={soldOut || disabled}
      className={`btn ${soldOut ? "btn-outline" : "btn-primary"} ${className}`}
    >
      {soldOut ? t("product.soldOut") : added ? t("product.added") : (label ?? t("product.addToCart"))}
    </button>
  );
}
