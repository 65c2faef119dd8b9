import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useCreateProduct } from "@/features/admin/products/api/product-changes";
import { ProductDetailsForm } from "@/features/admin/products/components/product-details-form";
import { useCountryConfigs } from "@/features/admin/visibility/api/country-configs";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { emptyDetails, toDetails } from "@/features/admin/products/lib/product-details";
import { BackLink } from "@/components/ui/back-link";

/** CatalogueNew is /admin/catalogue/new, the 'add product' form; a saved product opens for its content, pictures and promotions. */
export default function CatalogueNew() {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const create = useCreateProduct();
  const countries = useCountryConfigs();
  const saveFailure = useSaveFailure();
  return (
    <div className="space-y-4">
      <BackLink to="/admin/catalogue">{t("catalogue.title")}</BackLink>
      <h1 className="text-2xl font-bold">{t("catalogue.newTitle")}</h1>
      <ProductDetailsForm
        initial={emptyDetails}
        creating
        pending={create.isPending}
        countries={countries.data?.countries}
        onSubmit={(v, fail) =>
          create.mutate(
            { details: toDetails(v), initialStock: Number(v.initialStock) },
            {
              onSuccess: (res) => void navigate(`/admin/catalogue/${res.product?.id}`),
              onError: (err) => {
                if (!fail(err)) saveFailure("product", err);
              },
            },
          )
        }
      />
    </div>
  );
}
