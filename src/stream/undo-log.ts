/**
 * What a surface's components were before the changes no snapshot has shown yet: an error that
 * interrupts a message rolls back the components it put (see `Surface.rollBack`).
 */
import type { WireComponent } from '../validate/graph.js';
import type { Reachability } from './reachability.js';
import { RELEASED } from './sent-forms.js';

export class UndoLog {
  /** Each component's form before the changes not yet shown by a snapshot (`undefined`: new). */
  private readonly before = new Map<string, WireComponent | undefined>();
  /** References of the released components replaced since the last snapshot (the graph held them). */
  private readonly releasedRefs = new Map<string, readonly string[]>();

  /** Whether no change is recorded. */
  get empty(): boolean {
    return this.before.size === 0;
  }

  /** Records what `id` held (`before`) ahead of its first change since the last snapshot. */
  note(id: string, before: WireComponent | undefined, reach: Reachability): void {
    if (this.before.has(id)) return;
    this.before.set(id, before);
    if (before === RELEASED) this.releasedRefs.set(id, reach.refsOf(id));
  }

  /** The changes were shown (or rolled back): nothing to undo. */
  clear(): void {
    this.before.clear();
    this.releasedRefs.clear();
  }

  /**
   * Puts back in `components` what each changed id held, and clears the log.
   * @returns The references of every released component (they live only in `reach`, about to be rebuilt).
   */
  restore(components: Map<string, WireComponent>, reach: Reachability): Map<string, readonly string[]> {
    const releasedRefs = new Map(this.releasedRefs);
    for (const [id, before] of this.before) {
      if (before === undefined) components.delete(id);
      else components.set(id, before);
    }
    for (const [id, component] of components) {
      if (component === RELEASED && !releasedRefs.has(id)) releasedRefs.set(id, reach.refsOf(id));
    }
    this.clear();
    return releasedRefs;
  }
}
