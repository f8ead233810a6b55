/**
 * Where the playground draws the conversation: `a2uiLitSink` (`a2ui-stream/lit`, from the
 * sources), Google's Lit renderer with the listener fix, skeleton placeholders and one render per
 * animation frame, as an app would use it.
 */
import type { A2uiError, Part, ProtocolVersion } from '../src/index.js';
import { a2uiLitSink } from '../src/lit/index.js';

/** A renderer mounted into the conversation's element. */
export interface Renderer {
  /** Where the parts go. */
  readonly sink: WritableStream<Part>;
  /** Why this version is not drawn, when it is not. */
  readonly unsupported?: string;
}

/** What the renderer reports besides drawing. */
export interface RendererEvents {
  /** A message the renderer refused, or another problem of the renderer's (not the stream's error parts). */
  onRenderError(error: A2uiError): void;
}

/**
 * Mounts a fresh renderer into `container`: a new element of its own, so that what an earlier
 * sink still draws on its next frame lands in the element it had, not in this one. v0.8 is not
 * drawn (see the README's "Rendering in the browser"); its parts are listed all the same.
 */
export function mountRenderer(container: HTMLElement, version: ProtocolVersion, events: RendererEvents): Renderer {
  const target = document.createElement('div');
  container.replaceChildren(target);
  if (version === '0.8') {
    return {
      sink: new WritableStream(),
      unsupported: 'v0.8 is not drawn: @a2ui/lit’s v0.8 elements cannot share a page with its v0.9 ones (see the README). The parts are listed.',
    };
  }
  const streamErrors = new WeakSet<A2uiError>();
  const sink = a2uiLitSink(target, {
    createTextElement: () => Object.assign(document.createElement('p'), { className: 'bubble' }),
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
  };
}
