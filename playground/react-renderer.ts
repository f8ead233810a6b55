/**
 * The conversation drawn by Google's React renderer (`@a2ui/react`, its v0.9 `A2uiSurface`, which
 * draws v1.0 basic-catalog surfaces as they are): text bubbles and surfaces in response order,
 * from the parts adapter (`react-adapter.ts`), with `@a2ui/markdown-it` for markdown.
 */
import { renderMarkdown } from '@a2ui/markdown-it';
import { A2uiSurface, MarkdownContext, basicCatalog, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { Catalog } from '@a2ui/web_core/v0_9';
import { createElement as h, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { A2uiValidationError, BASIC_CATALOG_ID_V10, type Part, type ProtocolVersion } from '../src/index.js';
import { A2uiMarkdown } from '../src/react/markdown.js';
import { adoptSurfaceTheme } from '../src/react/theme.js';
import { PartsAdapter, type ConversationItem } from './react-adapter.js';
import { V08_NOT_DRAWN, type Renderer, type RendererEvents } from './renderer.js';

/** The React basic catalog, and the same components under the v1.0 basic catalog id. */
const CATALOGS: Catalog<ReactComponentImplementation>[] = [
  basicCatalog,
  new Catalog(BASIC_CATALOG_ID_V10, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]),
];

/**
 * Class of the element around each surface (a `<a2ui-surface>` would be the Lit element, once Lit
 * is loaded); it also has the library's `a2ui-stream-surface`, for `A2uiStreamSurface`'s look.
 */
const SURFACE_CLASS = 'a2ui-react-surface';

/** A surface; while the stream is open it is marked, so the page's stylesheet draws placeholders as skeletons. */
function Item({ item, streaming }: { item: ConversationItem; streaming: boolean }) {
  if (item.kind === 'text') return h(A2uiMarkdown, { text: item.text, className: 'bubble' });
  const marks = { className: `${SURFACE_CLASS} a2ui-stream-surface`, 'data-surface-id': item.surface.id, 'data-a2ui-streaming': streaming ? '' : undefined };
  return h('div', marks, h(A2uiSurface, { surface: item.surface }));
}

function ConversationView({ adapter }: { adapter: PartsAdapter }) {
  const { items, streaming } = useSyncExternalStore(adapter.subscribe, adapter.getSnapshot);
  return h(
    MarkdownContext.Provider,
    { value: renderMarkdown },
    items.map((item) => h(Item, { key: item.key, item, streaming })),
  );
}

let mounted: Root | undefined;

/** Mounts the React view in a new element of `container` (see `MountRenderer`); the previous one is unmounted. */
export function mountReact(container: HTMLElement, version: ProtocolVersion, events: RendererEvents): Renderer {
  mounted?.unmount();
  mounted = undefined;
  adoptSurfaceTheme();
  const target = document.createElement('div');
  container.replaceChildren(target);
  // A surface is drawn once it shows more than `@a2ui/react`'s "[Loading root...]".
  const hasDrawnSurface = () =>
    [...target.querySelectorAll(`.${SURFACE_CLASS}`)].some(
      (surface) => surface.firstElementChild !== null && !surface.textContent?.startsWith('[Loading root'),
    );
  if (version === '0.8') return { sink: new WritableStream(), unsupported: V08_NOT_DRAWN, hasDrawnSurface };
  const adapter = new PartsAdapter(CATALOGS, (error) => events.onRenderError(error));
  adapter.processor.model.onAction.subscribe(events.onAction);
  const root = createRoot(target, {
    onUncaughtError: (error) => events.onRenderError(new A2uiValidationError(`React could not render the conversation: ${String(error)}`, { cause: error })),
  });
  root.render(h(ConversationView, { adapter }));
  mounted = root;
  return {
    sink: new WritableStream<Part>({
      write: (part) => adapter.write(part),
      close: () => adapter.close(),
      abort: () => adapter.close(),
    }),
    hasDrawnSurface,
  };
}
