/**
 * Where the playground draws the conversation: Google's Lit renderer (`@a2ui/lit`) behind one
 * function, so that the page does not care how parts reach it.
 */
import { MessageProcessor, Catalog } from '@a2ui/web_core/v0_9';
import { A2uiSurface, basicCatalog as litBasicCatalog } from '@a2ui/lit/v0_9';
import { basicCatalog, type A2uiMessage, type Part, type ProtocolVersion } from '../src/index.js';

/** A renderer mounted into the conversation's element. */
export interface Renderer {
  /** Where the parts go. */
  readonly sink: WritableStream<Part>;
  /** Why this version is not drawn, when it is not. */
  readonly unsupported?: string;
}

/** What the renderer reports besides drawing. */
export interface RendererEvents {
  /** A message the renderer refused (the parser's output is not what it accepts). */
  onRenderError(message: string): void;
}

// Its module defines it; this also keeps a bundler from dropping that module as unused.
if (!customElements.get('a2ui-surface')) customElements.define('a2ui-surface', A2uiSurface);

/**
 * Mounts a fresh renderer into `container` (emptied first). v0.8 is not drawn: its elements
 * cannot share a page with v0.9's, and the parts are shown all the same.
 */
export function mountRenderer(container: HTMLElement, version: ProtocolVersion, events: RendererEvents): Renderer {
  container.replaceChildren();
  if (version === '0.8') {
    return { sink: new WritableStream(), unsupported: 'v0.8 surfaces are not drawn here (their elements cannot share a page with v0.9’s); the parts are.' };
  }
  const catalogs = [litBasicCatalog];
  const id = basicCatalog(version).id;
  if (id !== litBasicCatalog.id) {
    catalogs.push(new Catalog(id, [...litBasicCatalog.components.values()], [...litBasicCatalog.functions.values()]));
  }
  const processor = new MessageProcessor(catalogs);
  let bubble: HTMLElement | undefined;
  processor.onSurfaceCreated((surface) => {
    const element = document.createElement('a2ui-surface') as A2uiSurface;
    element.surface = surface;
    element.dataset.surfaceId = surface.id;
    container.append(element);
    bubble = undefined;
  });
  processor.onSurfaceDeleted((surfaceId) => container.querySelector(`a2ui-surface[data-surface-id="${CSS.escape(surfaceId)}"]`)?.remove());
  const apply = (message: A2uiMessage) => {
    try {
      // One message per call: the processor checks a whole call before applying any of it.
      processor.processMessages([message as never]);
    } catch (error) {
      events.onRenderError(error instanceof Error ? error.message : String(error));
    }
  };
  const sink = new WritableStream<Part>({
    write(part) {
      if (part.type === 'text') {
        if (!bubble) container.append((bubble = Object.assign(document.createElement('p'), { className: 'bubble' })));
        bubble.textContent += part.text;
      } else if (part.type === 'a2ui') {
        part.messages.forEach(apply);
      }
    },
  });
  return { sink };
}
