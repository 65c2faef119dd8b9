import { CountryTileFace, countryTileClass } from "@/components/ui/country-tile";

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
 */
export function CountryTilePreview({ values, label }: { values: TilePreviewValues; label: string }) {
  return (
    <figure className="w-40">
      <div className={`${countryTileClass} ${values.backgroundClasses}`}>
        <CountryTileFace name={values.name} flagEmoji={values.flagEmoji} imageUrl={values.imageUrl} />
      </div>
      <figcaption className="mt-1 text-center text-xs text-stone-600">{label}</figcaption>
    </figure>
  );
}
