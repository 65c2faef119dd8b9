import { Link, NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { MobileMenu } from "@/app/layout/mobile-menu";
import { CartIcon, ChevronDownIcon } from "@/components/ui/icons";
import { countryItems, navClass, navItems } from "@/app/layout/nav-items";
import { SearchBox } from "@/features/catalog/components/search-box";
import { accountHome, useSession } from "@/hooks/use-session";
import { useCart } from "@/stores/cart-store";

/** Header is the storefront's top bar. */
export function Header() {
  const { t } = useTranslation();
  const { count } = useCart();
  const { viewer } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
        <MobileMenu />
        <Link to="/" className="shrink-0 text-2xl font-extrabold tracking-tight text-brand-700">
          Sabores
        </Link>
        <div className="order-last w-full sm:order-none sm:w-auto sm:min-w-0 sm:flex-1">
          <SearchBox />
        </div>
        <Link
          to="/cart"
          className="relative ml-auto rounded-md p-2 hover:bg-stone-100 sm:ml-0"
          aria-label={t("cartWithCount", { count })}
        >
          <CartIcon />
          <span
            aria-hidden="true"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs font-bold text-white"
          >
            {count}
          </span>
        </Link>
        <Link to={accountHome(viewer)} className="btn btn-outline hidden sm:inline-flex">
          {viewer === "admin" || viewer === "till" ? t("account.admin") : viewer === "client" ? t("account.client") : t("account.signIn")}
        </Link>
      </div>
      <nav aria-label={t("mainNav")} className="hidden border-t border-stone-100 md:block">
        <ul className="container-page flex flex-wrap gap-1 py-1.5">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={navClass}>
                {t(item.label)}
                {item.to === "/cart" && count > 0 ? ` (${count})` : ""}
              </NavLink>
            </li>
          ))}
          <li className="relative">
            <details className="group">
              <summary className="cursor-pointer list-none rounded-md px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-stone-100">
                {t("nav.countries")} <ChevronDownIcon size={14} className="inline-block align-middle" />
              </summary>
              <ul className="absolute left-0 z-50 mt-1 w-56 rounded-lg border border-stone-200 bg-white p-1 shadow-lg">
                {countryItems.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className={(s) => `block ${navClass(s)}`}
                      // A link followed closes the list, as a menu would.
                      onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        </ul>
      </nav>
    </header>
  );
}
