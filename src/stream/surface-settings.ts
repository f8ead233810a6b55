/**
 * What configures a surface: the settings every surface of one parser shares, and how one
 * snapshot of it is taken. `Surface` fills in `S` (its own type, kept out of this module so the
 * modules that take snapshots need not import the surface).
 */
import type { ComponentBudget } from './held-components.js';
import type { StreamParserOptions } from './options.js';
import type { Gates, PlaceholderRoom, Snapshots } from './snapshots.js';
import type { Wire } from './wire.js';

/** Settings shared by every surface `S` of one parser. */
export interface SettingsOf<S> {
  readonly wire: Wire;
  readonly validate: boolean;
  /** Makes the surface's snapshot mode (chosen once per parser from the `snapshots` option). */
  readonly snapshots: (surface: S, gates: Gates) => Snapshots;
  /** Makes the surface's gates of rules 10 and 11 (`readiness.ts`'s `liveGates`). */
  readonly gates: (surface: S) => Gates;
  readonly maxComponentsPerSurface: number;
  readonly maxExpansion: number;
  /** The components every surface of the parser holds together, against `maxComponents` (one object, shared). */
  readonly held: ComponentBudget;
  readonly placeholder: StreamParserOptions['placeholder'];
  /** Keep which components each turn changes (the `turns` option). */
  readonly turns: boolean;
}

/** How a snapshot is taken (see `Surface.snapshot`). */
export interface SnapshotOptions {
  /** A components message completed: its surface's root must have arrived. Default `false`. */
  readonly checkRoot?: boolean;
  /** Characters of the block read, after a piece of input: a snapshot that only lengthens text on screen may wait. Default: none (it goes out now). */
  readonly at?: number;
  /** Rules 10 and 11 for this snapshot. Default: the surface's own (`history` seeds with `SEEDING_GATES`). */
  readonly gates?: Gates;
  /** What the output budget allows placeholders (rule 10). Default: no bound. */
  readonly room?: PlaceholderRoom;
  /** A message of the surface completed (see `TakeRequest.completed`). Default `false`. */
  readonly completed?: boolean;
  /**
   * With `completed`: the output holds the surface's last snapshot back, so this one would only
   * replace it. Where forms name their missing children (full snapshots), the tree is then checked
   * but not laid out, and the surface stays changed for the next snapshot (one per arriving child
   * laid out a parent of n children each time: time quadratic in the input). Default `false`.
   */
  readonly held?: boolean;
}
