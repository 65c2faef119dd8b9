/** NavItem is a header navigation entry; label is an i18n key. */
export interface NavItem {
  to: string;
  label: string;
}

/** navItems is the header's navigation, in order. */
export const navItems: NavItem[] = [
  { to: "/", label: "nav.home" },
  { to: "/bebidas", label: "nav.bebidas" },
  { to: "/alimentos", label: "nav.alimentos" },
  { to: "/beleza", label: "nav.beleza" },
  { to: "/perfumes", label: "nav.perfumes" },
  { to: "/todos", label: "nav.todos" },
  { to: "/contact", label: "nav.contact" },
  { to: "/cart", label: "nav.cart" },
  { to: "/favorites", label: "nav.favorites" },
];

/** mobileExtraItems are linked from the mobile menu only. */
export const mobileExtraItems: NavItem[] = [
  { to: "/brasil", label: "nav.brasil" },
  { to: "/colombia", label: "nav.colombia" },
];

/** navClass highlights the active entry (the root only on an exact match). */
export function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-2 py-1.5 text-sm font-medium ${
    isActive ? "bg-brand-100 text-brand-800" : "text-stone-700 hover:bg-stone-100"
  }`;
}
