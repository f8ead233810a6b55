/**
 * Messages that send again what an earlier one sent, held back while they would make the output
 * larger than its input allows (issue #37, no amplification). A full snapshot re-sends a surface's
 * whole tree, and a v0.8 data-model partial every entry of its message so far, so one per change
 * makes the output grow with the square of the surface (a valid v0.8 Column of 500 Texts at
 * 16-character chunks sent 1,000 times its input; 500 data entries at one character, 400 times).
 * Each such message holds all that the one before it in its slot holds (a surface's full
 * snapshots; the partials and the end of one data-model message), so one that does not fit the
 * budget waits in its slot, replaced by the next, and goes out when the budget has room again,
 * before any other message of its surface, when its block closes and when the response ends. The
 * renderer ends with the same state, later by at most a block.
 */
import type { A2uiMessage } from '../types.js';

/** Bytes of re-sending messages a response may send whatever it read: small surfaces stream change by change. */
export const RESEND_FLOOR = 16 * 1024;

/** Bytes each object took as JSON, computed once: a tree's forms (a message's entries) are shared from one message to the next. */
const sizes = new WeakMap<object, number>();

function objectBytes(value: object): number {
  let bytes = sizes.get(value);
  if (bytes === undefined) {
    bytes = JSON.stringify(value).length;
    sizes.set(value, bytes);
  }
  return bytes;
}

/**
 * Bytes `message` takes as JSON; the items of its body's list (`components`, v0.8 `contents`)
 * counted once per object, so a message that repeats the one before costs only what is new.
 */
export function messageBytes(message: A2uiMessage): number {
  for (const [key, body] of Object.entries(message)) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) continue;
    const field = Array.isArray((body as Record<string, unknown>).components) ? 'components' : 'contents';
    const items = (body as Record<string, unknown>)[field];
    if (!Array.isArray(items)) continue;
    // The message around its list (written empty), then a comma between two items.
    let bytes = JSON.stringify({ ...message, [key]: { ...body, [field]: [] } }).length + Math.max(0, items.length - 1);
    for (const item of items) bytes += typeof item === 'object' && item !== null ? objectBytes(item) : (JSON.stringify(item)?.length ?? 4);
    return bytes;
  }
  return JSON.stringify(message).length;
}

/** A message held in its slot. */
interface Held {
  readonly message: A2uiMessage;
  readonly surfaceId: unknown;
  readonly bytes: number;
}

export class HeldResends {
  readonly #held = new Map<unknown, Held>();
  /** Bytes of re-sending messages sent in this response. */
  #spent = 0;

  /** @param perChar Bytes of re-sending messages sent per character of the response read, past {@link RESEND_FLOOR}. */
  constructor(private readonly perChar: number) {}

  #fits(bytes: number, read: number): boolean {
    return this.#spent + bytes <= read * this.perChar + RESEND_FLOOR;
  }

  /**
   * Message `message` of `surfaceId`, in `slot`, for a response that read `read` characters:
   * `true` when it goes out now (counted), `false` when it is held (replacing the one held there).
   */
  offer(message: A2uiMessage, slot: unknown, surfaceId: unknown, read: number): boolean {
    const bytes = messageBytes(message);
    if (!this.#fits(bytes, read)) {
      this.#held.set(slot, { message, surfaceId, bytes });
      return false;
    }
    this.#held.delete(slot);
    this.#spent += bytes;
    return true;
  }

  /** Whether a message is held in `slot`. */
  holds(slot: unknown): boolean {
    return this.#held.size > 0 && this.#held.has(slot);
  }

  /** The messages held for `surfaceId` in other slots than `slot`, taken out to go now (a message of their surface follows). */
  takeFor(surfaceId: unknown, slot?: unknown): A2uiMessage[] {
    if (this.#held.size === 0) return [];
    const out: A2uiMessage[] = [];
    for (const [key, held] of this.#held) {
      if (held.surfaceId !== surfaceId || key === slot) continue;
      this.#held.delete(key);
      this.#spent += held.bytes;
      out.push(held.message);
    }
    return out;
  }

  /** The held messages to go now, in the order they were held: all with `all`, else those the budget has room for. */
  release(read: number, all: boolean): A2uiMessage[] {
    if (this.#held.size === 0) return [];
    const out: A2uiMessage[] = [];
    for (const [slot, held] of this.#held) {
      if (!all && !this.#fits(held.bytes, read)) continue;
      this.#held.delete(slot);
      this.#spent += held.bytes;
      out.push(held.message);
    }
    return out;
  }

  /** The response ended (after {@link release} of all), or history was seeded: nothing is held, the budget starts again. */
  reset(): void {
    this.#held.clear();
    this.#spent = 0;
  }
}
