/**
 * The v1.0 dialects in the React hook, run in the test page: the same answer in August's spelling
 * and in the current one (`test/browser/dialect-twins.ts`), each read by `a2uiStream` with its
 * basic catalog, its parts given to `useA2uiSurfaces` (the current one with `dialect: 'current'`)
 * and drawn by `A2uiStreamSurface`. Both must draw the same DOM with the bound values, the call's
 * result and `@index` in the template items (`twinsCheck`), with no console problem (the runner).
 */
import { createElement as h, useEffect, useState, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { a2uiStream, basicCatalogV10, basicCatalogV10Current, type Catalog, type Part, type V10Dialect } from '../../src/index.js';
import { A2uiStreamSurface, useA2uiSurfaces } from '../../src/react/index.js';
import { DIALECT_TWINS, type TwinDrawn, twinChunks, type TwinsCheck, twinsCheck } from '../browser/dialect-twins.js';
import { serializeContent } from './serialize.js';

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
    void twinChunks(text)
      .pipeThrough(a2uiStream(catalog))
      .pipeTo(new WritableStream({ write: (part) => setParts((list) => list.concat(part)) }));
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

/** Both twins drawn, the August one first, and judged (the runner adds the page's console problems). */
export async function dialectTwins(): Promise<TwinsCheck> {
  const august = await draw(DIALECT_TWINS.august, basicCatalogV10(), undefined);
  const current = await draw(DIALECT_TWINS.current, basicCatalogV10Current(), 'current');
  return twinsCheck(august, current);
}
