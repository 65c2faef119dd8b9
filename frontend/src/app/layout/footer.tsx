import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { NewsletterBox } from "@/app/layout/newsletter-box";
import { SocialLinks } from "@/app/layout/social-links";
import { useShopDetails } from "@/hooks/use-shop-details";
import { addressLine } from "@/lib/shop-details";

/** Footer carries the legal links, the newsletter box and social links. */
export function Footer() {
  const { t } = useTranslation();
  const details = useShopDetails();
  return (
    <footer className="mt-16 bg-stone-900 text-stone-200">
      <div className="container-page grid gap-8 py-10 md:grid-cols-3">
        <div>
          <p className="text-xl font-bold text-white">Sabores</p>
          <p className="mt-2 text-sm">{t("footer.tagline")}</p>
          <p className="mt-2 min-h-5 text-sm">{addressLine(details)}</p>
          <SocialLinks className="mt-4 text-sm" />
        </div>
        <nav aria-label={t("footer.legalNav")}>
          <h2 className="font-semibold text-white">{t("footer.info")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="hover:underline" to="/privacy-policy">{t("footer.privacy")}</Link></li>
            <li><Link className="hover:underline" to="/return-policy">{t("footer.returns")}</Link></li>
            <li><Link className="hover:underline" to="/terms">{t("footer.terms")}</Link></li>
            <li><Link className="hover:underline" to="/cookie-policy">{t("footer.cookies")}</Link></li>
            <li><Link className="hover:underline" to="/contact">{t("footer.contact")}</Link></li>
          </ul>
        </nav>
        <NewsletterBox />
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-300">
        © {new Date().getFullYear()} Sabores · {t("footer.rights")}
      </p>
    </footer>
  );
}
