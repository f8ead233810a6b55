import type { ReactComponentImplementation } from '@a2ui/react/v0_9';
import { MessageProcessor, type A2uiClientAction, type Catalog } from '@a2ui/web_core/v0_9';
import type { A2uiError, A2uiMessage, Part, V10Dialect } from '../index.js';
import { applyMessage, surfaceIdOf } from '../web-core/apply-message.js';
import { setSurfacePolicy, UrlPolicy, type UrlCheck } from '../web-core/url-policy.js';
import { setSurfaceErrorReporter } from './surface-boundary.js';
import { defaultCatalogs } from './catalogs.js';
import { FrameScheduler } from './frame.js';
import { compactMessages } from '../ai-sdk/index.js';
import { appliedIndex, diffAgainst, type AppliedIndex } from './part-diff.js';
import { SentComponents } from './sent-components.js';
import type { A2uiActionEvent, A2uiChatMessage, A2uiSource, A2uiSurfaceEntry, A2uiSurfacesState } from './types.js';

/** The callbacks of the store (the hook passes the latest ones of each render). */
export interface SurfaceStoreCallbacks {
  onAction?: ((event: A2uiActionEvent) => void) | undefined;
  onError?: ((error: A2uiError) => void) | undefined;
}

/** How the store is made (read once). */
export interface SurfaceStoreSetup extends SurfaceStoreCallbacks {
  processor?: MessageProcessor<ReactComponentImplementation> | undefined;
  catalogs?: Catalog<ReactComponentImplementation>[] | undefined;
  allowUrl?: UrlCheck | undefined;
  dialect?: V10Dialect | undefined;
}

/** What was applied of one message of the source. */
class Tracked {
  /**
   * Per part key: the `data` applied last, its messages and, once the part has come again, their
   * index (what the next version is diffed against: each version is keyed once).
   */
  readonly parts = new Map<string, { data: unknown; messages: A2uiMessage[]; index: AppliedIndex | undefined }>();
  /** Surfaces its messages changed. */
  readonly touched = new Set<string>();
  /** A list of parts: how many were applied, and the last one. */
  count = 0;
  last: unknown;

  constructor(
    readonly id: string | undefined,
    public ref: unknown,
  ) {}
}

const isChatMessage = (item: unknown): item is A2uiChatMessage =>
  typeof item === 'object' && item !== null && Array.isArray((item as { parts?: unknown }).parts);

/** The message objects of a `data-a2ui` part's data (entries that are not objects left out). */
function messagesOf(data: unknown): A2uiMessage[] {
  const list = typeof data === 'object' && data !== null ? (data as { messages?: unknown }).messages : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((m): m is A2uiMessage => typeof m === 'object' && m !== null && !Array.isArray(m));
}

/**
 * The state behind `useA2uiSurfaces`, outside React: one processor, what was applied of each
 * message of the source, the surfaces to render. `update` takes the latest source; the next
 * animation frame applies what is new in it (so however often the source changes, the messages
 * are applied and the surfaces list changes at most once per frame). Subscriptions to the
 * processor live while someone is subscribed to the store (`useSyncExternalStore`).
 */
export class SurfaceStore {
  readonly processor: MessageProcessor<ReactComponentImplementation>;
  callbacks: SurfaceStoreCallbacks;
  private source: A2uiSource = [];
  private streaming = false;
  private tracked: Tracked[] = [];
  /** Surfaces created from the source, with the message and part that created them. */
  private readonly createdIn = new Map<string, { messageId: string | undefined; partId: string | undefined }>();
  private state: A2uiSurfacesState;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | undefined;
  private readonly frame = new FrameScheduler(() => this.flush());
  /** What this frame found to apply, in order, per message of the source. */
  private batch: { t: Tracked; messages: A2uiMessage[] }[] = [];
  /** This frame's start messages: the part each surface's came from (the last, if several). */
  private readonly startedIn = new Map<string, string | undefined>();
  private readonly sent = new SentComponents();
  /** What the surfaces may load or link: the app's check, or the default and the strings the model wrote. */
  readonly policy: UrlPolicy;
  private readonly dialect: V10Dialect;

  constructor(setup: SurfaceStoreSetup = {}) {
    this.dialect = setup.dialect ?? '2026-08';
    this.processor = setup.processor ?? new MessageProcessor(setup.catalogs ?? defaultCatalogs());
    this.callbacks = { onAction: setup.onAction, onError: setup.onError };
    this.policy = new UrlPolicy(setup.allowUrl);
    this.state = { surfaces: [], processor: this.processor };
  }

