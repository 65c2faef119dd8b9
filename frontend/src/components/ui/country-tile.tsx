import { tileImage } from "@/lib/site-link";

/**
 * countryTileClass is the shape of a country's tile in the home page's
 * country grid; add the country's background classes (a gradient's stops).
 */
export const countryTileClass =
  "flex h-28 flex-col items-center justify-center gap-1 rounded-xl bg-brand-700 bg-gradient-to-br p-3 text-center font-semibold text-white shadow-sm";

/**
 * CountryFlag is a country's flag as its picture (an SVG the shop draws):
 * emoji flags show as boxes where no emoji font is installed, so the emoji
 * is only the fallback for a country without a picture. Decorative: the
 * country's name is always written beside it.
 */
export function CountryFlag({ flagEmoji, imageUrl, className = "h-8 w-12" }: { flagEmoji: string; imageUrl: string; className?: string }) {
  const src = tileImage(imageUrl);
  return src ? (
    // The flags are drawn 3:2; the classes set the size.
    <img src={src} alt="" width={48} height={32} className={`${className} rounded object-cover shadow`} />
  ) : (
    <span aria-hidden="true" className="text-3xl">
      {flagEmoji}
    </span>
  );
}

/**
 * CountryTileFace is what a country tile shows: its image, or its flag
 * emoji, over its name. A picture that would leave the site is not drawn. The home page and the back office's preview of it
 * draw the same face.
 */
export function CountryTileFace({ name, flagEmoji, imageUrl }: { name: string; flagEmoji: string; imageUrl: string }) {
  return (
    <>
      <CountryFlag flagEmoji={flagEmoji} imageUrl={imageUrl} />
      <span className="[text-shadow:0_1px_3px_rgb(0_0_0/0.8)]">{name}</span>
    </>
  );
}
