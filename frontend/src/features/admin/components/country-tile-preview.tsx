import { tileImage } from "@/lib/site-link";

/** TilePreviewValues are the parts of a country's home tile. */
export interface TilePreviewValues {
  name: string;
  flagEmoji: string;
  imageUrl: string;
  backgroundClasses: string;
}

/**
 * CountryTilePreview draws a country's home tile as the storefront's
 * 'Nossos Países' grid does, so the admin sees a change before saving it.
 * Background classes are applied as typed; Tailwind only has styles for the
 * classes the storefront already uses.
 */
export function CountryTilePreview({ values, label }: { values: TilePreviewValues; label: string }) {
  return (
    <figure className="w-40">
      <div
        className={`flex h-28 flex-col items-center justify-center gap-1 rounded-xl bg-brand-700 p-3 text-center font-semibold text-white shadow-sm ${values.backgroundClasses}`}
      >
        {tileImage(values.imageUrl) ? (
          <img src={tileImage(values.imageUrl)} alt="" className="h-8 w-12 rounded object-cover shadow" />
        ) : (
          <span aria-hidden="true" className="text-3xl">
            {values.flagEmoji}
          </span>
        )}
        <span className="drop-shadow">{values.name}</span>
      </div>
      <figcaption className="mt-1 text-center text-xs text-stone-600">{label}</figcaption>
    </figure>
  );
}
