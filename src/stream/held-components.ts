/**
 * The components one surface holds: the latest form of each id ({@link RELEASED} once let go of),
 * whether its child list still streams, whether it is a partial of an object still streaming; the
 * limits on how many it holds (`maxComponentsPerSurface`, and `maxComponents` for every surface of
 * the parser together); and the roll-back log, each form before the changes no snapshot has shown
 * yet. `Surface` keeps one, private, and decides when a change is recorded, shown or rolled back.
 */
import type { WireComponent } from '../validate/graph.js';
import { sameJson } from './json-values.js';
import { limitError } from './options.js';
import { RELEASED } from './snapshots.js';
import type { ReleasedRefs, SurfaceGraph } from './surface-graph.js';

/** The components all surfaces of one parser hold (released ones too), and the most they may (`maxComponents`). */
export interface ComponentBudget {
  held: number;
  readonly max: number;
}

export class HeldComponents {
  /** Latest form of every component seen, by id. Component objects are immutable and shared. */
  readonly #forms = new Map<string, WireComponent>();
  /** Components whose child list is still streaming. */
  readonly #openLists = new Set<string>();
  /** Ids whose held form is a partial of the object still streaming. */
  readonly #streaming = new Set<string>();
  /** The forms put as partials of objects still streaming in the block (a block's end makes them closed ones). */
  #partials = new WeakSet<WireComponent>();
  /** Each component's form before the changes no snapshot has shown yet (`undefined`: new), to roll back. */
  readonly #undo = new Map<string, WireComponent | undefined>();
  /** The references of the released components in {@link undo} (only the graph held them). */
  #undoRefs = new Map<string, ReleasedRefs>();
  /**
   * The ids changed and shown since the turn began (see {@link endTurn}), each with its references
   * when it was a released component before (`undefined` else): what the client may hold differently.
   */
  #turn = new Map<string, ReleasedRefs | undefined>();

  /**
   * @param max The most components the surface holds (`maxComponentsPerSurface`).
   * @param budget The count shared by every surface of the parser (`maxComponents`).
   * @param turns Keep the ids each turn changes (the `turns` option; else {@link endTurn} knows none).
   */
  constructor(
    private readonly max: number,
    private readonly budget: ComponentBudget,
    private readonly turns: boolean,
  ) {}

  /** Every form held, by id ({@link RELEASED} for those let go of). */
  get forms(): ReadonlyMap<string, WireComponent> {
    return this.#forms;
  }

  /** Whether `id`'s child list is still streaming. */
  listOpen(id: string): boolean {
    return this.#openLists.has(id);
  }

  /** Whether `id`'s held form is a partial of the object still streaming. */
  streaming(id: string): boolean {
    return this.#streaming.has(id);
  }

  /** Whether `partial` says nothing new: the same JSON as the component held, list state alike. */
  unchanged(partial: WireComponent, listOpen: boolean): boolean {
    const id = partial.id as string;
    return this.#openLists.has(id) === listOpen && sameJson(this.#forms.get(id), partial);
  }

  /** Whether changes no snapshot has shown can still be rolled back. */
  get unshown(): boolean {
    return this.#undo.size > 0;
  }

