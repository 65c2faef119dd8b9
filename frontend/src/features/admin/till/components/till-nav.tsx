import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";

const tabs = [
  { to: "/admin/caja", key: "sell", end: true },
  { to: "/admin/caja/devoluciones", key: "returns", end: false },
  { to: "/admin/caja/dia", key: "day", end: false },
] as const;

/** TillNav is the till's own menu: all a till user sees of the back office. */
export function TillNav() {
  const { t } = useTranslation("till");
  return (
    <nav aria-label={t("nav.label")} className="print:hidden">
      <ul className="flex gap-1 rounded-lg bg-stone-200 p-1">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex-1">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-center text-sm font-semibold ${isActive ? "bg-white text-brand-800 shadow" : "text-stone-700 hover:bg-stone-100"}`
              }
            >
              {t(`nav.${tab.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
