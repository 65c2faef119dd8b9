import { Navigate, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toaster";
import { CheckoutWizard } from "@/features/cart/components/checkout-wizard";
import { useSession } from "@/hooks/use-session";

/** CheckoutRoute is /checkout: signed-in shoppers only, then the checkout wizard. */
export default function CheckoutRoute() {
  const { t } = useTranslation("cart");
  const navigate = useNavigate();
  const toast = useToast();
  const { user, viewer, resolved } = useSession();

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to="/auth?redirect=checkout" replace />;

  return (
    <div className="container-page py-6">
      <Seo title={t("checkoutMetaTitle")} />
      <h1 className="mb-4 text-3xl font-bold">{t("checkoutTitle")}</h1>
      <CheckoutWizard
        recipient={{ name: user?.name ?? "", email: user?.email ?? "" }}
        onPlaced={() => {
          toast({ title: t("success") });
          void navigate("/");
        }}
      />
    </div>
  );
}
