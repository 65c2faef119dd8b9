import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "@/components/ui/icons";

// The sheet and its dialog library load on the first tap, not with the page.
const MobileMenuDialog = lazy(() => import("@/app/layout/mobile-menu-dialog"));

/** MobileMenu is the phone-width menu button and, once opened, its sheet. */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="rounded-md p-2 hover:bg-stone-100 md:hidden"
        aria-label={t("openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
