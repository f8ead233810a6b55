/**
 * The output budget (issue #37, no amplification): snapshots and data-model updates cost at most
 * `outputBytesPerChar` bytes per character read, past {@link OUTPUT_FLOOR}. A full snapshot
 * re-sends a surface's whole tree, a v0.8 data-model partial every entry of its message so far, and
 * a v0.9+ data list streams one update per item, so one message per change made the output many
 * times its input (a valid v0.8 Column of 500 Texts at 16-character chunks: 1,003 times; 500 v0.8
 * data entries at one character: 402 times; 2,000 short strings in a v0.9 list at 4 KiB chunks:
 * 9 times). A message that holds all that the one before it in its slot held (a surface's full
 * snapshots; the partials and the end of one data-model message, or the update setting that
 * message's path to all it sent so far) waits in its slot when it does not fit, replaced by the
 * next, and goes out when the budget has room again, before any other message of its surface,
 * when its block closes and when the response ends. The renderer ends with the same state.
 */
import type { A2uiMessage } from '../types.js';
import { jsonBytes, jsonLength } from './json-values.js';
import { messageBytes } from './message-bytes.js';
import { isPlaceholderId } from './placeholders.js';

/**
 * The form a component carried over has now (see {@link withCarried}): its closed form when all its
 * references are `present`; else `undefined` (the one held is carried).
 */
export type CurrentForm = (id: string, present: (ref: string) => boolean) => object | undefined;

/** Bytes of counted messages a response may send whatever it read: small answers stream change by change. */
export const OUTPUT_FLOOR = 2 * 1024;

/** A message held in its slot. */
interface Held {
  /** `undefined`: a place kept for a surface's snapshot not taken yet (see {@link HeldResends.keep}). */
  message: A2uiMessage | undefined;
  readonly surfaceId: unknown;
  /** Its bytes as JSON, or (not `exact`) a lower bound: what the one it replaced took. */
  bytes: number;
  exact: boolean;
  /** Its place in the order messages were first held in their slots (set by `#put`). */
  order?: number;
  /** A snapshot whose surface changed since: released only once a snapshot replaces it (see {@link HeldResends.outdated}). */
  outdated?: boolean;
  /**
   * Changes only (delta snapshots): the components of every message held in the slot by id, the
   * later one of an id kept, sent in `message` (the last held) under `key`.
   */
  readonly merged?: { readonly key: string; readonly components: Map<unknown, object> };
}

/** The components list of a components message (`{<key>: {surfaceId, components}}`). */
function componentsOf(message: A2uiMessage, key: string): readonly object[] {
  return (message as unknown as Record<string, { components: object[] }>)[key]?.components ?? [];
}

/**
 * Full snapshot `message` taking the place of `before`, held: with the components `before` held
 * that `message` lacks, first, but placeholders (`loading_<id>`: their child arrived, or is no
 * longer named). Sent one after the other, the renderer would have kept them; a component
 * unreachable by then (a later message redefined its parent) kept its earlier form otherwise, or
 * none (upstream's v1.0 `31_incremental-dashboard`: a Text left at `"Loadi"`). Each is carried in
 * the form it has now (`current`), when closed and naming only components the renderer gets: one
 * held while its text streamed, completed since, would otherwise stay cut on the renderer.
 */
function withCarried(before: A2uiMessage, message: A2uiMessage, key: string, current?: CurrentForm): A2uiMessage {
  const held = componentsOf(before, key);
  if (held.length === 0) return message;
  const now = componentsOf(message, key);
  const ids = new Set<unknown>();
  for (const component of now) ids.add((component as { id?: unknown }).id);
  const carried: object[] = [];
  for (const component of held) {
    const id = (component as { id?: unknown }).id;
    if (ids.has(id) || (typeof id === 'string' && isPlaceholderId(id))) continue;
    carried.push(component);
  }
  if (carried.length === 0) return message;
  const sent = new Set(ids);
  for (const component of carried) sent.add((component as { id?: unknown }).id);
  if (current !== undefined) {
    for (let i = 0; i < carried.length; i++) {
      const id = (carried[i] as { id?: unknown }).id;
      if (typeof id === 'string') carried[i] = current(id, (ref) => sent.has(ref)) ?? (carried[i] as object);
    }
  }
  const body = (message as unknown as Record<string, object>)[key];
  return { ...message, [key]: { ...body, components: [...carried, ...now] } } as A2uiMessage;
}

