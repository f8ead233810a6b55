/**
 * A surface's undo log: each component's form before the changes no snapshot has shown yet, so
 * that an error rolls them back (see `Surface.rollBack`).
 */
import type { WireComponent } from '../validate/graph.js';
import { RELEASED } from './snapshots.js';

export class UndoLog {
  /** Each component's form before the changes (`undefined`: it was new). */
  readonly #before = new Map<string, WireComponent | undefined>();
  /** The references of the released components among them (only the graph held them). */
  readonly #releasedRefs = new Map<string, readonly string[]>();

  /** Whether nothing is to be undone. */
  get empty(): boolean {
    return this.#before.size === 0;
  }

  /** Component `id` changes; `before` is its form now (`refsOf` gives a released one's references). */
  note(id: string, before: WireComponent | undefined, refsOf?: (id: string) => readonly string[]): void {
    if (this.#before.has(id)) return;
    this.#before.set(id, before);
    if (before === RELEASED && refsOf) this.#releasedRefs.set(id, refsOf(id));
  }

  /** A snapshot showed the changes: nothing is to be undone. */
  clear(): void {
    this.#before.clear();
    this.#releasedRefs.clear();
  }

  /**
   * Puts each form back into `components`, then empties the log; returns the references of every
   * released component (`refsOf` for those not in the log), to rebuild the graph with.
   */
  undo(components: Map<string, WireComponent>, refsOf: (id: string) => readonly string[]): Map<string, readonly string[]> {
    const releasedRefs = new Map(this.#releasedRefs);
    for (const [id, before] of this.#before) {
      if (before === undefined) components.delete(id);
      else components.set(id, before);
    }
    for (const [id, component] of components) {
      if (component === RELEASED && !releasedRefs.has(id)) releasedRefs.set(id, refsOf(id));
    }
    this.clear();
    return releasedRefs;
  }
}
