/**
 * What compiling a statement needs from its surroundings and what it says back: the scope's
 * catalog, what each variable stands for, repairs, and the statements that must wait.
 */
import type { CatalogInfo } from './catalog-info.js';
import type { ExpressRepairKind } from './repairs.js';
import type { Expr } from './syntax.js';

/**
 * Thrown when value positions name variables not assigned yet: the statement waits for them. One
 * compile run collects every such name it reaches, so a statement is not recompiled once per name.
 */
export class Unresolved {
  constructor(readonly names: readonly string[]) {}
}

/** What a variable name stands for when a statement is compiled. */
export type Binding = { readonly kind: 'component' } | { readonly kind: 'value'; readonly expr: Expr } | undefined;

/** What compiling needs from its surroundings. */
export interface ValueContext {
  /** The scope's catalog. */
  readonly info: CatalogInfo;
  /** Whether to validate each component against its type's schema. */
  readonly validate: boolean;
  /** Maximum nesting of variable substitution and inline components. */
  readonly maxDepth: number;
  /** The string properties that may show cut while they stream. */
  readonly cuttableKeys: ReadonlySet<string>;
  /** What a name stands for. */
  lookup(name: string): Binding;
  /** Reports a repair. */
  repair(kind: ExpressRepairKind, message: string): void;
  /** Bytes the statement being compiled may take: what the expansion budget has left (`expansion-budget.ts`). */
  room(): number;
  /** The statement compiled to `bytes` (ignored for a look at a statement still being read, as repairs are). */
  spend(bytes: number): void;
  /** The statement went past its room after walking `bytes`: work, nothing sent (ignored for a look, as `spend`). */
  walked(bytes: number): void;
}

/** Most values one statement may compile to: a bound on what substituting variables can multiply. */
export const MAX_NODES = 100_000;
