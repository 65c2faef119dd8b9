import { PackageIcon } from "@/components/ui/icons";

/**
 * ProductImage shows a product photo, or a neutral placeholder without one.
 * Photos load lazily, except priority ones: those a page shows in its first
 * screen, which the browser should fetch at once and first (they are the
 * page's Largest Contentful Paint). Every place draws it in a square frame
 * (its classes set the size), so width and height give the browser that
 * shape before the stylesheet does.
 */
export function ProductImage({
  src,
  alt,
  className = "",
  priority = false,
  srcSet,
  sizes,
}: {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
  /** srcSet lists an uploaded photo's widths; sizes says how wide it shows. */
  srcSet?: string;
  sizes?: string;
}) {
  if (!src) {
    return (
      <div {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })} className={`flex items-center justify-center bg-stone-100 text-stone-400 ${className}`}>
        <PackageIcon size={48} />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={480}
      height={480}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
