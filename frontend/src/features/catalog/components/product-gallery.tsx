import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ProductImage } from "@/components/ui/product-image";
import type { Product } from "@gen/sabores/v1/types_pb";

const mainSizes = "(min-width: 768px) 50vw, 100vw";

/**
 * ProductGallery is the product page's picture: the first uploaded photo
 * (or the generated placeholder), with the others as thumbnails that swap
 * into the main place.
 */
export function ProductGallery({ product }: { product: Product }) {
  const { t } = useTranslation("catalog");
  const [shown, setShown] = useState(0);
  const images = product.images;
  const main = images[shown];
  return (
    <div className="space-y-2">
      <ProductImage
        src={main?.url ?? product.imageUrl}
        srcSet={main?.srcset ?? product.imageSrcset}
        sizes={mainSizes}
        alt={product.name}
        className="aspect-square w-full rounded-xl"
        priority
      />
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label={t("product.pictures")}>
          {images.map((img, i) => (
            <li key={String(img.id)}>
              <button
                type="button"
                aria-pressed={i === shown}
                aria-label={t("product.showPicture", { position: i + 1, count: images.length })}
                className={`h-16 w-16 overflow-hidden rounded-lg border-2 ${i === shown ? "border-brand-700" : "border-stone-200"}`}
                onClick={() => setShown(i)}
              >
                <img src={img.url} srcSet={img.srcset} sizes="64px" alt="" className="h-full w-full object-cover" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