  /** Throws the limit a new component would exceed: `maxComponentsPerSurface`, or `maxComponents` for all surfaces together. */
  checkNew(): void {
    if (this.#forms.size >= this.max) throw limitError('maxComponentsPerSurface', this.max);
    if (this.budget.held >= this.budget.max) throw limitError('maxComponents', this.budget.max);
  }

  /** Throws `maxComponentsPerSurface` when the components and `placeholders` more would exceed it. */
  checkRoom(placeholders: number): void {
    if (this.#forms.size + placeholders > this.max) throw limitError('maxComponentsPerSurface', this.max);
  }

  /** Marks `id`'s held form, `form`, as a partial of an object still streaming, or not. */
  markStreaming(id: string, partial: boolean, form: WireComponent): void {
    if (partial) {
      this.#streaming.add(id);
      this.#partials.add(form);
    } else {
      this.#streaming.delete(id);
      // The object closed: its last partial may be the very object (the reader shares it).
      this.#partials.delete(form);
    }
  }

  /** The block ended: an object left open never closes, and what it put counts as closed. */
  partialsClosed(): void {
    this.#streaming.clear();
    this.#partials = new WeakSet();
  }

  /**
   * Holds `component` under its id, in place of `before` (read before the put; `undefined`: new,
   * then counted), logging `before` for a roll-back (when it was released, with what `graph` says
   * it referred to).
   */
  set(component: WireComponent, before: WireComponent | undefined, listOpen: boolean, graph: SurfaceGraph): void {
    const id = component.id as string;
    if (!this.#undo.has(id)) {
      this.#undo.set(id, before);
      if (before === RELEASED) this.#undoRefs.set(id, graph.releasedRefs(id));
    }
    this.#forms.set(id, component);
    if (before === undefined) this.budget.held++;
    if (listOpen) this.#openLists.add(id);
    else this.#openLists.delete(id);
  }

  /** Drops the partial of `id` held, logged for a roll-back; `false` (nothing changes) when `id` is not streaming. */
  dropPartial(id: string): boolean {
    if (!this.#streaming.delete(id)) return false;
    if (!this.#undo.has(id)) this.#undo.set(id, this.#forms.get(id));
    if (this.#forms.delete(id)) this.budget.held--;
    return true;
  }

  /**
   * Drops `id`'s form, whatever it is (a template whose data grew past `maxExpansion`), logged for
   * a roll-back (when released, with what `graph` says it referred to). Returns the form dropped
   * ({@link RELEASED} for one let go of); `undefined` when none is held.
   */
  drop(id: string, graph: SurfaceGraph): WireComponent | undefined {
    const form = this.#forms.get(id);
    if (form === undefined) return undefined;
    if (!this.#undo.has(id)) {
      this.#undo.set(id, form);
      if (form === RELEASED) this.#undoRefs.set(id, graph.releasedRefs(id));
    }
    this.#forms.delete(id);
    this.budget.held--;
    this.#streaming.delete(id);
    this.#openLists.delete(id);
    return form;
  }

  /** Component `id` was sent as it is: let go of (it stays held, as {@link RELEASED}), the client holds what it holds. */
  release(id: string): void {
    this.#forms.set(id, RELEASED);
    this.#turn.delete(id);
  }

  /** Holds `form` under `id` again, as the client holds it (a component it lost this turn is counted again). */
  putBack(id: string, form: WireComponent): void {
    if (!this.#forms.has(id)) this.budget.held++;
    this.#forms.set(id, form);
    this.#streaming.delete(id);
    this.#openLists.delete(id);
  }

  /** A component let go of and kept aside comes back (not a change). */
  restore(component: WireComponent): void {
    this.#forms.set(component.id as string, component);
  }

  /** A snapshot showed the changes: they can no longer be rolled back (the turn still knows them). */
  commit(): void {
    if (this.turns)
      for (const [id, before] of this.#undo) if (!this.#turn.has(id)) this.#turn.set(id, before === RELEASED ? this.#undoRefs.get(id) : undefined);
    this.#undo.clear();
    this.#undoRefs.clear();
  }

  /**
   * The turn ends: returns every id changed since it began (shown or not), each with its references
   * when it was a released component before; nothing is left to roll back, and a new turn begins.
   */
  endTurn(): ReadonlyMap<string, ReleasedRefs | undefined> {
    this.commit();
    this.#streaming.clear();
    const turn = this.#turn;
    this.#turn = new Map();
    return turn;
  }

  /** What the surface holds is what the client holds (history seeded it): nothing to roll back, a new turn begins. */
  settle(): void {
    this.#undo.clear();
    this.#undoRefs.clear();
    this.#turn.clear();
  }

  /**
   * Each form the changes no snapshot has shown replaced comes back, and then every partial of an
   * object still streaming goes: the failure skips the rest of the block, so that object never
   * closes (a snapshot that sent nothing may have shown the partial; it would stand as a cut form).
   * Returns the ids whose forms changed (taken back, or dropped), the references logged for the
   * released ones, to record them in the graph with, and the ids of the partials dropped;
   * `undefined` when nothing changed.
   */
  rollBack(): { ids: ReadonlySet<string>; released: ReadonlyMap<string, ReleasedRefs>; dropped: readonly string[] } | undefined {
    // Every surface rolls back at each failure: most have nothing to undo and no partial.
    if (this.#undo.size === 0 && this.#streaming.size === 0) return undefined;
    const ids = new Set([...this.#undo.keys(), ...this.#streaming]);
    this.#streaming.clear();
    for (const [id, before] of this.#undo) {
      if (before === undefined) {
        if (this.#forms.delete(id)) this.budget.held--;
      } else {
        if (!this.#forms.has(id)) this.budget.held++;
        this.#forms.set(id, before);
      }
    }
    const dropped: string[] = [];
    for (const id of ids) {
      const form = this.#forms.get(id);
      if (form === undefined || !this.#partials.has(form)) continue;
      this.#forms.delete(id);
      this.budget.held--;
      dropped.push(id);
    }
    this.#partials = new WeakSet();
    if (this.#undo.size === 0 && dropped.length === 0) return undefined;
    this.#undo.clear();
    const released = this.#undoRefs;
    this.#undoRefs = new Map();
    return { ids, released, dropped };
  }
}
