/**
 * What the Express reader keeps per surface scope and per statement waiting for a variable.
 */
import type { Catalog } from '../catalog/model.js';
import type { CatalogInfo } from './catalog-info.js';
import type { Binding } from './compile-context.js';
import type { ValueCompiler } from './compile-values.js';
import type { ScopeCreation } from './provisional-surface.js';
import type { Statement } from './syntax.js';
import type { Token } from './tokens.js';

/** A statement read: run at once, or waiting for the variables it names. */
export interface Held {
  readonly statement: Statement;
  readonly first: Token;
  readonly index: number;
  readonly name: string;
  /** What the statement assigns (`name` or `$/path`), if anything. */
  readonly target: string | undefined;
  /** A later statement assigned the same target: this one must not run any more. */
  stale: boolean;
  /** The unassigned variables it waits for, and how many of them are still unassigned. */
  names: readonly string[];
  missing: number;
}

/** One surface scope of a block (`surface(…)` opens one): its catalog, its variables, the statements waiting for one. */
export interface Scope extends ScopeCreation {
  readonly surfaceId: string;
  readonly catalog: Catalog;
  readonly info: CatalogInfo;
  readonly vars: Map<string, Exclude<Binding, undefined>>;
  readonly waiting: Map<string, Held[]>;
  /** The statement waiting for a variable, per target it assigns. */
  readonly heldByTarget: Map<string, Held>;
  readonly compiler: ValueCompiler;
}
