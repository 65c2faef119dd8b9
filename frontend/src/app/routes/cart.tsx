import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Seo } from "@/components/seo/seo";
import { useValidateCart } from "@/features/cart/api/cart";
import { CartLineRow } from "@/features/cart/components/cart-line-row";
import { CartSummary } from "@/features/cart/components/cart-summary";
import { DiscountCodeField } from "@/features/cart/components/discount-code-field";
import { useDiscountCode } from "@/features/cart/discount-code";
import { useSession } from "@/hooks/use-session";
import { useCart } from "@/stores/cart-store";

/** CartRoute is /cart: the cart, priced and checked by the server. */
export default function CartRoute() {
  const { t } = useTranslation("cart");
  const navigate = useNavigate();
  const { items, setQuantity, remove } = useCart();
  const { viewer } = useSession();
  const [discountCode, setDiscountCode] = useDiscountCode();
  const priced = useValidateCart(items, "", "", discountCode);

  if (items.length === 0) {
    return (
      <div className="container-page py-16 text-center">
        <Seo title={t("metaTitle")} />
        <h1 className="text-2xl font-bold">{t("empty")}</h1>
        <Link to="/" className="btn btn-primary mt-6">
          {t("continueShopping")}
        </Link>
      </div>
    );
  }

  const lineFor = (id: number) => priced.data?.lines.find((l) => Number(l.productId) === id);
  const finish = () => void navigate(viewer === "guest" ? "/auth?redirect=checkout" : "/checkout");

  return (
    <div className="container-page py-6">
      <Seo title={t("metaTitle")} />
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      {priced.isError && <ErrorBox className="mt-4">{t("validateError")}</ErrorBox>}
      {priced.data && !priced.data.valid && <ErrorBox className="mt-4">{t("hasProblems")}</ErrorBox>}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ul className="space-y-3" aria-label={t("lines")}>
          {items.map((item) => (
            <CartLineRow
              key={item.id}
              item={item}
              line={lineFor(item.id)}
              onQuantity={(q) => setQuantity(item.id, q)}
              onRemove={() => remove(item.id)}
            />
          ))}
        </ul>
        <CartSummary priced={priced.data}>
          <DiscountCodeField code={discountCode} onCode={setDiscountCode} priced={priced.data} />
          {priced.data && !priced.data.valid && (
            <p role="status" className="text-sm font-medium text-red-700">
              {t("fixBeforeCheckout")}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary w-full py-3"
            onClick={finish}
            disabled={priced.data ? !priced.data.valid : false}
          >
            {t("checkout")}
          </button>
          <Link to="/" className="btn btn-outline w-full">
            {t("continueShopping")}
          </Link>
        </CartSummary>
      </div>
    </div>
  );
}
