import type { A2uiMessage } from '../index.js';
import { dataPointer, FoldedSet, jsonOf } from './data-fold.js';
import { A2UI_OPERATIONS_KEY, type A2uiPatchOperation } from './events.js';

type Body = Readonly<Record<string, unknown>>;

/** The surface id of messages that name none (as CopilotKit's renderer groups them). */
const DEFAULT_SURFACE = 'default';

/** What a message does to its surface, read from its key (any protocol version). */
export interface Classified {
  kind: 'start' | 'components' | 'other' | 'delete';
  key: string;
  body: Body | undefined;
  surfaceId: string;
}

const KINDS: Readonly<Record<string, Classified['kind']>> = {
  createSurface: 'start',
  beginRendering: 'start',
  updateComponents: 'components',
  surfaceUpdate: 'components',
  deleteSurface: 'delete',
};

export function classify(message: A2uiMessage): Classified {
  for (const key of Object.keys(message)) {
    if (key === 'version') continue;
    const value = message[key];
    const body = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : undefined;
    const surfaceId = typeof body?.surfaceId === 'string' ? body.surfaceId : DEFAULT_SURFACE;
    return { kind: KINDS[key] ?? 'other', key, body, surfaceId };
  }
  return { kind: 'other', key: '', body: undefined, surfaceId: DEFAULT_SURFACE };
}

/** The components message of one surface that later components of it are merged into. */
interface MergeTarget {
  /** Its index in the card's messages. */
  readonly op: number;
  readonly key: string;
  /** The merged components (this card's own array, never handed out). */
  readonly components: unknown[];
  /** Each component's bytes as JSON. */
  readonly sizes: number[];
  /** Index in `components` by component id. */
  readonly ids: Map<string, number>;
}

/** Bytes of `{"a2ui_operations":[]}`. */
const EMPTY_CONTENT_BYTES = 22;

/** `value`'s bytes as JSON (0 for a value with no JSON form). */
const jsonBytes = (value: unknown): number => jsonOf(value)?.length ?? 0;

/** A patch operation's bytes as JSON, given its value's. */
const opBytes = (op: A2uiPatchOperation, valueBytes: number): number => JSON.stringify({ ...op, value: 0 }).length - 1 + valueBytes;

/**
 * One `a2ui-surface` activity message: its content as the client holds it after our events (the
 * surfaces' messages, each surface's components merged by id into its first components message,
 * and each data-model set folded into the surface's last data-model message when it sets a path
 * at or below that message's: see {@link FoldedSet}; so the content grows with the surface, not
 * with the stream), whether the client holds it yet, and the changes it does not hold yet.
 */
export class ActivityCard {
  readonly messages: A2uiMessage[] = [];
  private readonly targets = new Map<string, MergeTarget>();
  /** The data-model messages that later sets are folded into, by index in `messages`. */
  private readonly folded = new Map<number, FoldedSet>();
  /** The surfaces' last data-model message, while nothing else of the surface came after it. */
  private readonly lastSet = new Map<string, FoldedSet>();
  /** The client holds this content (its next change can be a delta). */
  sent = false;
  /** The client holds a copy of this card: sent, or from an earlier turn (whose first change is a snapshot). */
  held = false;
  /** Its surface was deleted, or made again in another card: it changes no more. */
  closed = false;
  /** Changed since its last event (a first snapshot is due even when no patch came of it). */
  dirty = false;
  /** The patch that brings the client's content to this one (since the last event). */
  private pending: A2uiPatchOperation[] = [];
  /** The pending patch's bytes as JSON. */
  pendingBytes = 0;
  /** The content's bytes as JSON (`{"a2ui_operations":[…]}`). */
  contentBytes = EMPTY_CONTENT_BYTES;

  constructor(readonly messageId: string) {}

  /** Adds one message, to the content and to the pending patch. */
  add(message: A2uiMessage, classified: Classified): void {
    this.dirty = true;
    const { kind, key, body, surfaceId } = classified;
    if (kind !== 'components') {
      const folded = key === 'updateDataModel' ? this.fold(message, body, surfaceId) : undefined;
      if (folded) {
        this.contentBytes += folded.grew;
        this.pend(folded.op, folded.bytes);
        return;
      }
      this.lastSet.delete(surfaceId);
    }
    const listed = kind === 'components' && Array.isArray(body?.components) ? (body.components as unknown[]) : undefined;
    const components = listed?.filter(renderable);
    if (components?.length === 0 && listed?.length !== 0) return;
    const target = this.targets.get(surfaceId);
    if (components && target?.key === key) {
      for (const component of components) this.merge(target, component);
      return;
    }
    if (kind === 'delete' || kind === 'start') this.targets.delete(surfaceId);
    let stored = message;
    if (components) {
      const merged: MergeTarget = { op: this.messages.length, key, components: [], sizes: [], ids: new Map() };
      for (const component of components) this.merge(merged, component, false);
      this.targets.set(surfaceId, merged);
      stored = withComponents(message, key, body as Body, merged.components);
    } else if (key === 'updateDataModel' && body && isPlainSet(message, body)) {
      const set = FoldedSet.of(`/${A2UI_OPERATIONS_KEY}/${this.messages.length}/updateDataModel/value`, body.path, body.value);
      if (set) {
        this.folded.set(this.messages.length, set);
        this.lastSet.set(surfaceId, set);
      }
    }
    this.messages.push(stored);
    const bytes = jsonBytes(stored);
    this.contentBytes += bytes + 1;
    this.pend({ op: 'add', path: `/${A2UI_OPERATIONS_KEY}/-`, value: this.copyOf(this.messages.length - 1) }, bytes);
  }

