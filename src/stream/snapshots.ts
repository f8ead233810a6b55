/**
 * What a snapshot mode is: the one interface both modes implement, one object per surface, made
 * by the mode the parser chose once from its `snapshots` option. `'full'` re-sends the reachable
 * tree (`full-snapshots.ts`), `'delta'` only what changed (`delta-snapshots.ts`).
 */
import type { WireComponent } from '../validate/graph.js';

/** A component as it goes out, with the placeholder ids its form needs. */
export interface FormEntry {
  readonly form: WireComponent;
  readonly missing: readonly string[];
}

/**
 * Rules 10 and 11 of `readiness.ts` for one snapshot: the live gates of a surface (its catalog and
 * placeholders, made by `readiness.ts`'s `liveGates`), or history's (`SEEDING_GATES`).
 */
export interface Gates {
  /** Whether the surface's catalog accepts `form`. */
  valid(form: WireComponent): boolean;
  /** Whether missing child `id` has a placeholder the catalog accepts. */
  placeable(id: string): boolean;
  /** Whether delta snapshots send placeholders for missing children at all. */
  readonly placeholders: boolean;
}

/** One snapshot to take: what the graph's refresh found, and how the forms are judged. */
export interface TakeRequest {
  /** The ids that became reachable. */
  readonly added: readonly string[];
  /** The reachable set's version before the refresh. */
  readonly versionBefore: number;
  /**
   * Characters of the block read, when the snapshot may wait: delta snapshots then hold back one
   * that only lengthens text on screen (see `delta-snapshots.ts`).
   */
  readonly at: number | undefined;
  readonly gates: Gates;
  /** What the output budget allows placeholders: past it, a parent that needs new ones waits (rule 10). */
  readonly room: PlaceholderRoom;
  /** A message of the surface completed: not a point where what waits must go out (a chunk's end, a block's close, the response's end). */
  readonly completed: boolean;
}

/** No output budget: placeholders are not counted. */
export const NO_BOUND: PlaceholderRoom = Object.freeze({ allowance: Number.POSITIVE_INFINITY, spent: 0 });

/**
 * What the output budget (`held-resends.ts`) allows placeholders in a response (one object per
 * response): as many as `allowance` bytes of them, shared by the surfaces; full snapshots count the
 * placeholders of each surface's last tree, delta snapshots each placeholder once as it is sent.
 */
export interface PlaceholderRoom {
  /** Bytes of counted output the response may have sent so far (`Infinity`: no budget). */
  readonly allowance: number;
  /** Bytes of placeholders counted in the response. */
  spent: number;
}

/**
 * A parent waiting for children that have no placeholder (rule 10), the children, and `'budget'`
 * when the catalog has placeholders for them but the output budget has no room (delta snapshots).
 */
export type WaitingParent = [id: string, children: string[], why?: 'budget'];

/** What a snapshot mode does for one surface. */
export interface Snapshots {
  /** Whether a form names each missing child by its placeholder's id, so a parent's form changes when the child arrives. */
  readonly namesMissing: boolean;
  /** Component `component` as it goes out, given the references that have not arrived and whether its child list streams. */
  entryOf(component: WireComponent, absent: readonly string[], openList: boolean): FormEntry;
  /** The component that went out as `sent` (full snapshots name a missing child by its placeholder's id). */
  componentOf(sent: WireComponent): WireComponent;
  /** Component `id` was put (`isNew`: its first form). */
  noteChange(id: string, isNew?: boolean): void;
  /** The components to send now (rules 10–13 of `readiness.ts`); `undefined`: nothing. */
  take(request: TakeRequest): WireComponent[] | undefined;
  /** Whether the last {@link take} held back what it would have sent (it goes out with the next one). */
  readonly waits: boolean;
  /** The reachable parents waiting for children that have no placeholder, each with what it waits for. */
  waiting(): WaitingParent[];
  /** Before the surface changes: brings back what was put aside. */
  wake(): void;
  /** A block that looked at the surface closed (`busy`: so did the one before): lets go of what was sent as it is. */
  release(busy: boolean): void;
  /** A block closed without looking at the surface, after one that did. */
  sleep(): void;
  /** Forgets what is laid out (a roll-back, another catalog). */
  reset(): void;
}

/**
 * Stands for a component that was sent as it is and then let go of when its block closed: its id
 * and references are kept (reachability), its object is not (memory).
 */
export const RELEASED: WireComponent = Object.freeze({});
