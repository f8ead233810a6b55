// What a renderer drew, read in the page: pass `inspectDrawn` to playwright's `page.evaluate` (it
// is serialized, so it uses nothing from this module). Used by the Lit sink's and the
// playground's browser tests to check markdown and icons on the page, not by eye.

/**
 * Runs in the page: under the elements matching `selector`, through shadow roots, the headings
 * (`h1:Text`), each font icon (`@a2ui/lit`'s `<i class="a2ui-icon">`, `@a2ui/react`'s `<span
 * class="material-symbols-outlined">`) with its name, font size and the width of its text as
 * drawn, and the icon font's faces in `document.fonts` (their status) and `document.fonts.check`.
 */
export function inspectDrawn(selector) {
  const family = 'Material Symbols Outlined';
  const elements = [];
  const walk = (parent) => {
    for (const child of parent.children) {
      elements.push(child);
      if (child.shadowRoot) walk(child.shadowRoot);
      walk(child);
    }
  };
  for (const root of document.querySelectorAll(selector)) {
    if (root.shadowRoot) walk(root.shadowRoot);
    walk(root);
  }
  const headings = elements
    .filter((element) => /^H[1-6]$/.test(element.tagName))
    .map((element) => `${element.tagName.toLowerCase()}:${element.textContent.trim()}`);
  const icons = elements
    .filter((element) => element.matches('i.a2ui-icon, span.material-symbols-outlined'))
    .map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return {
        name: element.textContent.trim(),
        width: Math.round(range.getBoundingClientRect().width),
        fontSize: parseFloat(getComputedStyle(element).fontSize),
      };
    });
  const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === family).map((face) => face.status);
  return { headings, icons, font: { faces, check: document.fonts.check(`24px "${family}"`) } };
}

/**
 * Problems with what `inspectDrawn` saw: the icon font not loaded, an icon whose text is wider
 * than 1.25 em (a glyph is 1 em wide; the shortest name, four letters, is about 2 em), and each
 * `expectedHeadings` entry (`h1:Text`) not among the headings. `minIcons`: how many icons must be
 * there at least.
 */
export function drawnProblems(drawn, { expectedHeadings = [], minIcons = 0 } = {}) {
  const problems = [];
  if (drawn.icons.length < minIcons) problems.push(`${drawn.icons.length} icons drawn, expected at least ${minIcons}`);
  if (drawn.icons.length > 0 && !(drawn.font.check && drawn.font.faces.includes('loaded')))
    problems.push(`icon font not loaded: ${JSON.stringify(drawn.font)}`);
  const words = drawn.icons.filter((icon) => icon.width > 1.25 * icon.fontSize);
  if (words.length > 0) problems.push(`icons drawn as words: ${JSON.stringify(words.slice(0, 5))}`);
  const missing = expectedHeadings.filter((heading) => !drawn.headings.includes(heading));
  if (missing.length > 0) problems.push(`headings not drawn: ${JSON.stringify(missing.slice(0, 5))} (drawn: ${JSON.stringify(drawn.headings.slice(0, 5))})`);
  return problems;
}
