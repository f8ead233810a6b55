/**
 * The conversation drawn by `a2uiLitSink` (`a2ui-stream/lit`, from the sources): Google's Lit
 * renderer with the listener fix, markdown, skeleton placeholders and one render per animation
 * frame, as an app would use it.
 */
import type { A2uiError, Part, ProtocolVersion } from '../src/index.js';
import { a2uiLitSink } from '../src/lit/index.js';
import { V08_NOT_DRAWN, type Renderer, type RendererEvents } from './renderer.js';

/** Whether `container` shows a surface the renderer has drawn (not only its loading slot). */
function hasRenderedSurface(container: HTMLElement): boolean {
  for (const surface of container.querySelectorAll('a2ui-surface')) {
    const root = surface.shadowRoot;
    if (root && [...root.children].some((child) => child.localName !== 'slot' && child.localName !== 'style')) return true;
  }
  return false;
}

/** Mounts `a2uiLitSink` in a new element of `container` (see `MountRenderer`). */
export function mountLit(container: HTMLElement, version: ProtocolVersion, events: RendererEvents): Renderer {
  const target = document.createElement('div');
  container.replaceChildren(target);
  const hasDrawnSurface = () => hasRenderedSurface(target);
  if (version === '0.8') return { sink: new WritableStream(), unsupported: V08_NOT_DRAWN, hasDrawnSurface };
  const streamErrors = new WeakSet<A2uiError>();
  const sink = a2uiLitSink(target, {
    createTextElement: () => Object.assign(document.createElement('div'), { className: 'bubble' }),
    onAction: events.onAction,
    onError: (error) => {
      if (!streamErrors.has(error)) events.onRenderError(error);
    },
  });
  const writer = sink.getWriter();
  // The stream's error parts are listed as parts; only the renderer's own problems count here.
  return {
    sink: new WritableStream<Part>({
      write(part) {
        if (part.type === 'error') streamErrors.add(part.error);
        return writer.write(part);
      },
      close: () => writer.close(),
      abort: (reason) => writer.abort(reason),
    }),
    hasDrawnSurface,
  };
}
