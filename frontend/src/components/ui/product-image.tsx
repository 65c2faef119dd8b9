import { PackageIcon } from "@/components/ui/icons";

/** ProductImage shows a product photo, or a neutral placeholder without one. */
export function ProductImage({ src, alt, className = "" }: { src: string; alt: string; className?: string }) {
  if (!src) {
    return (
      <div {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })} className={`flex items-center justify-center bg-stone-100 text-stone-400 ${className}`}>
        <PackageIcon size={48} />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" className={`object-cover ${className}`} />;
}
