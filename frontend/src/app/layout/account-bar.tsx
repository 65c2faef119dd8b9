import { useTranslation } from "react-i18next";
import { SocialLinks } from "@/app/layout/social-links";
import { LanguageSwitch } from "@/app/layout/language-switch";
import { useSession } from "@/hooks/use-session";

/** AccountBar holds the social links, the language switch and who is signed in. */
export function AccountBar() {
  const { t } = useTranslation();
  const { user, viewer } = useSession();
  return (
    <div className="border-b border-stone-200 bg-stone-100 text-xs text-stone-700">
      <div className="container-page flex items-center justify-between gap-2 py-1">
        <SocialLinks className="hidden sm:flex" />
        <div className="ml-auto flex items-center gap-3">
          {user && (
            <span>
              {user.name} ·{" "}
              <span className="rounded bg-brand-100 px-1.5 py-0.5 font-semibold text-brand-800">
                {viewer === "admin" ? t("roleAdmin") : viewer === "till" ? t("roleTill") : t("roleClient")}
              </span>
            </span>
          )}
          <LanguageSwitch />
        </div>
      </div>
    </div>
  );
}
