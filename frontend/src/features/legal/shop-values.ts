import { shop } from "@/config/shop";

/** shopValues are the shop details the legal texts interpolate. */
export function shopValues() {
  return {
    owner: shop.owner,
    taxId: shop.taxId,
    address: `${shop.street}, ${shop.postalCode} ${shop.city} (${shop.province})`,
    email: shop.email,
    phone: shop.phone,
  };
}