/** The first of `slots`, if any. */
function first(slots: ReadonlySet<unknown> | undefined): unknown {
  return slots?.values().next().value;
}

export class HeldResends {
  readonly #held = new Map<unknown, Held>();
  /** The slots holding a message, per surface id, in the order held. */
  readonly #perSurface = new Map<unknown, Set<unknown>>();
  /** Surfaces whose held messages a block's close released whole in this response. */
  readonly #releasedWhole = new Set<unknown>();
  /** The next slot's place in the order messages were held. */
  #next = 0;
  /** Bytes of the messages counted in this response. */
  #spent = 0;
  /** Held messages taken out so far, to go or dropped: a count that only grows (see {@link taken}). */
  #taken = 0;
  /**
   * While the room (the allowance less what was spent) is below it, {@link release} finds nothing
   * to send: at most the least any surface's first held message takes (an outdated one or a place
   * kept: none). Without it, each piece of input walked every surface holding something.
   */
  #stuckBelow = 0;

  /** @param perChar Bytes of counted messages sent per character of the response read, past {@link OUTPUT_FLOOR}. */
  constructor(private readonly perChar: number) {}

  /** Bytes of counted messages a response that read `read` characters may have sent. */
  allowance(read: number): number {
    return read * this.perChar + OUTPUT_FLOOR;
  }

