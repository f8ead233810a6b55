/**
 * Placeholders as visible skeletons. The stream stands in for a missing child with an empty `Row`
 * (`loading_<id>` with full snapshots, the child's own id with delta), which the renderer draws as
 * an empty `<a2ui-basic-row>`: invisible. This stylesheet, adopted into each mounted surface's
 * shadow root, draws an empty row as a grey bar while the surface's stream is open (the host
 * carries {@link STREAMING_ATTRIBUTE}); when the stream ends an empty row is empty again.
 */

/** Attribute on a mounted `<a2ui-surface>` while its stream is open. */
export const STREAMING_ATTRIBUTE = 'data-a2ui-streaming';

// `:has(> *)` (children, not descendants) keeps style invalidation to the row's parent; no
// animation, so a skeleton costs no repaint per frame.
const CSS = `
:host([${STREAMING_ATTRIBUTE}]) a2ui-basic-row:not(:has(> *)) {
  display: block;
  min-height: 1.25em;
  min-width: 6em;
  margin: 2px 0;
  border-radius: 4px;
  background: linear-gradient(90deg, #e3e5e8, #f0f2f4 50%, #e3e5e8);
}
`;

let sheet: CSSStyleSheet | undefined;

/** Adopts the skeleton stylesheet (one shared `CSSStyleSheet`) into `root`, once. */
export function adoptSkeletonStyles(root: ShadowRoot): void {
  sheet ??= makeSheet();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

function makeSheet(): CSSStyleSheet {
  const made = new CSSStyleSheet();
  made.replaceSync(CSS);
  return made;
}
