/**
 * The orphan rule of `validateMessages`, kept up to date message by message instead of walked
 * again from the root after each one.
 */
import { forEachComponentReference, orphanError, type CatalogSource, type WireComponent } from './graph.js';

const NO_REFS: readonly number[] = Object.freeze([]);

/**
 * Throws when a component is an orphan: from the message that last wrote it on, it is never
 * reachable from `root`. So a later message may re-parent part of the tree (leaving old
 * components behind, as incremental updates do) or send children before their parent.
 * @param updates The surface's components messages in order, each a map by id.
 * @throws A2uiIntegrityError `Component '<id>' is not reachable from '<root>'` (the first orphan
 *   in code-point order of ids).
 */
export function checkOrphans(updates: readonly ReadonlyMap<string, WireComponent>[], root: string, catalog: CatalogSource): void {
  const error = orphanError(orphansOf(updates, root, catalog), root);
  if (error !== undefined) throw error;
}

/**
 * The orphans of {@link checkOrphans}. Work: linear in the size of the messages, plus, for each
 * message that writes a reached or referred-to component (not the root) after reached components
 * dropped references, the reached part below those references (walked to see what else still
 * reaches it). No exact check is known to be linear for every input: messages of size O(n + m)
 * ask whether a graph of n vertices and m edges has a triangle (each vertex a component naming
 * second copies of its neighbours; per vertex `a`, a message making the root name `a`'s
 * neighbours and their second copies name one Text, which is an orphan exactly when there is no
 * triangle: test/validate/orphans.test.ts), and no algorithm is known to tell that in time linear
 * in m.
 * @param work Counts the steps of the walks (for tests).
 */
export function orphansOf(
  updates: readonly ReadonlyMap<string, WireComponent>[],
  root: string,
  catalog: CatalogSource,
  work: { steps: number } = { steps: 0 },
): Set<string> {
  const reach = new Reach(root, catalog, work);
  for (const update of updates) reach.apply(update);
  return reach.unreached();
}

/**
 * The components reachable from the root in the state so far, and those written since they were
 * last reachable. Each reached component counts once in the support of every id it refers to; a
 * present (written) component is reached when it is the root or has support. The reached set may
 * also hold components no longer reachable, until a message needs it exact ({@link Reach.apply}).
 * Ids are numbered as first seen, so the walks index arrays rather than look strings up.
 */
class Reach {
  readonly #index = new Map<string, number>();
  readonly #names: string[] = [];
  /** Per id: the ids its component refers to, as last written (`undefined`: not written). */
  readonly #refs: (readonly number[] | undefined)[] = [];
  readonly #support: number[] = [];
  readonly #reached: boolean[] = [];
  /** Written since it was last reachable. */
  readonly #unreached: boolean[] = [];
  /** Scratch marks: an id is in the set of the moment when its mark is `#epoch`. */
  readonly #mark: number[] = [];
  #epoch = 0;
  /** References reached components dropped since the reached set was last exact. */
  #dropped: number[] = [];
  readonly #catalog: CatalogSource;
  readonly #root: number;
  readonly #work: { steps: number };

  constructor(root: string, catalog: CatalogSource, work: { steps: number }) {
    this.#catalog = catalog;
    this.#work = work;
    this.#root = this.#of(root);
  }

