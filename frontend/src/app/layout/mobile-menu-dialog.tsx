import * as Dialog from "@radix-ui/react-dialog";
import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { countryItems, navClass, navItems } from "@/app/layout/nav-items";
import { accountHome, useSession } from "@/hooks/use-session";

/**
 * MobileMenuDialog is the phone-width navigation: a side sheet that traps
 * focus and returns it to the menu button when it closes.
 */
export default function MobileMenuDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  returnFocus: () => void;
}) {
  const { t } = useTranslation();
  const { viewer } = useSession();
  const items = [...navItems, ...countryItems, { to: accountHome(viewer), label: "account.menuEntry" }];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          // Opened without a Radix trigger, so focus goes back to the menu button by hand.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
          className="fixed inset-y-0 left-0 z-[61] w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl">
          <Dialog.Title className="mb-2 text-lg font-bold text-brand-700">Sabores</Dialog.Title>
          <Dialog.Description className="sr-only">{t("mainNav")}</Dialog.Description>
          <nav aria-label={t("mainNav")}>
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.to + item.label}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    className={(s) => `block ${navClass(s)}`}
                    onClick={() => onOpenChange(false)}
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Dialog.Close className="absolute right-3 top-3 rounded p-1 text-xl" aria-label={t("close")}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
