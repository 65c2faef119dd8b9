import { categoryPages, countryPages, genericCountries } from "@/app/entry-pages";

/** NavItem is a header navigation entry; label is an i18n key. */
export interface NavItem {
  to: string;
  label: string;
}

/** navItems is the header's navigation, in order: every category page (categoryPages) has its entry. */
export const navItems: NavItem[] = [
  { to: "/", label: "nav.home" },
  ...categoryPages.map((c) => ({ to: `/${c}`, label: `nav.${c}` })),
  { to: "/todos", label: "nav.todos" },
  { to: "/contact", label: "nav.contact" },
  { to: "/cart", label: "nav.cart" },
  { to: "/favorites", label: "nav.favorites" },
];

/** countryItems link every country page, under "Países" (a disclosure on desktop, listed in the mobile menu). */
export const countryItems: NavItem[] = [...Object.keys(countryPages), ...genericCountries].map((slug) => ({
  to: `/${slug}`,
  label: `nav.${slug}`,
}));

/** navClass highlights the active entry (the root only on an exact match). */
export function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-2 py-1.5 text-sm font-medium ${
    isActive ? "bg-brand-100 text-brand-800" : "text-stone-700 hover:bg-stone-100"
  }`;
}