  /** Takes the latest source and streaming flag; applied on the next frame. */
  update(source: A2uiSource, streaming: boolean): void {
    if (source === this.source && streaming === this.streaming) return;
    this.source = source;
    this.streaming = streaming;
    this.frame.request();
  }

  /** Applies what is new in the source now, and tells the subscribers if the surfaces changed. */
  flush(): void {
    this.frame.cancel();
    this.reconcile(this.source, true);
    this.applyBatch();
    const surfaces = this.entries();
    if (surfaces.length === this.state.surfaces.length && surfaces.every((entry, i) => entry === this.state.surfaces[i])) return;
    this.state = { surfaces, processor: this.processor };
    for (const listener of this.listeners) listener();
  }

  /** For `useSyncExternalStore`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.frame.cancel();
    };
  };

  /** For `useSyncExternalStore`. */
  readonly getSnapshot = (): A2uiSurfacesState => this.state;

  private connect(): void {
    const model = this.processor.model;
    const subscriptions = [
      model.onAction.subscribe((action) => this.action(action)),
      // Surfaces created or deleted outside the source (an app's own processor) show too.
      model.onSurfaceCreated.subscribe(() => this.frame.request()),
      model.onSurfaceDeleted.subscribe(() => this.frame.request()),
    ];
    this.unsubscribe = () => subscriptions.forEach((subscription) => subscription.unsubscribe());
    this.frame.request();
  }

  private action(action: A2uiClientAction): void {
    const surface = this.processor.model.getSurface(action.surfaceId);
    // A copy: the renderer goes on changing its own.
    const dataModel: unknown = surface?.sendDataModel ? structuredClone(surface.dataModel.get('/')) : undefined;
    this.callbacks.onAction?.({ surfaceId: action.surfaceId, action, dataModel });
  }

  private readonly reportError = (error: A2uiError): void => {
    (this.callbacks.onError ?? ((e: A2uiError) => console.error(e)))(error);
  };

  /** Applies what is new; when what was applied is no longer in the source, starts again (once). */
  private reconcile(source: A2uiSource, mayReplay: boolean): void {
    const consistent =
      source.length === 0 || isChatMessage(source[0])
        ? this.reconcileMessages(source as readonly A2uiChatMessage[])
        : this.reconcileParts(source as readonly Part[]);
    if (consistent || !mayReplay) return;
    this.batch = [];
    this.startedIn.clear();
    this.replay();
    this.reconcile(source, false);
  }

  /**
   * Messages whose object is the same as last time are skipped; the others' `data-a2ui` parts are
   * applied where their `data` is new. `false` when an applied message or part is gone or changed
   * its id (a regenerated answer, ai 7's `reset-step`): the surfaces must be built again.
   */
  private reconcileMessages(messages: readonly A2uiChatMessage[]): boolean {
    const tracked = this.tracked;
    if (tracked.length > 0 && tracked[0]?.id === undefined) return false;
    let at = 0;
    while (at < messages.length && at < tracked.length && tracked[at]?.ref === messages[at]) at++;
    if (tracked.slice(messages.length).some((t) => t.parts.size > 0)) return false;
    tracked.length = Math.min(tracked.length, messages.length);
    for (; at < messages.length; at++) {
      const message = messages[at] as A2uiChatMessage;
      let t = tracked[at];
      if (t !== undefined && t.id !== message.id) {
        if (t.parts.size > 0) return false;
        t = undefined;
      }
      t ??= new Tracked(message.id, message);
      tracked[at] = t;
      t.ref = message;
      if (!this.applyParts(t, message)) return false;
    }
    return true;
  }

  /** Applies the message's `data-a2ui` parts whose `data` is new; `false` when a part applied before is gone. */
  private applyParts(t: Tracked, message: A2uiChatMessage): boolean {
    const before = t.parts.size;
    let kept = 0;
    message.parts.forEach((part, index) => {
      if (part.type !== 'data-a2ui') return;
      // The SDK keeps one part per type and id; a part without an id is never replaced.
      const key = typeof part.id === 'string' ? `id\0${part.id}` : `#${index}`;
      const applied = t.parts.get(key);
      if (applied) kept++;
      if (applied?.data === part.data) return;
      const messages = messagesOf(part.data);
      // A part that never comes again (events mode) is never keyed.
      const diff = applied ? diffAgainst(applied.index ?? appliedIndex(applied.messages), messages) : undefined;
      this.queue(diff?.messages ?? messages, t, part.id);
      t.parts.set(key, { data: part.data, messages, index: diff?.index });
    });
    return kept === before;
  }

