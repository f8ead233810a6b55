/**
 * The surfaces of a session with changes no snapshot has shown yet, and the sending of their
 * snapshots: every changed surface after a piece of input (`flush`), one surface when a message
 * completes (`send`), or, while `history` seeds, with the seeding gates (`seed`).
 */
import { A2uiRecursionError } from '../errors.js';
import type { CurrentForm } from './held-resends.js';
import { SEEDING_GATES } from './readiness.js';
import type { Body } from './reader.js';
import { RELEASED, type PlaceholderRoom } from './snapshots.js';
import type { Surface } from './surface.js';
import type { SnapshotOptions } from './surface-settings.js';
import type { Wire } from './wire.js';

/** Where a session's messages go. */
export interface SnapshotOutput {
  /**
   * A message; `whole: false` for a components message holding only what changed; `slot`: it holds
   * all that the one before it in that slot held (see `Parts.message`); `current`: a full
   * snapshot's components as they stand now (what one replacing a held one carries over).
   */
  message(message: Body, whole: boolean, slot?: object, current?: CurrentForm): void;
  /** Whether a full snapshot of surface `surfaceId` is held back by the output budget (`held-resends.ts`). */
  holds(surfaceId: string): boolean;
  /** The snapshot of surface `surfaceId`, not taken yet, keeps its place ahead of its data messages (full snapshots). */
  keep(surfaceId: string): void;
  /**
   * The snapshot of surface `surfaceId` held back, if any, is out of date (not released until one
   * replaces it): the allowance (`room().allowance`) at which it has room, at least; `0` when none is held.
   */
  outdated(surfaceId: string): number;
  /** Held messages that went out (or were dropped) so far: a count that only grows. */
  taken(): number;
  /** Whether partial updates `messages` of the message whose slot is `slot` go out as they are (see `Parts.admit`). */
  admit(slot: object, messages: readonly Body[]): boolean;
  /** What the output budget allows placeholders now (`NO_BOUND`: no budget). */
  room(): PlaceholderRoom;
}

export class SnapshotQueue {
  /** Surfaces with a component put since their last snapshot. */
  readonly #changed = new Set<Surface>();
  /** Of those, the ones only checked as a message completed, the output holding their last snapshot back (`completed`). */
  readonly #deferred = new Set<Surface>();
  /**
   * Changed surfaces set aside by `flush`, by the allowance at which the snapshot the output holds
   * back for them has room: looked at again only then, once a held message went out, or at a flush
   * of all. Looked at after each piece of input, they cost each piece the number of surfaces waiting.
   */
  readonly #waiting = new Map<Surface, number>();
  /** The least allowance in {@link #waiting}, at most. */
  #wakeAt = Number.POSITIVE_INFINITY;
  /** The output's count of held messages taken out at the last flush. */
  #takenAt = 0;

  /**
   * @param wire Writes a snapshot as a components message.
   * @param output Where the message goes (`whole: false` for one holding only what changed), and
   *   whether it holds back a full snapshot of a surface (`held-resends.ts`).
   */
  constructor(
    private readonly wire: Wire,
    private readonly output: SnapshotOutput,
  ) {}

  /** `surface` goes out at the next flush if it changed. */
  note(surface: Surface): void {
    if (surface.hasChanges) this.#changed.add(surface);
  }

  /** `surface` was deleted: nothing of it goes out. */
  drop(surface: Surface): void {
    this.#changed.delete(surface);
    this.#waiting.delete(surface);
    this.#deferred.delete(surface);
  }

  /**
   * Another message of `surface` goes out: a snapshot only checked when its message completed goes
   * first (that message began before; held back, it replaces the one held, ahead of the message).
   */
  catchUp(surface: Surface, data = false): void {
    // A data message waits behind the snapshot held (`Parts.message`): laid out before each, a tree
    // of n children took n² (v0.8, a data message then a Text per child). It is laid out when it may go.
    if (this.#deferred.has(surface) && !(data && this.output.holds(surface.id))) this.send(surface);
  }

  /**
   * A snapshot of every changed surface; `at`: after a piece of input, when one that only
   * lengthens text on screen may wait (see `Surface.snapshot`), and one whose last snapshot the
   * output holds back is not taken (as if the piece went on: the next one would be held too)
   * until the one held has room: then it replaces it, as the surface stands.
   */
  flush(at?: number): void {
    const allowance = this.output.room().allowance;
    if (this.#waiting.size > 0 && (at === undefined || this.output.taken() !== this.#takenAt || allowance >= this.#wakeAt)) this.#wake();
    if (this.#changed.size === 0) return;
    for (const surface of [...this.#changed]) {
      if (at !== undefined && this.output.holds(surface.id)) {
        const roomAt = this.output.outdated(surface.id);
        if (roomAt > allowance) {
          this.#changed.delete(surface);
          this.#waiting.set(surface, roomAt);
          this.#wakeAt = Math.min(this.#wakeAt, roomAt);
          continue;
        }
      }
      this.send(surface, { at });
    }
    this.#takenAt = this.output.taken();
  }

  /** The surfaces set aside are changed ones again, ahead of the others (where they stood). */
  #wake(): void {
    const changed = [...this.#waiting.keys(), ...this.#changed];
    this.#waiting.clear();
    this.#wakeAt = Number.POSITIVE_INFINITY;
    this.#changed.clear();
    for (const surface of changed) this.#changed.add(surface);
  }

  /**
   * A snapshot of `surface` if it changed (or, with `checkRoot`, to check that its root arrived);
   * `completed`: a message of it completed, and one the output holds back is only checked (see `SnapshotOptions.held`).
   */
  send(surface: Surface, options: SnapshotOptions = {}, completed = false): void {
    this.#changed.delete(surface);
    this.#waiting.delete(surface);
    this.#deferred.delete(surface);
    if (!surface.hasChanges && !options.checkRoot) return;
    const held = completed && this.output.holds(surface.id);
    // One shape of options whatever the caller's (a spread of several shapes took a slow path).
    const components = surface.snapshot({ checkRoot: options.checkRoot, at: options.at, gates: options.gates, room: this.output.room(), completed, held });
    if (components)
      this.output.message(this.wire.components(surface.id, components), surface.state !== 'treeUnknown', undefined, (id, present) =>
        closedForm(surface, id, present),
      );
    else if (completed && surface.hasChanges) {
      this.#deferred.add(surface);
      if (held) this.output.outdated(surface.id);
      else this.output.keep(surface.id);
    }
    this.note(surface);
  }

  /** Snapshots of `only`, else of every changed surface, taken as the renderer holds them (`SEEDING_GATES`). */
  seed(only?: Surface): void {
    if (only === undefined && this.#waiting.size > 0) this.#wake();
    for (const surface of only ? [only] : [...this.#changed]) {
      try {
        this.send(surface, { gates: SEEDING_GATES });
      } catch (error) {
        if (!(error instanceof A2uiRecursionError)) throw error;
        // A tree the renderer holds that the parser cannot walk (a cycle, a chain past the depth
        // limit; client-sent history): one it does not know, as `knownSurfaces` names one.
        surface.treeLost();
      }
    }
  }
}

/** The closed form `surface` holds for `id` if each component it names is `present`; else `undefined`. */
function closedForm(surface: Surface, id: string, present: (ref: string) => boolean): object | undefined {
  const form = surface.forms.get(id);
  // A form held that a partial would wait behind (rule 4) is a closed one.
  if (form === undefined || form === RELEASED || !surface.redefinitionWaits(id)) return undefined;
  return surface.graph.refsOf(id).every(present) ? form : undefined;
}
