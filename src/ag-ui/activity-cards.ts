import type { A2uiMessage } from '../index.js';
import { ActivityCard, classify } from './activity-card.js';
import { A2UI_ACTIVITY_TYPE, ACTIVITY_DELTA, activitySnapshot, type A2uiActivityDeltaEvent, type A2uiActivitySnapshotEvent } from './events.js';
import type { SeedingBudget } from './seeding.js';

/** Bytes of a snapshot event of `card`'s content (its framing: `type`, `activityType`, `replace`). */
const snapshotBytes = (card: ActivityCard): number => 99 + card.messageId.length + card.contentBytes;

/** Bytes of a delta event of `card`'s pending patch (its framing: `type`, `activityType`). */
const deltaBytes = (card: ActivityCard): number => 80 + card.messageId.length + card.pendingBytes;

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
  /** The card of each live surface, in the order the surfaces were last touched (the newest last). */
  private readonly bySurface = new Map<string, ActivityCard>();
  /** @param updates - `'snapshot'`: every change of a card is a snapshot of its whole content, no delta. */
  constructor(private readonly updates: A2uiActivityUpdates = 'delta') {}

  /** Cards in the order they were made (for `history`). */
  private readonly cards: ActivityCard[] = [];

  /**
   * Writes `messages` and returns the events that bring the client's copy of each card touched up
   * to date (see {@link apply} and {@link flush}).
   */
  write(messages: readonly A2uiMessage[], messageIdFor: MessageIdFor, seeding = false): (A2uiActivitySnapshotEvent | A2uiActivityDeltaEvent)[] {
    const touched = this.apply(messages, messageIdFor, seeding);
    const events: (A2uiActivitySnapshotEvent | A2uiActivityDeltaEvent)[] = [];
    for (const card of touched) {
      const event = this.flush(card);
      if (event) events.push(event);
    }
    return events;
  }

  /**
   * Adds `messages` to their cards (a surface with no card gets one named by `messageIdFor`; a
   * `createSurface` always starts a new card: the parser sends one only for a surface it starts)
   * and returns the cards touched, in order, their changes pending until {@link flush} (a card
   * deleted before then: see {@link ActivityCard.ended}). `seeding`: the client already holds
   * them (earlier turns); nothing is pending.
   */
  apply(messages: readonly A2uiMessage[], messageIdFor: MessageIdFor, seeding = false): ActivityCard[] {
    const touched = new Set<ActivityCard>();
    for (const message of messages) {
      const classified = classify(message);
      let card = this.bySurface.get(classified.surfaceId);
      if (card && classified.key === 'createSurface') {
        // Made again without a delete: the card before changes no more, and what waits of it goes first.
        card.closed = true;
        touched.add(card);
      }
      if (!card || classified.key === 'createSurface') card = this.open(classified.surfaceId, messageIdFor);
      card.add(message, classified);
      this.bySurface.delete(classified.surfaceId);
      if (classified.kind === 'delete') card.ended();
      else this.bySurface.set(classified.surfaceId, card);
      touched.add(card);
    }
    if (!seeding) return [...touched];
    for (const card of touched) {
      card.takePending();
      card.held = true;
    }
    return [];
  }

  /**
   * The one event that brings the client's copy of `card` up to date, if it changed: an
   * `ACTIVITY_SNAPSHOT` the first time (the whole content, also for a card continued from an
   * earlier turn) or with `updates` `'snapshot'`, an `ACTIVITY_DELTA` after; with `cheapest`, a
   * snapshot also when it costs fewer bytes than the delta (many changes to a small content).
   */
  flush(card: ActivityCard, cheapest = false): A2uiActivitySnapshotEvent | A2uiActivityDeltaEvent | undefined {
    if (!card.dirty) return undefined;
    const snapshot = this.snapshotDue(card, cheapest);
    const patch = card.takePending();
    if (snapshot) {
      card.sent = true;
      card.held = true;
      return activitySnapshot(card.messageId, { a2ui_operations: card.content() });
    }
    return patch.length > 0 ? { type: ACTIVITY_DELTA, messageId: card.messageId, activityType: A2UI_ACTIVITY_TYPE, patch } : undefined;
  }

  /** The bytes (as JSON) of the event {@link flush} would send for `card` now; 0 when none. */
  cost(card: ActivityCard, cheapest = false): number {
    if (!card.dirty) return 0;
    if (this.snapshotDue(card, cheapest)) return snapshotBytes(card);
    return card.pendingBytes === 0 ? 0 : deltaBytes(card);
  }

  private snapshotDue(card: ActivityCard, cheapest: boolean): boolean {
    if (!card.sent) return true;
    if (card.pendingBytes === 0) return false;
    return this.updates === 'snapshot' || (cheapest && snapshotBytes(card) < deltaBytes(card));
  }

  /**
   * What the client holds, as A2UI messages for a parser's `history`: the messages of the newest
   * live surfaces (by the last message that touched them) that `budget` admits, by card in the
   * order they were made.
   */
  history(budget: SeedingBudget): A2uiMessage[] {
    const live = new Map<ActivityCard, A2uiMessage[][]>();
    for (const [surfaceId, card] of [...this.bySurface].reverse()) {
      if (budget.full) break;
      const messages = card.messagesOf(surfaceId);
      if (!budget.admit(messages)) continue;
      const surfaces = live.get(card);
      if (surfaces) surfaces.push(messages);
      else live.set(card, [messages]);
    }
    const out: A2uiMessage[] = [];
    for (const card of this.cards) for (const messages of live.get(card)?.reverse() ?? []) out.push(...messages);
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