  /** A list of parts: the ones after those applied. `false` when it is not the list it was. */
  private reconcileParts(parts: readonly Part[]): boolean {
    let t = this.tracked[0];
    if (t !== undefined && t.id !== undefined) return false;
    if (t === undefined) {
      t = new Tracked(undefined, parts);
      this.tracked = [t];
    }
    if (parts.length < t.count || (t.count > 0 && parts[t.count - 1] !== t.last)) return false;
    for (; t.count < parts.length; t.count++) {
      const part = parts[t.count] as Part;
      if (part.type === 'a2ui') this.queue(part.messages, t, undefined);
    }
    t.last = parts[parts.length - 1];
    return true;
  }

  /** Deletes the surfaces created from the source and forgets what was applied. */
  private replay(): void {
    for (const surfaceId of this.createdIn.keys()) {
      if (this.processor.model.getSurface(surfaceId) === undefined) continue;
      const applied = applyMessage(this.processor, { version: 'v0.9', deleteSurface: { surfaceId } }, 'useA2uiSurfaces');
      if ('error' in applied) this.reportError(applied.error);
    }
    this.createdIn.clear();
    this.sent.clear();
    this.tracked = [];
  }

  private queue(messages: readonly A2uiMessage[], t: Tracked, partId: string | undefined): void {
    for (const message of messages) {
      const surfaceId = 'createSurface' in message ? surfaceIdOf(message, 'createSurface') : undefined;
      if (surfaceId !== undefined) this.startedIn.set(surfaceId, partId);
    }
    const last = this.batch[this.batch.length - 1];
    if (last?.t === t) last.messages.push(...messages);
    else this.batch.push({ t, messages: [...messages] });
  }

  /**
   * Applies what this frame found, compacted per message of the source (`compactMessages`: per
   * surface one components message with each component's last form, data-model sets folded; the
   * same renderer state in fewer calls), each component the renderer holds in that form left out.
   */
  private applyBatch(): void {
    const batch = this.batch;
    this.batch = [];
    for (const { t, messages } of batch) this.apply(compactMessages(messages), t);
    this.startedIn.clear();
  }

  /** Applies each message with `applyMessage` (a call and a copy each), the components the renderer holds left out. */
  private apply(messages: readonly A2uiMessage[], t: Tracked): void {
    for (const message of messages) {
      this.policy.noteMessage(message);
      const changed = this.sent.withoutSent(message);
      if (changed === undefined) continue;
      const applied = applyMessage(this.processor, changed, 'useA2uiSurfaces', this.dialect);
      if ('error' in applied) {
        this.reportError(applied.error);
        continue;
      }
      const { kind, surfaceId, leftOut } = applied;
      for (const error of leftOut) this.reportError(error);
      if (surfaceId === undefined) continue;
      this.sent.applied(kind, surfaceId, changed);
      t.touched.add(surfaceId);
      if (kind === 'createSurface') this.createdIn.set(surfaceId, { messageId: t.id, partId: this.startedIn.get(surfaceId) });
      if (kind === 'deleteSurface') this.createdIn.delete(surfaceId);
    }
  }

  /** The surfaces list, reusing the entries that did not change. */
  private entries(): A2uiSurfaceEntry[] {
    const last = this.tracked[this.tracked.length - 1];
    const previous = new Map(this.state.surfaces.map((entry) => [entry.id, entry]));
    const out: A2uiSurfaceEntry[] = [];
    for (const [id, surface] of this.processor.model.surfacesMap) {
      setSurfacePolicy(surface, this.policy);
      setSurfaceErrorReporter(surface, this.reportError);
      const { messageId, partId } = this.createdIn.get(id) ?? { messageId: undefined, partId: undefined };
      const streaming = this.streaming && last?.touched.has(id) === true;
      const old = previous.get(id);
      out.push(
        old && old.surface === surface && old.messageId === messageId && old.partId === partId && old.streaming === streaming
          ? old
          : { id, surface, messageId, partId, streaming },
      );
    }
    return out;
  }
}
