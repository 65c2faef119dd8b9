import { useTranslation } from "react-i18next";
import { shop } from "@/config/shop";

/** SocialLinks links the shop's social pages and WhatsApp chat. */
export function SocialLinks({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const links = [
    { href: shop.instagramUrl, label: "Instagram", icon: "📷" },
    { href: shop.facebookUrl, label: "Facebook", icon: "📘" },
    { href: shop.whatsappUrl(t("whatsappGreeting")), label: "WhatsApp", icon: "💬" },
  ];
  return (
    <ul className={`flex items-center gap-3 ${className}`} aria-label={t("social")}>
      {links.map((l) => (
        <li key={l.label}>
          <a href={l.href} target="_blank" rel="noopener noreferrer" className="hover:underline">
            <span aria-hidden="true">{l.icon}</span> {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
