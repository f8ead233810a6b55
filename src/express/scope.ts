/**
 * What the Express reader keeps per surface scope and per statement waiting for a variable.
 */
import type { Catalog } from '../catalog/model.js';
import { A2uiValidationError } from '../errors.js';
import type { CatalogInfo } from './catalog-info.js';
import type { Binding } from './compile-context.js';
import type { ValueCompiler } from './compile-values.js';
import { ENVELOPE } from './expansion-budget.js';
import { PendingData } from './pending-data.js';
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
  /** The surface id's length as JSON, measured once: each data update sent on its own repeats it (its envelope, `expansion-budget.ts`). */
  readonly idBytes: number;
  readonly catalog: Catalog;
  readonly info: CatalogInfo;
  readonly vars: Map<string, Exclude<Binding, undefined>>;
  readonly waiting: Map<string, Held[]>;
  /** The statement waiting for a variable, per target it assigns. */
  readonly heldByTarget: Map<string, Held>;
  readonly compiler: ValueCompiler;
  /** The data assignments gathered while a surface this block created shows no component (`pending-data.ts`); `undefined` once it does. */
  pending?: PendingData<Held> | undefined;
  /** A component statement of the scope stood: the envelope of its surface's components message is counted (`ENVELOPE`). */
  componentsCounted: boolean;
}

/** Bytes of the `createSurface` message of `scope`'s surface (`ENVELOPE`). */
export function createBytes(scope: Scope): number {
  return ENVELOPE.create + scope.idBytes + JSON.stringify(scope.catalog.id).length;
}

/**
 * The statements of `scope` still waiting for a variable at the block's end, once each, with the
 * error naming the variables never assigned; the scope then holds none.
 */
export function stillWaiting(scope: Scope): { held: Held; error: A2uiValidationError }[] {
  const out = new Map<Held, A2uiValidationError>();
  for (const list of scope.waiting.values()) {
    for (const held of list) {
      if (held.stale || out.has(held)) continue;
      const names = held.names.filter((n) => !scope.vars.has(n)).map((n) => `'${n}'`);
      out.set(held, new A2uiValidationError(`${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} never assigned a value`));
    }
  }
  scope.waiting.clear();
  scope.heldByTarget.clear();
  return [...out].map(([held, error]) => ({ held, error }));
}

/** The scopes of a block: all of them, the one each surface id was last opened in, those gathering data. */
export class Scopes {
  /** Every scope, in the order opened (their errors are reported at the block's end). */
  readonly all: Scope[] = [];
  /** Per surface id, the scope last opened: an earlier one of the id is done with (what waits in it waits for a variable of its own). */
  readonly #latest = new Map<string, Scope>();
  readonly #gathering = new Set<Scope>();

  /** `scope`, just opened: the latest of its surface id. */
  add(scope: Scope): void {
    this.all.push(scope);
    this.#latest.set(scope.surfaceId, scope);
  }

  /** The scope `surfaceId` was last opened in. */
  latest(surfaceId: string): Scope | undefined {
    return this.#latest.get(surfaceId);
  }

  /** `scope` (whose surface the block just created) gathers its data assignments (`pending-data.ts`). */
  gather(scope: Scope): void {
    scope.pending = new PendingData();
    this.#gathering.add(scope);
  }

  /** What `scope` gathered, taken out; it gathers no more. */
  take(scope: Scope): ReturnType<PendingData<Held>['take']> {
    const data = scope.pending?.take();
    scope.pending = undefined;
    this.#gathering.delete(scope);
    return data;
  }

  /** The scopes gathering now. */
  gathering(): Scope[] {
    return [...this.#gathering];
  }
}
