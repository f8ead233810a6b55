import type { BaseEvent } from '@ag-ui/core';
import { eventBytes, OUT_PER_IN } from './event-bytes.js';
import type { ActivityCard } from './activity-card.js';
import type { ActivityCards } from './activity-cards.js';

/** Bytes a source may send past four times its input (`C` in docs/security.md). */
const SOURCE_FLOOR = 1_024;
/** Bytes of the metadata framing the model's text on `TEXT_MESSAGE_END` (`"metadata":{"a2ui-stream":{"text":…}}`). */
const METADATA_BYTES = 40;

/**
 * One source's bytes in and out (a text message's or a render tool call's events, as JSON), which
 * pace the activity events its A2UI makes, so that the source sends at most `4 · in + 1,024`
 * bytes: a changed card's event (a delta, a snapshot of the card when that costs less, or its
 * first snapshot) goes out when it fits in what is left past room kept for what the source's end
 * may still send (a snapshot of each card it changed, and a text message's text in the
 * `TEXT_MESSAGE_END` metadata; a first snapshot needs room for its framing only, its content
 * being kept already). Cards wait in the order they changed, those opening or closing first (the
 * first that does not fit waits with those after it, so a surface made again under an activity
 * message goes after the delete of the one before), all at the latest when the source ends. A
 * card deleted while it waits sends only what the client needs of it (see `ActivityCard.ended`).
 * The client ends with the same content either way.
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
  /** The cards this source changed (but those closed and sent), with their content's bytes when last counted. */
  private readonly cards = new Map<ActivityCard, number>();
  /** Sum of the cards' content bytes: a snapshot of each. */
  private reserved = 0;
  /**
   * Cards whose next event opens or closes them (a first snapshot, or what a deleted card still
   * sends), in the order they changed: they go before the others, and in order, so a surface made
   * again under an activity message goes after the delete of the one before.
   */
  private readonly fresh = new Set<ActivityCard>();
  /** Cards with other changes the client does not hold yet, in the order they changed. */
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
      if (card.sent && !card.closed) this.waiting.add(card);
      else {
        this.waiting.delete(card);
        this.fresh.add(card);
      }
    }
  }

  /**
   * The events that bring the client's copy of the changed cards up to date, in the order they
   * changed, as far as the source's room allows past `pending` (events already due); all of them
   * with `all` (its end).
   */
  flush(activity: ActivityCards, pending: readonly BaseEvent[], all: boolean): BaseEvent[] {
    let room = this.perIn * this.bytesIn + SOURCE_FLOOR - this.bytesOut - this.reserved - this.textBytes;
    for (const event of pending) room -= eventBytes(event);
    const events: BaseEvent[] = [];
    for (const queue of [this.fresh, this.waiting]) {
      for (const card of queue) {
        const cheapest = this.cheapest || this.late.has(card);
        const cost = activity.cost(card, cheapest);
        const kept = card.sent ? 0 : (this.cards.get(card) ?? 0);
        if (!all && cost > 0 && cost - kept > room) {
          this.late.add(card);
          break;
        }
        room -= cost;
        queue.delete(card);
        this.late.delete(card);
        const event = activity.flush(card, cheapest);
        if (event) events.push(event);
        if (card.closed) this.release(card);
      }
    }
    return events;
  }

  /** A card that changes no more and is sent: its snapshot is no longer kept room for. */
  private release(card: ActivityCard): void {
    this.reserved -= this.cards.get(card) ?? 0;
    this.cards.delete(card);
  }
}
