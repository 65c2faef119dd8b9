import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "@/components/ui/toaster";
import { recordInteraction } from "@/lib/analytics";
import { useCart } from "@/stores/cart-store";
import type { CartItem } from "@/stores/cart-rules";

/**
 * useAddToCart adds to the cart with the stock rule: when the stock would be
 * exceeded it shows the spec's destructive toast and adds nothing.
 */
export function useAddToCart() {
  const { add } = useCart();
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (item: Omit<CartItem, "quantity">, quantity = 1): boolean => {
      const result = add(item, quantity);
      if (!result.ok) {
        toast({
          variant: "destructive",
          title: t("cart.stockTitle"),
          description: t("cart.stockText", { stock: result.stock, n: result.inCart }),
        });
        return false;
      }
      recordInteraction("add_to_cart", { productId: item.id, quantity });
      return true;
    },
    [add, toast, t],
  );
}
