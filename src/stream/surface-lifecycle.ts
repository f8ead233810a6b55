/**
 * Where one surface is in its life, its root, and (v0.8) the start message last sent. `Surface`
 * extends it: the transitions are the ones a start message, `knownSurfaces` and `history` make,
 * and a new root reaches the rest of the surface through {@link SurfaceLifecycle.rootChanged}
 * and {@link SurfaceLifecycle.markChanged}.
 */
import type { Wire } from './wire.js';

/**
 * Where a surface is in its life:
 * - `'unstarted'`: components may arrive, they wait for its start message (named by `end()` if it never comes);
 * - `'historyOnly'`: as unstarted, but its components came from `history` (not this response's to name);
 * - `'started'`: its start message went out (or `history` holds it) and the parser knows its tree;
 * - `'treeUnknown'`: created in an earlier turn and named only in `knownSurfaces` (or seeded from a
 *   `history` tree that `maxExpansion` cut): the renderer
 *   holds a tree the parser does not know, so every component counts as reachable and references
 *   stay as they are (no placeholder would replace a component the renderer may hold).
 */
export type SurfaceState = 'unstarted' | 'historyOnly' | 'started' | 'treeUnknown';

/**
 * What a turn's end left of a surface: `'gone'` (the client knows nothing of it), `'learned'` (its
 * tree is now known: the snapshots are taken again as the renderer holds the tree), `'kept'`.
 */
export type TurnEnd = 'gone' | 'learned' | 'kept';

/** A surface's lifecycle and root (see the module's comment). */
export abstract class SurfaceLifecycle {
  #state: SurfaceState = 'unstarted';
  #rootId: string | undefined;
  /** v0.8: the start message last sent, as JSON (a repeat that changes nothing is not sent). */
  #lastStart: string | undefined;
  /** History seeded it or data went out for it: the client may know it, started or not. */
  #reached = false;
  /** Tree-unknown because `knownSurfaces` named it (not because the parser lost track of a tree it knew). */
  #named = false;

  /** @param wire The wire format: its default root, and whether a start message may repeat. */
  constructor(readonly wire: Wire) {
    this.#rootId = wire.spec.defaultRoot;
  }

  /** The root changed: what is reachable must be found again. */
  protected abstract rootChanged(): void;

  /** A start message the renderer applied changed the root: the surface has a change to show. */
  protected abstract markChanged(): void;

  /** Where it is in its life. */
  get state(): SurfaceState {
    return this.#state;
  }

  /**
   * Seeding ended. Left unstarted, its components are not the response's to report. A component
   * the limits left out while seeding (`leftOut`: past `maxExpansion`) the renderer holds all the
   * same, so the tree is one the parser does not know, as `knownSurfaces` names one: the answer's
   * changes go out, and no placeholder replaces what the renderer shows.
   */
  seeded(leftOut: boolean): void {
    if (this.#state === 'unstarted') this.#state = 'historyOnly';
    else if (this.#state === 'started' && leftOut) this.#state = 'treeUnknown';
    if (leftOut) this.#named = false;
  }

  /** History seeded it, or data went out for it: the client may know it, started or not. */
  reachedClient(): void {
    this.#reached = true;
  }

  /**
   * A turn ended and the surface holds `components` the client holds: one never started holds
   * only what history gave it. Returns `'gone'` when the client knows nothing of it (then it goes),
   * `'learned'` when it named in `knownSurfaces` and the client now holds a root the parser sent (as
   * history holding it would, that makes its tree known: see {@link TurnEnd}).
   */
  protected turnEnded(components: number, rootHeld: boolean): TurnEnd {
    this.seeded(false);
    if (this.#state === 'historyOnly' && components === 0 && !this.#reached) return 'gone';
    if (!this.#named || !rootHeld) return 'kept';
    this.treeKnown();
    this.markChanged();
    return 'learned';
  }

  /** History holds its start message, or its root component: the parser knows its tree. */
  treeKnown(): void {
    if (this.#state !== 'treeUnknown') return;
    this.#state = 'started';
    this.#named = false;
    this.rootChanged();
  }

  /** A component of this response arrived: components history left unstarted are this response's again. */
  protected componentArrived(): void {
    if (this.#state === 'historyOnly') this.#state = 'unstarted';
  }

  /** Root component id; `undefined` until known (v0.8 waits for `beginRendering`). */
  get root(): string | undefined {
    return this.#rootId;
  }

  /** A components message (or one in `history`) names the root `id`. */
  nameRoot(id: string): void {
    this.#useRoot(id);
  }

  #useRoot(id: string): void {
    if (id === this.#rootId) return;
    this.#rootId = id;
    this.rootChanged();
  }

  /** Whether its start message went out (or the renderer has the surface from an earlier turn). */
  get started(): boolean {
    return this.#state === 'started' || this.#state === 'treeUnknown';
  }

  /** The start message `message` (root `root`, if a string) went out. */
  start(message: object, root: unknown): void {
    if (typeof root === 'string') this.#useRoot(root);
    else if (this.#rootId === undefined) this.#useRoot('root');
    this.#state = 'started';
    if (this.wire.startRepeats) this.#lastStart = JSON.stringify(message);
  }

  /**
   * Whether a start message for the started surface goes out again: only where a renderer applies
   * a repeat (v0.8), and only when it changes something; it then sets the root.
   */
  startsAgain(message: object, root: unknown): boolean {
    if (!this.wire.startRepeats) return false;
    const json = JSON.stringify(message);
    if (this.#lastStart === json) return false;
    this.#lastStart = json;
    this.setRoot(root);
    return true;
  }

  /** Sets the root from a start message in `history`, which the renderer applied. */
  setRoot(root: unknown): void {
    if (typeof root === 'string' && root !== this.#rootId) {
      this.#useRoot(root);
      this.markChanged();
    }
  }

  /** Named in `knownSurfaces` (root `root`, default `root`): the renderer holds a tree the parser does not know. */
  know(root: string | undefined): void {
    this.#state = 'treeUnknown';
    this.#named = true;
    this.#useRoot(root ?? this.#rootId ?? 'root');
  }

  /** The parser can no longer tell what the renderer holds of the tree (see `turn-end.ts`, `snapshot-queue.ts`): it stays tree-unknown. */
  treeLost(): void {
    this.#state = 'treeUnknown';
    this.#named = false;
  }
}
