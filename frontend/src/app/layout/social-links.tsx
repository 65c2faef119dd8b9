import { useTranslation } from "react-i18next";
import { CameraIcon, ChatIcon, SocialIcon } from "@/components/ui/icons";
import { useShopDetails } from "@/hooks/use-shop-details";
import { whatsappUrl } from "@/lib/shop-details";

/** SocialLinks links the shop's social pages and WhatsApp chat, those the owner has set. */
export function SocialLinks({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const d = useShopDetails().data?.details;
  const links = [
    { href: d?.instagramUrl, label: "Instagram", Icon: CameraIcon },
    { href: d?.facebookUrl, label: "Facebook", Icon: SocialIcon },
    { href: d?.whatsapp && whatsappUrl(d.whatsapp, t("whatsappGreeting")), label: "WhatsApp", Icon: ChatIcon },
  ].filter((l) => l.href);
  return (
    <ul className={`flex min-h-5 items-center gap-3 ${className}`} aria-label={t("social")}>
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
