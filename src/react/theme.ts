/**
 * The default look of `A2uiStreamSurface`: buttons, fields, headings, captions and spacing as the
 * Lit renderer draws them, from the same web_core theme variables (`--a2ui-color-primary`,
 * `--a2ui-spacing-m`, …). `@a2ui/react` 0.11.1 styles these elements through CSS-module classes
 * that its build left empty (a button's class is `""`, a field's `"undefined "`), so without this
 * sheet they are the browser's: grey buttons, bare inputs, a paragraph's margins inside each
 * button and text. The sheet is adopted into the document once and only styles elements inside an
 * `.a2ui-stream-surface`, every rule inside `:where()`: zero specificity, so any rule of the app
 * wins. It reads the DOM `@a2ui/react` renders, which it does not change.
 */
import { SURFACE_CLASS } from './skeleton.js';

const IN = `:where(.${SURFACE_CLASS})`;
const FIELDS = 'input:not([type=checkbox], [type=radio], [type=range]), textarea, select';

const CSS = `
${IN} :where(p, h1, h2, h3, h4, h5, h6, ol, ul, li, blockquote, pre) { margin: 0; }
${IN} :where(h1, h2, h3, h4, h5, h6) { font-family: var(--a2ui-font-family-title, inherit); line-height: var(--a2ui-line-height-headings, 1.2); }
${IN} :where(h1) { font-size: var(--a2ui-font-size-2xl, 1.75rem); }
${IN} :where(h2) { font-size: var(--a2ui-font-size-xl, 1.45rem); }
${IN} :where(h3) { font-size: var(--a2ui-font-size-l, 1.2rem); }
${IN} :where(h4, p) { font-size: var(--a2ui-font-size-m, 1rem); }
${IN} :where(h5) { font-size: var(--a2ui-font-size-s, 0.85rem); }
${IN} :where(p, li, blockquote) { line-height: var(--a2ui-line-height-body, 1.5); }
${IN} :where(ul, ol) { padding-left: 1.25em; }
${IN} :where(span > em:only-child) { font-style: normal; font-size: var(--a2ui-font-size-xs, 0.75rem); color: var(--a2ui-text-caption-color, light-dark(#666, #aaa)); }
${IN} :where(button) {
  font: inherit;
  padding: var(--a2ui-button-padding, var(--a2ui-spacing-m, 0.5rem) var(--a2ui-spacing-l, 1rem));
  border: var(--a2ui-button-border, var(--a2ui-border-width, 1px) solid var(--a2ui-color-border, #ccc));
  border-radius: var(--a2ui-button-border-radius, var(--a2ui-spacing-s, 0.25rem));
  background: var(--a2ui-button-background, var(--a2ui-color-surface, #fff));
  color: var(--a2ui-color-on-secondary, #333);
  font-weight: var(--a2ui-button-font-weight, normal);
  cursor: pointer;
}
${IN} :where(button:hover) { background-color: var(--a2ui-color-secondary-hover, #ddd); }
${IN} :where(button[class=" "]) { background: var(--a2ui-color-primary, #17e); color: var(--a2ui-color-on-primary, #fff); border-color: transparent; }
${IN} :where(button[class=" "]:hover) { background-color: var(--a2ui-color-primary-hover, #05c); }
${IN} :where(button:disabled) { cursor: not-allowed; opacity: 0.5; }
${IN} :where(button.chip) { border-radius: 999px; padding: var(--a2ui-spacing-s, 0.25rem) var(--a2ui-spacing-m, 0.5rem); font-size: var(--a2ui-font-size-xs, 0.75rem); }
${IN} :where(button.chip.selected) { background: var(--a2ui-color-primary, #17e); color: var(--a2ui-color-on-primary, #fff); border-color: transparent; }
${IN} :where(div:has(> :is(${FIELDS}))) { display: flex; flex-direction: column; gap: var(--a2ui-spacing-xs, 0.25rem); }
${IN} :where(${FIELDS}) {
  box-sizing: border-box;
  width: 100%;
  font: inherit;
  background-color: var(--a2ui-color-input, #fff);
  color: var(--a2ui-color-on-input, #333);
  border: var(--a2ui-textfield-border, var(--a2ui-border, 1px solid #ccc));
  border-radius: var(--a2ui-textfield-border-radius, var(--a2ui-spacing-s, 0.25rem));
  padding: var(--a2ui-textfield-padding, var(--a2ui-spacing-m, 0.5rem));
}
${IN} :where(:is(${FIELDS}):focus) { outline: none; border-color: var(--a2ui-textfield-color-border-focus, var(--a2ui-color-primary, #17e)); }
${IN} :where(label, div > strong:first-child) { font-size: var(--a2ui-label-font-size, var(--a2ui-font-size-s, 0.85rem)); font-weight: var(--a2ui-label-font-weight, bold); }
${IN} :where(label:has(> input)) { display: flex; align-items: center; gap: var(--a2ui-spacing-xs, 0.25rem); font-size: inherit; font-weight: normal; cursor: pointer; }
`;

let adopted = false;

/**
 * Adopts the default look into the document, once (nothing outside a page). `A2uiStreamSurface`
 * calls it; a page drawing surfaces another way can call it and put the class
 * `a2ui-stream-surface` on each surface's element.
 */
export function adoptSurfaceTheme(): void {
  if (adopted || typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  // Before the skeleton sheet and any sheet adopted later: those win at equal specificity.
  document.adoptedStyleSheets = [sheet, ...document.adoptedStyleSheets];
  adopted = true;
}
