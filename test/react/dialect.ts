/**
 * The v1.0 dialects in the React hook, run in the test page: the same answer in August's spelling
 * and in the current one (`test/browser/dialect-twins.ts`), each read by `a2uiStream` with its
 * basic catalog, its parts given to `useA2uiSurfaces` (the current one with `dialect: 'current'`)
 * and drawn by `A2uiStreamSurface`. The runner checks both draw the same DOM with the bound
 * values, the call's result and `@index` in the template items.
 */
import { createElement as h, useEffect, useState, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { a2uiStream, basicCatalogV10, basicCatalogV10Current, type Catalog, type Part, type V10Dialect } from '../../src/index.js';
import { A2uiStreamSurface, useA2uiSurfaces } from '../../src/react/index.js';
import { DIALECT_TWINS, TWIN_FIELD_VALUE, TWIN_TEXT } from '../browser/dialect-twins.js';
import { serializeContent } from './serialize.js';

/** What one twin drew: the DOM, its text nodes in order, the inputs' values, the hook's errors. */
export interface TwinDrawn {
  dom: string[];
  texts: string[];
  values: string[];
  errors: string[];
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function TwinApp({ parts, dialect, onError }: { parts: readonly Part[]; dialect: V10Dialect | undefined; onError: (message: string) => void }): ReactElement {
  const { surfaces } = useA2uiSurfaces(parts, { onError: (error) => onError(error.message), ...(dialect ? { dialect } : {}) });
  return h(
    'div',
    null,
    surfaces.map((s) => h(A2uiStreamSurface, { key: s.id, surface: s.surface })),
  );
}

/** Feeds `text` to `a2uiStream(catalog)` in 7-character chunks, the parts into the app as they come. */
function Streamed({
  text,
  catalog,
  dialect,
  onError,
}: {
  text: string;
  catalog: Catalog;
  dialect: V10Dialect | undefined;
  onError: (message: string) => void;
}): ReactElement {
  const [parts, setParts] = useState<readonly Part[]>([]);
  useEffect(() => {
    let at = 0;
    const source = new ReadableStream<string>({
      pull(controller) {
        if (at >= text.length) return controller.close();
        controller.enqueue(text.slice(at, at + 7));
        at += 7;
      },
    });
    void source.pipeThrough(a2uiStream(catalog)).pipeTo(new WritableStream({ write: (part) => setParts((list) => list.concat(part)) }));
  }, [text, catalog]);
  return h(TwinApp, { parts, dialect, onError });
}

async function draw(text: string, catalog: Catalog, dialect: V10Dialect | undefined): Promise<TwinDrawn> {
  const container = document.body.appendChild(document.createElement('section'));
  container.className = 'dialect-twin';
  const errors: string[] = [];
  createRoot(container).render(h(Streamed, { text, catalog, dialect, onError: (message) => errors.push(message) }));
  // Until the list's second item is drawn and two frames pass alike.
  let last = '';
  for (let i = 0; i < 600; i++) {
    await frame();
    const now = container.innerHTML;
    if (now === last && (container.textContent ?? '').includes('Cake')) break;
    last = now;
  }
  const surfaces = [...container.querySelectorAll('.a2ui-stream-surface')];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node.textContent ?? '').trim() !== '') texts.push((node.textContent ?? '').trim());
  const values = [...container.querySelectorAll('input')].map((input) => input.value);
  return { dom: surfaces.map((surface) => serializeContent(surface)), texts, values, errors };
}

/** Both twins drawn, the August one first, and what the August one must show. */
export async function dialectTwins(): Promise<{ august: TwinDrawn; current: TwinDrawn; expectedText: readonly string[]; expectedValue: string }> {
  const august = await draw(DIALECT_TWINS.august, basicCatalogV10(), undefined);
  const current = await draw(DIALECT_TWINS.current, basicCatalogV10Current(), 'current');
  return { august, current, expectedText: TWIN_TEXT, expectedValue: TWIN_FIELD_VALUE };
}
