/**
 * The v1.0 dialects in the Lit sink, run in the test page: the same answer written in August's
 * spelling and in the current one (`dialect-twins.ts`), each streamed through `a2uiStream` with
 * its basic catalog into a sink (the current one with `dialect: 'current'`), must draw the same
 * DOM, with the bound values, the call's result and `@index` in the template items.
 */
import { a2uiStream, basicCatalogV10, basicCatalogV10Current, type A2uiError, type Catalog, type V10Dialect } from '../../src/index.js';
import { a2uiLitSink } from '../../src/lit/index.js';
import { DIALECT_TWINS, type TwinDrawn, twinChunks, type TwinsCheck as Check, twinsCheck } from './dialect-twins.js';
import { serializeSurfaces } from './serialize.js';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** The text nodes drawn in `root` and the shadow trees under it, in order, and the inputs' values. */
function drawn(root: Node, out: { texts: string[]; values: string[] } = { texts: [], values: [] }) {
  for (const node of (root as Element).shadowRoot?.childNodes ?? root.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = (node.textContent ?? '').trim();
      if (text !== '') out.texts.push(text);
    } else if (node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName !== 'STYLE') {
      if (node instanceof HTMLInputElement) out.values.push(node.value);
      drawn(node, out);
    }
  }
  if ((root as Element).shadowRoot) for (const node of root.childNodes) drawn(node, out);
  return out;
}

/** Streams `text` in 7-character chunks through `a2uiStream(catalog)` into a new sink. */
async function stream(text: string, catalog: Catalog, dialect: V10Dialect | undefined): Promise<TwinDrawn> {
  const container = document.createElement('div');
  document.body.append(container);
  const errors: A2uiError[] = [];
  const sink = a2uiLitSink(container, { onError: (error) => errors.push(error), markdown: false, ...(dialect ? { dialect } : {}) });
  await twinChunks(text).pipeThrough(a2uiStream(catalog)).pipeTo(sink);
  for (let i = 0; i < 6; i++) await frame();
  const surface = container.querySelector('a2ui-surface');
  return { dom: serializeSurfaces(container), ...drawn(surface ?? container), errors: errors.map((error) => error.message) };
}

export async function dialectTwins(): Promise<Check> {
  const august = await stream(DIALECT_TWINS.august, basicCatalogV10(), undefined);
  const current = await stream(DIALECT_TWINS.current, basicCatalogV10Current(), 'current');
  return twinsCheck(august, current);
}

/** Without `dialect: 'current'` the same answer is not drawn as unknown objects: the renderer's rejection names the option. */
export async function dialectHint(): Promise<Check> {
  const current = await stream(DIALECT_TWINS.current, basicCatalogV10Current(), undefined);
  const ok = current.errors.length > 0 && current.errors.every((message) => message.includes("dialect: 'current'"));
  return {
    name: "v1.0 dialects: a current-dialect answer in a sink left August is an error naming dialect: 'current'",
    ok,
    detail: JSON.stringify(current.errors),
  };
}
