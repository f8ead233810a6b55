/**
 * The playground's React adapter: applies the stream's parts to a web_core `MessageProcessor` for
 * `@a2ui/react`, and keeps the conversation (text and surfaces, in response order) as snapshots
 * for `useSyncExternalStore`. Everything that arrived since the last animation frame is applied
 * in that frame, each message with one `processMessages` call, so React renders at most once per
 * frame. The library's own hook (`useA2uiSurfaces`, `a2ui-stream/react`) does this job for apps;
 * this file stands in for it and is the one to swap for it.
 */
import type { ReactComponentImplementation } from '@a2ui/react/v0_9';
import { A2uiStateError, MessageProcessor, type A2uiMessage as RendererMessage, type Catalog, type SurfaceModel } from '@a2ui/web_core/v0_9';
import { A2uiIntegrityError, A2uiValidationError, type A2uiError, type A2uiMessage, type Part } from '../src/index.js';

/** One entry of the conversation: a text bubble or a surface. `key` is stable for React. */
export type ConversationItem =
  | { readonly kind: 'text'; readonly key: number; readonly text: string }
  | { readonly kind: 'surface'; readonly key: number; readonly surface: SurfaceModel<ReactComponentImplementation> };

/** What the conversation shows now. */
export interface Conversation {
  readonly items: readonly ConversationItem[];
  /** Whether the stream is still open. */
  readonly streaming: boolean;
}

const KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/** Parts in, conversation snapshots out (see the module comment). */
export class PartsAdapter {
  readonly processor: MessageProcessor<ReactComponentImplementation>;
  private conversation: Conversation = { items: [], streaming: true };
  private queue: (string | A2uiMessage)[] = [];
  private frame: number | undefined;
  private keys = 0;
  private readonly listeners = new Set<() => void>();

  /**
   * @param catalogs The processor's catalogs.
   * @param onError Told of each message the processor rejected (skipped; the rest is applied).
   */
  constructor(
    catalogs: Catalog<ReactComponentImplementation>[],
    private readonly onError: (error: A2uiError) => void,
  ) {
    this.processor = new MessageProcessor(catalogs);
  }

  /** Queues a part for the next frame (`error` parts are not drawn). */
  write(part: Part): void {
    if (part.type === 'text') this.queue.push(part.text);
    else if (part.type === 'a2ui') this.queue.push(...part.messages);
    else return;
    this.frame ??= requestAnimationFrame(() => this.flush());
  }

  /** Applies what is queued now and marks the stream as ended. */
  close(): void {
    this.flush();
    this.update({ items: this.conversation.items, streaming: false });
  }

  /** For `useSyncExternalStore`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** For `useSyncExternalStore`: the same object until something changes. */
  readonly getSnapshot = (): Conversation => this.conversation;

  private flush(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    if (this.queue.length === 0) return;
    const items = [...this.conversation.items];
    for (const item of this.queue.splice(0)) {
      if (typeof item === 'string') this.appendText(items, item);
      else this.apply(items, item);
    }
    this.update({ items, streaming: this.conversation.streaming });
  }

  /** Text joins the bubble before it; whitespace alone starts none (the blank lines around a block). */
  private appendText(items: ConversationItem[], text: string): void {
    const last = items.at(-1);
    if (last?.kind === 'text') items[items.length - 1] = { ...last, text: last.text + text };
    else if (text.trim() !== '') items.push({ kind: 'text', key: this.keys++, text: text.trimStart() });
  }

  private apply(items: ConversationItem[], message: A2uiMessage): void {
    const kind = KINDS.find((key) => key in message);
    const body = kind === undefined ? undefined : (message[kind] as { surfaceId?: unknown } | undefined);
    const surfaceId = typeof body?.surfaceId === 'string' ? body.surfaceId : undefined;
    try {
      this.processor.processMessages([message as unknown as RendererMessage]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const options = { details: [{ path: kind ?? '', code: 'renderer_rejected', message: reason }], cause: error };
      const text = `The renderer rejected a ${kind ?? 'message'}${surfaceId === undefined ? '' : ` for surface "${surfaceId}"`}: ${reason}`;
      this.onError(error instanceof A2uiStateError ? new A2uiIntegrityError(text, options) : new A2uiValidationError(text, options));
      return;
    }
    const surface = surfaceId === undefined ? undefined : this.processor.model.getSurface(surfaceId);
    // The surfaces' own error events are not listened to, as a2uiLitSink does not: while a
    // response streams, a function can be evaluated before the data it reads has arrived.
    if (kind === 'createSurface' && surface) items.push({ kind: 'surface', key: this.keys++, surface });
    if (kind === 'deleteSurface') {
      const at = items.findIndex((item) => item.kind === 'surface' && item.surface.id === surfaceId);
      if (at >= 0) items.splice(at, 1);
    }
  }

  private update(conversation: Conversation): void {
    this.conversation = conversation;
    for (const listener of this.listeners) listener();
  }
}
