import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { CheckoutWizard } from "@/features/cart/components/checkout-wizard";
import { RedsysRedirect } from "@/features/payment/components/redsys-redirect";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { useSession } from "@/hooks/use-session";

/**
 * CheckoutRoute is /checkout: signed-in shoppers only, then the checkout
 * wizard. A card or Bizum order goes on to Redsys's payment page, which
 * sends the shopper back to the order's page; any other order goes there
 * at once.
 */
export default function CheckoutRoute() {
  const { t } = useTranslation("cart");
  const navigate = useNavigate();
  const toast = useToast();
  const { user, viewer, resolved } = useSession();
  const [paying, setPaying] = useState<bigint | null>(null);

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest" && paying === null) return <Navigate to="/auth?redirect=checkout" replace />;
  if (paying !== null) {
    return (
      <div className="container-page py-6">
        <RedsysRedirect orderId={paying} onCancel={() => void navigate(`/orders/${paying}`)} />
      </div>
    );
  }

  return (
    <div className="container-page py-6">
      <Seo title={t("checkoutMetaTitle")} />
      <h1 className="mb-4 text-3xl font-bold">{t("checkoutTitle")}</h1>
      <CheckoutWizard
        recipient={{ name: user?.name ?? "", email: user?.email ?? "" }}
        onPlaced={(order) => {
          toast({ title: t("success") });
          if (order.paymentMethod === PaymentMethod.CARD || order.paymentMethod === PaymentMethod.BIZUM) setPaying(order.id);
          else void navigate(`/orders/${order.id}`);
        }}
      />
    </div>
  );
}