  /** The pending patch, now the client's (it is sent). */
  takePending(): A2uiPatchOperation[] {
    const patch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.dirty = false;
    return patch;
  }

  /**
   * Its surface was deleted (by its last message), so what of it waits will not render: a card the
   * client never got sends nothing; one sent, only the delete as its patch (a snapshot, which a
   * card from an earlier turn or `'snapshot'` updates send, still carries the whole content).
   */
  ended(): void {
    this.closed = true;
    if (!this.held) {
      this.takePending();
      return;
    }
    const message = this.messages.at(-1);
    if (!this.sent || message === undefined) return;
    this.pending = [];
    this.pendingBytes = 0;
    this.pend({ op: 'add', path: `/${A2UI_OPERATIONS_KEY}/-`, value: message }, jsonBytes(message));
  }

  /** The content's messages as they stand, copied where this card changes them later. */
  content(): A2uiMessage[] {
    return this.messages.map((_, index) => this.copyOf(index));
  }

  /** The messages of `surfaceId` in this card, copied where this card changes them later. */
  messagesOf(surfaceId: string): A2uiMessage[] {
    const out: A2uiMessage[] = [];
    this.messages.forEach((message, index) => {
      if (classify(message).surfaceId === surfaceId) out.push(this.copyOf(index));
    });
    return out;
  }

  private pend(op: A2uiPatchOperation, valueBytes: number): void {
    this.pending.push(op);
    this.pendingBytes += opBytes(op, valueBytes) + 1;
  }

  /** The set folded into the surface's last data-model message, when it can be. */
  private fold(message: A2uiMessage, body: Body | undefined, surfaceId: string): { op: A2uiPatchOperation; grew: number; bytes: number } | undefined {
    const set = this.lastSet.get(surfaceId);
    const pointer = body && isPlainSet(message, body) ? dataPointer(body.path) : undefined;
    const json = jsonOf(body?.value);
    if (!set || pointer === undefined || json === undefined) return undefined;
    const folded = set.fold(pointer, body?.value, json);
    return folded && { ...folded, bytes: json.length };
  }

  private merge(target: MergeTarget, component: unknown, pend = true): void {
    const id = (component as { id?: unknown } | null)?.id;
    const base = `/${A2UI_OPERATIONS_KEY}/${target.op}/${target.key}/components/`;
    const index = typeof id === 'string' ? target.ids.get(id) : undefined;
    const size = jsonBytes(component);
    if (index !== undefined) {
      target.components[index] = component;
      if (pend) {
        this.contentBytes += size - (target.sizes[index] ?? 0);
        this.pend({ op: 'replace', path: base + index, value: component }, size);
      }
      target.sizes[index] = size;
      return;
    }
    if (typeof id === 'string') target.ids.set(id, target.components.length);
    target.components.push(component);
    target.sizes.push(size);
    if (!pend) return;
    this.contentBytes += size + 1;
    this.pend({ op: 'add', path: `${base}-`, value: component }, size);
  }

  private copyOf(index: number): A2uiMessage {
    const message = this.messages[index] as A2uiMessage;
    const set = this.folded.get(index);
    if (set) return { ...message, updateDataModel: { ...(message.updateDataModel as Body), value: set.value() } } as A2uiMessage;
    for (const target of this.targets.values()) {
      if (target.op === index) return withComponents(message, target.key, message[target.key] as Body, target.components.slice());
    }
    return message;
  }
}

/** A data-model message that only sets a value at a path (`{ version?, updateDataModel: { surfaceId, path?, value } }`). */
function isPlainSet(message: A2uiMessage, body: Body): boolean {
  if (!('value' in body) || body.value === undefined) return false;
  if (Object.keys(message).some((key) => key !== 'version' && key !== 'updateDataModel')) return false;
  return Object.keys(body).every((key) => key === 'surfaceId' || key === 'path' || key === 'value');
}

/**
 * Whether a component form can be rendered: not one holding a function call whose `args` have not
 * arrived (a partial the parser shows with validation off; web_core 0.10, CopilotKit's, throws
 * rendering it). Such a form is held back; the next form of the component has them.
 */
function renderable(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(renderable);
  if (typeof value !== 'object' || value === null) return true;
  const record = value as Record<string, unknown>;
  if (typeof record.call === 'string' && !('args' in record)) return false;
  return Object.values(record).every(renderable);
}

function withComponents(message: A2uiMessage, key: string, body: Body, components: unknown[]): A2uiMessage {
  return { ...message, [key]: { ...body, components } };
}
