import { useShopDetails } from "@/hooks/use-shop-details";
import { addressLine } from "@/lib/shop-details";

/** useShopValues are the shop details the legal texts interpolate, as the owner set them. */
export function useShopValues() {
  const d = useShopDetails().data?.details;
  return {
    owner: d?.legalName ?? "",
    taxId: d?.nif ? `NIF ${d.nif}` : "",
    address: addressLine(d),
    email: d?.email ?? "",
    phone: d?.phone ?? "",
  };
}
