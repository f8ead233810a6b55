import type { A2uiMessage } from '../index.js';
import {
  A2UI_ACTIVITY_TYPE,
  ACTIVITY_DELTA,
  activitySnapshot,
  type A2uiActivityDeltaEvent,
  type A2uiActivitySnapshotEvent,
  type A2uiPatchOperation,
} from './events.js';

type Body = Readonly<Record<string, unknown>>;

/** The surface id of messages that name none (as CopilotKit's renderer groups them). */
const DEFAULT_SURFACE = 'default';

/** What a message does to its surface, read from its key (any protocol version). */
interface Classified {
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

function classify(message: A2uiMessage): Classified {
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
  /** Index in `components` by component id. */
  readonly ids: Map<string, number>;
}

/**
 * One `a2ui-surface` activity message: its content as the client holds it after our events (the
 * surfaces' messages, each surface's components merged by id into its first components message, so
 * the components grow with the surface, not with the stream; data-model updates and the other
 * messages are kept as they came), and whether the client holds it yet.
 */
export class ActivityCard {
  readonly messages: A2uiMessage[] = [];
  private readonly targets = new Map<string, MergeTarget>();
  /** The client holds this content (its next change can be a delta). */
  sent = false;

  constructor(readonly messageId: string) {}

  /** Adds one message; returns the patch that makes the client's content the same. */
  add(message: A2uiMessage, classified: Classified): A2uiPatchOperation[] {
    const { kind, key, body, surfaceId } = classified;
    const listed = kind === 'components' && Array.isArray(body?.components) ? (body.components as unknown[]) : undefined;
    const components = listed?.filter(renderable);
    if (components?.length === 0 && listed?.length !== 0) return [];
    const target = this.targets.get(surfaceId);
    if (components && target?.key === key) return components.map((component) => this.merge(target, component));
    if (kind === 'delete' || kind === 'start') this.targets.delete(surfaceId);
    let stored = message;
    if (components) {
      const merged: MergeTarget = { op: this.messages.length, key, components: [], ids: new Map() };
      for (const component of components) this.merge(merged, component);
      this.targets.set(surfaceId, merged);
      stored = withComponents(message, key, body as Body, merged.components);
    }
    this.messages.push(stored);
    return [{ op: 'add', path: `/a2ui_operations/-`, value: this.copyOf(this.messages.length - 1) }];
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

  private merge(target: MergeTarget, component: unknown): A2uiPatchOperation {
    const id = (component as { id?: unknown } | null)?.id;
    const base = `/a2ui_operations/${target.op}/${target.key}/components/`;
    const index = typeof id === 'string' ? target.ids.get(id) : undefined;
    if (index !== undefined) {
      target.components[index] = component;
      return { op: 'replace', path: base + index, value: component };
    }
    if (typeof id === 'string') target.ids.set(id, target.components.length);
    target.components.push(component);
    return { op: 'add', path: `${base}-`, value: component };
  }

  private copyOf(index: number): A2uiMessage {
    const message = this.messages[index] as A2uiMessage;
    for (const target of this.targets.values()) {
      if (target.op === index) return withComponents(message, target.key, message[target.key] as Body, target.components.slice());
    }
    return message;
  }
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

/**
 * How a card's changes after its first snapshot are sent: `'delta'`, an `ACTIVITY_DELTA` (JSON
 * Patch) per change; `'snapshot'`, an `ACTIVITY_SNAPSHOT` of the whole content per change, for
 * clients that read snapshots only (`@assistant-ui/react-ag-ui` 0.0.58).
 */
export type A2uiActivityUpdates = 'delta' | 'snapshot';

/** How the writer names the activity message of a surface it has no card for. */
export type MessageIdFor = (surfaceId: string) => string;

/**
 * The `a2ui-surface` activity messages of one conversation: a card per surface (a surface's
 * messages all go to the activity message that created it), from `createSurface` to
 * `deleteSurface`; each call writes the messages of one chunk as at most one event per card: an
 * `ACTIVITY_SNAPSHOT` the first time (the whole content, also for a card continued from an earlier
 * turn), an `ACTIVITY_DELTA` after (a snapshot again with `updates` `'snapshot'`).
 */
export class ActivityCards {
  private readonly bySurface = new Map<string, ActivityCard>();
  /** @param updates - `'snapshot'`: every change of a card is a snapshot of its whole content, no delta. */
  constructor(private readonly updates: A2uiActivityUpdates = 'delta') {}

  /** Cards in the order they were made (for `history`). */
  private readonly cards: ActivityCard[] = [];

  /**
   * Writes `messages`; a surface with no card gets one named by `messageIdFor`. A `createSurface`
   * always starts a new card (the parser sends one only for a surface it starts). `seeding`: the
   * client already holds them (earlier turns); no event.
   */
  write(messages: readonly A2uiMessage[], messageIdFor: MessageIdFor, seeding = false): (A2uiActivitySnapshotEvent | A2uiActivityDeltaEvent)[] {
    const touched = new Map<ActivityCard, A2uiPatchOperation[]>();
    for (const message of messages) {
      const classified = classify(message);
      let card = this.bySurface.get(classified.surfaceId);
      if (!card || classified.key === 'createSurface') card = this.open(classified.surfaceId, messageIdFor);
      const patch = card.add(message, classified);
      if (classified.kind === 'delete') this.bySurface.delete(classified.surfaceId);
      const pending = touched.get(card);
      if (pending) pending.push(...patch);
      else touched.set(card, patch);
    }
    if (seeding) return [];
    const events: (A2uiActivitySnapshotEvent | A2uiActivityDeltaEvent)[] = [];
    for (const [card, patch] of touched) {
      if (!card.sent || (this.updates === 'snapshot' && patch.length > 0)) {
        card.sent = true;
        events.push(activitySnapshot(card.messageId, { a2ui_operations: card.content() }));
      } else if (patch.length > 0) {
        events.push({ type: ACTIVITY_DELTA, messageId: card.messageId, activityType: A2UI_ACTIVITY_TYPE, patch });
      }
    }
    return events;
  }

  /** What the client holds, as A2UI messages for a parser's `history`: each live surface's messages. */
  history(): A2uiMessage[] {
    const live = new Map<ActivityCard, string[]>();
    for (const [surfaceId, card] of this.bySurface) live.set(card, [...(live.get(card) ?? []), surfaceId]);
    const out: A2uiMessage[] = [];
    for (const card of this.cards) for (const surfaceId of live.get(card) ?? []) out.push(...card.messagesOf(surfaceId));
    return out;
  }

  /**
   * A new card. An id the conversation already has (a surface made again, a render tool call
   * tried again) names the same activity message: its first snapshot replaces what it showed.
   */
  private open(surfaceId: string, messageIdFor: MessageIdFor): ActivityCard {
    const card = new ActivityCard(messageIdFor(surfaceId));
    this.cards.push(card);
    this.bySurface.set(surfaceId, card);
    return card;
  }
}
