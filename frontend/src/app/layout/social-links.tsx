import { useTranslation } from "react-i18next";
import { CameraIcon, ChatIcon, SocialIcon } from "@/components/ui/icons";
import { shop } from "@/config/shop";

/** SocialLinks links the shop's social pages and WhatsApp chat. */
export function SocialLinks({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const links = [
    { href: shop.instagramUrl, label: "Instagram", Icon: CameraIcon },
    { href: shop.facebookUrl, label: "Facebook", Icon: SocialIcon },
    { href: shop.whatsappUrl(t("whatsappGreeting")), label: "WhatsApp", Icon: ChatIcon },
  ];
  return (
    <ul className={`flex items-center gap-3 ${className}`} aria-label={t("social")}>
      {links.map((l) => (
        <li key={l.label}>
          <a href={l.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 hover:underline">
            <l.Icon size={14} /> {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
