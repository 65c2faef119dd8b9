// The shop's public contact details, in one place so the owner can change
// them without touching pages.

const whatsappNumber = "34600000000";

/** shop is the shop's identity as shown on contact and legal pages. */
export const shop = {
  name: "Sabores",
  owner: "Sabores — Ana Lúcia Ferreira da Silva",
  taxId: "NIF 12345678Z",
  street: "Rúa Rosalía de Castro, 12",
  postalCode: "27880",
  city: "Burela",
  province: "Lugo",
  phone: "+34 982 000 000",
  phoneHref: "tel:+34982000000",
  email: "hola@sabores.es",
  instagramUrl: "https://www.instagram.com/sabores.burela",
  facebookUrl: "https://www.facebook.com/sabores.burela",
  whatsappUrl: (greeting: string) => `https://wa.me/${whatsappNumber}?text=${encodeURIComponent(greeting)}`,
} as const;