  #fits(bytes: number, read: number): boolean {
    return this.#spent + bytes <= this.allowance(read);
  }

  /**
   * Whether messages of `bytes` go out now, for a response that read `read` characters (then
   * they are counted): not while a message is held in `slot` (they would overtake it), nor past the budget.
   */
  admit(slot: unknown, bytes: number, read: number): boolean {
    if (this.holds(slot) || !this.#fits(bytes, read)) return false;
    this.#spent += bytes;
    return true;
  }

  /**
   * Message `message` of `surfaceId`, in `slot`, for a response that read `read` characters: the
   * message to send now (counted), or `undefined` when it is held (replacing the one held there).
   * While the one it replaces did not fit, it is not measured (it holds at least as much).
   * `key`: a full snapshot's components key; it replaces the one held merged with the components
   * that one held and it lacks, in the form `current` gives them now (see {@link withCarried}).
   */
  offer(message: A2uiMessage, slot: unknown, surfaceId: unknown, read: number, key?: string, current?: CurrentForm): A2uiMessage | undefined {
    const before = this.#held.get(slot);
    if (before?.message !== undefined && key !== undefined) message = withCarried(before.message, message, key, current);
    if (before !== undefined && !this.#fits(before.bytes, read)) {
      this.#put(slot, { message, surfaceId, bytes: before.bytes, exact: false });
      return undefined;
    }
    const bytes = messageBytes(message);
    if (!this.#fits(bytes, read)) {
      this.#put(slot, { message, surfaceId, bytes, exact: true });
      return undefined;
    }
    this.#take(slot);
    this.#spent += bytes;
    return message;
  }

  /**
   * A components message of `surfaceId` holding only what changed (a delta snapshot), its body
   * under `key`: the message to send now (counted), or `undefined` when it waits in the surface's
   * slot. One that waits is merged with the one waiting there: a later component replaces an
   * earlier one of its id, as it does on the renderer, so what waits costs what it holds once.
   */
  offerChanges(message: A2uiMessage, key: string, surfaceId: unknown, read: number): A2uiMessage | undefined {
    const before = this.#held.get(surfaceId);
    if (before?.merged === undefined) {
      // Measured whole: a delta's components are new objects, measured once (no cache to fill).
      const bytes = jsonLength(message);
      if (this.#fits(bytes, read)) {
        this.#spent += bytes;
        return message;
      }
      const components = new Map<unknown, object>();
      for (const component of componentsOf(message, key)) components.set((component as { id?: unknown }).id, component);
      this.#put(surfaceId, { message, surfaceId, bytes, exact: true, merged: { key, components } });
      return undefined;
    }
    const components = before.merged.components;
    for (const component of componentsOf(message, key)) {
      const id = (component as { id?: unknown }).id;
      const replaced = components.get(id);
      before.bytes += jsonBytes(component) - (replaced === undefined ? -1 : jsonBytes(replaced));
      components.set(id, component);
    }
    before.message = message;
    // Merged, it holds the surface's changes: no longer out of date (it stayed so until the block's
    // close, the data behind it too: probe 14 finding 1); and it may have shrunk (finding 5).
    before.outdated = false;
    if (first(this.#perSurface.get(surfaceId)) === surfaceId) this.#head(before);
    return undefined;
  }

  /** Held messages taken out so far (to go, or dropped with their surface): a count that only grows. */
  get taken(): number {
    return this.#taken;
  }

  /**
   * The allowance (see {@link allowance}) at which the message held in `slot` would have room, at
   * least, were nothing else sent before; `0` when none is held.
   */
  roomAt(slot: unknown): number {
    const held = this.#held.get(slot);
    return held === undefined ? 0 : this.#spent + held.bytes;
  }

  /** Whether a message is held in `slot`. */
  holds(slot: unknown): boolean {
    return this.#held.size > 0 && this.#held.has(slot);
  }

  /**
   * The snapshot held in `slot` is out of date (its surface changed since): it is not released
   * alone, since the data messages queued behind it would then show before the tree they followed.
   * Whether it has room now (then a snapshot of the surface as it stands replaces it).
   */
  outdated(slot: unknown, read: number): boolean {
    const held = this.#held.get(slot);
    if (held === undefined) return false;
    held.outdated = true;
    return this.#fits(held.bytes, read);
  }

  /**
   * Keeps `slot` for a snapshot of `surfaceId` not taken yet (its tree waits for room for its
   * placeholders), unless something is held there: the data messages of its surface wait behind it
   * as behind a held snapshot, until a snapshot takes the place (see {@link offer}).
   */
  keep(slot: unknown, surfaceId: unknown): void {
    if (!this.#held.has(slot)) this.#put(slot, { message: undefined, surfaceId, bytes: 0, exact: true, outdated: true });
  }

  /** Whether a message of `surfaceId` is held (in any slot). */
  holdsSurface(surfaceId: unknown): boolean {
    return this.#perSurface.has(surfaceId);
  }

  /**
   * Data message `message` of `surfaceId`, while a message of its surface is held: it waits behind
   * (data and components commute on a renderer, but a snapshot released before each data message
   * re-sent the whole tree each time, hundreds of times the input). In `slot` it replaces the one
   * held there (it holds all of it); else it waits in a place of its own, sent once.
   */
  queue(message: A2uiMessage, surfaceId: unknown, slot: unknown = {}): void {
    const before = this.#held.get(slot);
    this.#put(slot, { message, surfaceId, bytes: before?.bytes ?? 0, exact: false });
  }

  #put(slot: unknown, held: Held): void {
    const before = this.#held.get(slot);
    let slots = this.#perSurface.get(held.surfaceId);
    if (before === undefined) {
      if (slots === undefined) this.#perSurface.set(held.surfaceId, (slots = new Set([slot])));
      else slots.add(slot);
    }
    held.order = before?.order ?? this.#next++;
    this.#held.set(slot, held);
    if (first(slots) === slot) this.#head(held);
  }

  #take(slot: unknown): void {
    const held = this.#held.get(slot);
    if (held === undefined || !this.#held.delete(slot)) return;
    this.#taken++;
    const slots = this.#perSurface.get(held.surfaceId);
    const head = first(slots) === slot;
    slots?.delete(slot);
    if (slots?.size === 0) this.#perSurface.delete(held.surfaceId);
    else if (head) this.#head(this.#held.get(first(slots)) as Held);
  }

  /** `held` is now its surface's first held message: {@link release} may find it has room. */
  #head(held: Held): void {
    if (held.outdated !== true && held.bytes < this.#stuckBelow) this.#stuckBelow = held.bytes;
  }

  /**
   * The messages held for `surfaceId` before `slot` (all of them when `slot` holds none), taken out
   * to go now: a message of their surface follows. Those queued behind the one in `slot` stay behind it.
   */
  takeFor(surfaceId: unknown, slot?: unknown): A2uiMessage[] {
    const slots = this.#perSurface.get(surfaceId);
    if (slots === undefined) return [];
    const out: A2uiMessage[] = [];
    for (const key of slots) {
      if (key === slot) break;
      const message = this.#send(key, this.#held.get(key) as Held);
      if (message !== undefined) out.push(message);
    }
    return out;
  }

  /**
   * The held messages to go now, in the order they were held: all with `all` (the response ends),
   * else those the budget has room for; `'block'` (a block closed): all of a surface the first time
   * in the response, then those with room (a big tree re-sent whole at the close of each of many
   * small blocks cost the square of the input: 148 times it, probe 13 finding 1).
   */
  release(read: number, all: boolean | 'block'): A2uiMessage[] {
    if (this.#held.size === 0) return [];
    if (all === true) return [...this.#held].flatMap(([slot, held]) => this.#send(slot, held) ?? []);
    if (all === false && this.allowance(read) - this.#spent < this.#stuckBelow) return [];
    // A surface's messages go in the order they were held: one that does not fit holds back those
    // after it, which are not walked (walking them per chunk was quadratic in the messages queued).
    const ready: { order: number; message: A2uiMessage | undefined }[] = [];
    let stuck = Number.POSITIVE_INFINITY;
    for (const [surfaceId, slots] of this.#perSurface) {
      const whole = all === 'block' && !this.#releasedWhole.has(surfaceId);
      if (whole) this.#releasedWhole.add(surfaceId);
      for (const slot of slots) {
        const held = this.#held.get(slot) as Held;
        if (whole) {
          ready.push({ order: held.order ?? 0, message: this.#send(slot, held) });
          continue;
        }
        if (held.outdated === true) break;
        if (!held.exact && this.#fits(held.bytes, read)) {
          held.bytes = messageBytes(held.message as A2uiMessage);
          held.exact = true;
        }
        if (!this.#fits(held.bytes, read)) {
          stuck = Math.min(stuck, held.bytes);
          break;
        }
        ready.push({ order: held.order ?? 0, message: this.#send(slot, held) });
      }
    }
    this.#stuckBelow = stuck;
    return ready.sort((a, b) => a.order - b.order).flatMap((one) => one.message ?? []);
  }

  /** Takes `held` out of `slot` to go now, and counts it (a place kept: nothing goes). */
  #send(slot: unknown, held: Held): A2uiMessage | undefined {
    this.#take(slot);
    const message = held.message;
    if (message === undefined) return undefined;
    this.#spent += held.exact ? held.bytes : messageBytes(message);
    const merged = held.merged;
    if (merged === undefined) return message;
    const body = (message as unknown as Record<string, object>)[merged.key];
    return { ...message, [merged.key]: { ...body, components: [...merged.components.values()] } } as A2uiMessage;
  }

  /** The response ended (after {@link release} of all), or history was seeded: nothing is held, the budget starts again. */
  reset(): void {
    this.#held.clear();
    this.#perSurface.clear();
    this.#releasedWhole.clear();
    this.#spent = 0;
    this.#stuckBelow = Number.POSITIVE_INFINITY;
  }
}
