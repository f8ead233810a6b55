import type { BaseEvent } from '@ag-ui/core';
import { eventBytes, OUT_PER_IN } from './event-bytes.js';
import type { ActivityCard, ActivityCards } from './activity-cards.js';

/** Bytes a source may send past four times its input (`C` in docs/security.md). */
const SOURCE_FLOOR = 1_024;
/** Bytes of the metadata framing the model's text on `TEXT_MESSAGE_END` (`"metadata":{"a2ui-stream":{"text":…}}`). */
const METADATA_BYTES = 40;

/**
 * One source's bytes in and out (a text message's or a render tool call's events, as JSON), which
 * pace the activity events its A2UI makes, so that the source sends at most `4 · in + 1,024`
 * bytes: each chunk's changes go out as one event per card (a delta, or a snapshot of the card
 * when that costs less), while the source's output stays within that bound with room kept for
 * what its end must still send (a snapshot of each card it changed, and a text message's text in
 * the `TEXT_MESSAGE_END` metadata); past it, the changes wait and go out together (their patches,
 * or one snapshot) when there is room again, and at the latest when the source ends. The client
 * ends with the same content either way.
 */
export class SourceLedger {
  private readonly perIn: number;
  private readonly cheapest: boolean;

  /**
   * @param options.perIn Bytes out allowed per byte in (past the floor). Default 4: a source of
   *   model output. A source whose input is parts already bounded by the core's output budget
   *   passes 1, so that writing them as events adds no amplification of its own.
   * @param options.cheapest A card's update is a snapshot when that costs less than its delta.
   *   Default `true`; with `false`, only for a card whose changes waited for room (else a delta).
   */
  constructor({ perIn = OUT_PER_IN, cheapest = true }: { perIn?: number; cheapest?: boolean } = {}) {
    this.perIn = perIn;
    this.cheapest = cheapest;
  }

  private bytesIn = 0;
  private bytesOut = 0;
  /** The model's text as JSON, with its metadata framing (what a text message's end carries). */
  private textBytes = 0;
  /** The cards this source changed, with their content's bytes when last counted. */
  private readonly cards = new Map<ActivityCard, number>();
  /** Sum of the cards' content bytes: a snapshot of each. */
  private reserved = 0;
  /** Cards the client has no snapshot of yet (theirs goes out whatever the room). */
  private readonly fresh = new Set<ActivityCard>();
  /** Cards with changes the client does not hold yet, in the order they changed. */
  private readonly waiting = new Set<ActivityCard>();
  /** Cards whose changes waited for room (without `cheapest`, they go as their cheapest form). */
  private readonly late = new Set<ActivityCard>();

  /** An event of the source, read; `text`: the model's text it carries, which the source's end sends again. */
  read(event: BaseEvent, text?: string): void {
    this.readBytes(eventBytes(event));
    if (text !== undefined) this.textBytes += JSON.stringify(text).length - 2 + (this.textBytes === 0 ? METADATA_BYTES : 0);
  }

  /** `bytes` of the source's input read (for a source that is not events: parts). */
  readBytes(bytes: number): void {
    this.bytesIn += bytes;
  }

  /** Events sent for the source. */
  sent(events: readonly BaseEvent[]): void {
    for (const event of events) this.bytesOut += eventBytes(event);
  }

  /** Cards the source's A2UI changed. */
  changed(cards: readonly ActivityCard[]): void {
    for (const card of cards) {
      this.reserved += card.contentBytes - (this.cards.get(card) ?? 0);
      this.cards.set(card, card.contentBytes);
      (card.sent ? this.waiting : this.fresh).add(card);
    }
  }

  /**
   * The events that bring the client's copy of the changed cards up to date, as far as the
   * source's room allows past `pending` (events already due), in the order they changed (the
   * first that does not fit waits with those after it); all of them with `all` (its end). A
   * card's first snapshot always goes out.
   */
  flush(activity: ActivityCards, pending: readonly BaseEvent[], all: boolean): BaseEvent[] {
    let room = this.perIn * this.bytesIn + SOURCE_FLOOR - this.bytesOut - this.reserved - this.textBytes;
    for (const event of pending) room -= eventBytes(event);
    const events: BaseEvent[] = [];
    const send = (card: ActivityCard): void => {
      const cheapest = this.cheapest || this.late.delete(card);
      room -= activity.cost(card, cheapest);
      const event = activity.flush(card, cheapest);
      if (event) events.push(event);
    };
    for (const card of this.fresh) {
      // What waits of a card shown under the same activity message (its surface deleted, then made again) goes first, whatever the room.
      for (const earlier of this.waiting) {
        if (earlier.messageId !== card.messageId) continue;
        send(earlier);
        this.waiting.delete(earlier);
      }
      send(card);
    }
    this.fresh.clear();
    for (const card of this.waiting) {
      if (!all && activity.cost(card, this.cheapest || this.late.has(card)) > room) {
        this.late.add(card);
        break;
      }
      send(card);
      this.waiting.delete(card);
    }
    return events;
  }
}
