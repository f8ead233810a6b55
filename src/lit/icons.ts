/**
 * The icon font. The basic catalog's `Icon` is drawn as a Material Symbols ligature: the element
 * holds the icon's name ("home") in the font family {@link ICON_FONT_FAMILY}, and the font turns
 * the word into its glyph. A page without that font shows the word. Font faces declared inside a
 * shadow root are not used, so the page itself must have the face: `loadIconFont` adds it.
 */

/** The font family `@a2ui/lit` and `@a2ui/react` draw icons with (the npm package `material-symbols`). */
export const ICON_FONT_FAMILY = 'Material Symbols Outlined';

const loading = new Map<string, Promise<FontFace>>();

/**
 * Adds the icon font to the page (`document.fonts`) from `url`, the `material-symbols-outlined.woff2`
 * of the npm package `material-symbols` wherever the app serves it, and loads it at once (not when
 * the first icon is drawn, so no icon shows as its name first). Once per URL and page: later calls
 * get the same promise. Resolves with the loaded `FontFace`; rejects when it cannot be loaded (and
 * a later call tries again).
 *
 * @example
 * ```ts
 * // Vite: the font file's URL from the package
 * import iconFont from 'material-symbols/material-symbols-outlined.woff2?url';
 * await loadIconFont(iconFont);
 * ```
 */
export function loadIconFont(url: string | URL): Promise<FontFace> {
  const source = String(url);
  let face = loading.get(source);
  if (face === undefined) {
    const font = new FontFace(ICON_FONT_FAMILY, `url("${source.replace(/["\\]/g, '\\$&')}") format("woff2")`, { weight: '100 700', display: 'block' });
    document.fonts.add(font);
    face = font.load().catch((error: unknown) => {
      loading.delete(source); // a later call tries again
      document.fonts.delete(font);
      throw error;
    });
    loading.set(source, face);
  }
  return face;
}
