/** ProductImage shows a product photo, or a neutral placeholder without one. */
export function ProductImage({ src, alt, className = "" }: { src: string; alt: string; className?: string }) {
  if (!src) {
    return (
      <div role="img" aria-label={alt} className={`flex items-center justify-center bg-stone-100 text-4xl ${className}`}>
        <span aria-hidden="true">🍽️</span>
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" className={`object-cover ${className}`} />;
}
