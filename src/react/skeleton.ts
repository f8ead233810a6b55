/**
 * Placeholders as visible skeletons. The stream stands in for a missing child with an empty `Row`
 * (`loading_<id>` with full snapshots, the child's own id with delta), which `@a2ui/react` draws as
 * an empty flex row `<div>`: invisible. This stylesheet, adopted into the document once, draws an
 * empty row as a grey bar inside a surface marked {@link STREAMING_ATTRIBUTE}; once the mark is
 * gone an empty row is empty again, so the final DOM is the renderer's own.
 */

/** Attribute on `A2uiStreamSurface`'s element while its surface streams. */
export const STREAMING_ATTRIBUTE = 'data-a2ui-streaming';

/** The class of `A2uiStreamSurface`'s element. */
export const SURFACE_CLASS = 'a2ui-stream-surface';

// `@a2ui/react` 0.11's Row is a <div> with an inline `flex-direction: row`; sizes are
// `!important` because a weighted row sets `min-width: 0` inline. No animation: no repaint per frame.
const CSS = `
.${SURFACE_CLASS}[${STREAMING_ATTRIBUTE}] div[style*="flex-direction: row"]:empty {
  min-height: 1.25em !important;
  min-width: 6em !important;
  margin: 2px 0;
  border-radius: 4px;
  background: linear-gradient(90deg, #e3e5e8, #f0f2f4 50%, #e3e5e8);
}
`;

let adopted = false;

/** Adopts the skeleton stylesheet into the document, once (nothing outside a page). */
export function adoptSkeletonStyles(): void {
  if (adopted || typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted = true;
}
