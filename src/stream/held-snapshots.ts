/**
 * Full snapshots held back while they would make the output larger than its input allows (issue
 * #37, no amplification). A full snapshot re-sends a surface's whole tree, so one per change makes
 * the output grow with the square of the surface (a valid v0.8 Column of 500 Texts at
 * 16-character chunks sent 1,000 times its input). A later full snapshot of a surface holds all
 * that an earlier one does (the reference drops the earlier within one part, see `parts.ts`), so
 * one that does not fit the budget waits in a slot per surface, replaced by the next, and goes out
 * when the budget has room again, before any other message of its surface, when its block closes
 * and when the response ends. The renderer ends with the same tree, later by at most a block.
 */
import type { A2uiMessage } from '../types.js';

/** Bytes of full snapshots a response may send whatever it read: small surfaces stream change by change. */
export const SNAPSHOT_FLOOR = 16 * 1024;

/** Bytes each object took as JSON, computed once: the forms of a tree are shared from one snapshot to the next. */
const sizes = new WeakMap<object, number>();

function formBytes(form: object): number {
  let bytes = sizes.get(form);
  if (bytes === undefined) {
    bytes = JSON.stringify(form).length;
    sizes.set(form, bytes);
  }
  return bytes;
}

/** Bytes `message` (a full snapshot: one body holding `components`) takes as JSON, its components counted once each. */
export function snapshotBytes(message: A2uiMessage, key: string): number {
  const body = (message as Record<string, unknown>)[key] as Record<string, unknown>;
  const components = body.components as readonly object[];
  // The message around its components (written with none), then a comma between two of them.
  let bytes = JSON.stringify({ ...message, [key]: { ...body, components: [] } }).length + Math.max(0, components.length - 1);
  for (const form of components) bytes += formBytes(form);
  return bytes;
}

/** One surface's held snapshot. */
interface Held {
  readonly message: A2uiMessage;
  readonly bytes: number;
}

export class HeldSnapshots {
  readonly #held = new Map<unknown, Held>();
  /** Bytes of full snapshots sent in this response. */
  #spent = 0;

  /**
   * @param key The message key of a components message (`surfaceUpdate`, `updateComponents`).
   * @param perChar Bytes of full snapshots sent per character of the response read, past {@link SNAPSHOT_FLOOR}.
   */
  constructor(
    readonly key: string,
    private readonly perChar: number,
  ) {}

  #fits(bytes: number, read: number): boolean {
    return this.#spent + bytes <= read * this.perChar + SNAPSHOT_FLOOR;
  }

  /**
   * A full snapshot of `surfaceId`, for a response that read `read` characters: `true` when it
   * goes out now (counted), `false` when it is held (replacing the one held before).
   */
  offer(message: A2uiMessage, surfaceId: unknown, read: number): boolean {
    const bytes = snapshotBytes(message, this.key);
    if (!this.#fits(bytes, read)) {
      this.#held.set(surfaceId, { message, bytes });
      return false;
    }
    this.#held.delete(surfaceId);
    this.#spent += bytes;
    return true;
  }

  /** Whether a snapshot of `surfaceId` is held. */
  holds(surfaceId: unknown): boolean {
    return this.#held.size > 0 && this.#held.has(surfaceId);
  }

  /** The held snapshot of `surfaceId`, if any, taken out to go now (another message of its surface follows). */
  take(surfaceId: unknown): A2uiMessage | undefined {
    const held = this.#held.get(surfaceId);
    if (held === undefined) return undefined;
    this.#held.delete(surfaceId);
    this.#spent += held.bytes;
    return held.message;
  }

  /** The held snapshots to go now, in the order they were held: all with `all`, else those the budget has room for. */
  release(read: number, all: boolean): A2uiMessage[] {
    if (this.#held.size === 0) return [];
    const out: A2uiMessage[] = [];
    for (const [surfaceId, held] of this.#held) {
      if (!all && !this.#fits(held.bytes, read)) continue;
      this.#held.delete(surfaceId);
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