  /** The ids written since they were last reachable. */
  unreached(): Set<string> {
    const out = new Set<string>();
    this.#unreached.forEach((unreached, id) => {
      if (unreached) out.add(this.#names[id] as string);
    });
    return out;
  }

  /**
   * Applies one message's components, then judges them. The cut of what dropped references left
   * unreachable waits while no judgement needs it (so a root dropping a sub-tree and naming it
   * again, message after message, costs no walk of it): until then, the reached set holds all that
   * is reachable, and the support of each id is at least what it really has, so a written
   * component neither reached nor supported is rightly judged unreachable.
   */
  apply(update: ReadonlyMap<string, WireComponent>): void {
    const written: number[] = [];
    const gained: number[] = [];
    for (const [name, component] of update) {
      const id = this.#of(name);
      written.push(id);
      const before = this.#refs[id] ?? NO_REFS;
      const after = this.#referencesOf(component);
      this.#refs[id] = after;
      // A component not reached lends no support: what it refers to changes nothing yet.
      if (!this.#reached[id]) continue;
      const inAfter = this.#epoch;
      for (const ref of before) {
        if (this.#mark[ref] === inAfter) continue;
        this.#lean(ref, -1);
        this.#dropped.push(ref);
      }
      const inBefore = ++this.#epoch;
      for (const ref of before) this.#mark[ref] = inBefore;
      for (const ref of after) {
        if (this.#mark[ref] === inBefore) continue;
        this.#lean(ref, 1);
        gained.push(ref);
      }
    }
    const cut = this.#dropped.length > 0 && this.#judges(written) ? this.#cut() : NO_REFS;
    this.#spread([...written, ...gained, ...cut]);
    for (const id of written) this.#unreached[id] = !this.#reached[id];
  }

  /**
   * Whether judging the components written needs the reached set exact: one of them (not the
   * root) is reached or supported. References gained come from written reached components: the
   * root's lead where it really reaches; another's ask for the cut.
   */
  #judges(written: readonly number[]): boolean {
    for (const id of written) if (id !== this.#root && (this.#reached[id] || (this.#support[id] ?? 0) > 0)) return true;
    return false;
  }

  /**
   * Takes out of the reached set every reached component that the dropped references lead to
   * (not through the root), and their support; returns them, to be reached again from what still
   * supports them. Only they can have become unreachable: of the path from the root each reached
   * component was reached by, one that uses no reference dropped since is still there, and one
   * that does ends, after its last dropped reference, in a path they lie on.
   */
  #cut(): number[] {
    const cut: number[] = [];
    const inCut = ++this.#epoch;
    const stack = this.#dropped;
    this.#dropped = [];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      this.#work.steps++;
      if (id === this.#root || this.#mark[id] === inCut || !this.#reached[id]) continue;
      this.#mark[id] = inCut;
      cut.push(id);
      for (const ref of this.#refs[id] ?? NO_REFS) stack.push(ref);
    }
    for (const id of cut) this.#reached[id] = false;
    for (const id of cut) for (const ref of this.#refs[id] ?? NO_REFS) this.#lean(ref, -1);
    return cut;
  }

  /** Reaches, from `candidates`, every written component that the root or a reached one refers to. */
  #spread(candidates: readonly number[]): void {
    const stack = [...candidates];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      this.#work.steps++;
      const refs = this.#refs[id];
      if (this.#reached[id] || refs === undefined || (id !== this.#root && this.#support[id] === 0)) continue;
      this.#reached[id] = true;
      this.#unreached[id] = false;
      for (const ref of refs) {
        this.#lean(ref, 1);
        stack.push(ref);
      }
    }
  }

  #lean(id: number, by: number): void {
    this.#support[id] = (this.#support[id] ?? 0) + by;
  }

  /** The number of `name`, numbering it if new. */
  #of(name: string): number {
    let id = this.#index.get(name);
    if (id === undefined) {
      id = this.#names.length;
      this.#index.set(name, id);
      this.#names.push(name);
      this.#refs.push(undefined);
      this.#support.push(0);
      this.#reached.push(false);
      this.#unreached.push(false);
      this.#mark.push(0);
    }
    return id;
  }

  /** The ids `component` refers to, each once; marks them with a new epoch. */
  #referencesOf(component: WireComponent): readonly number[] {
    const epoch = ++this.#epoch;
    const refs: number[] = [];
    forEachComponentReference(this.#catalog, component, (name) => {
      const id = this.#of(name);
      if (this.#mark[id] === epoch) return;
      this.#mark[id] = epoch;
      refs.push(id);
    });
    return refs.length === 0 ? NO_REFS : refs;
  }
}
