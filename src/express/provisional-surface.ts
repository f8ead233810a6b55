/**
 * The surface a look at the open statement created (its `createSurface` goes out with the
 * statement's first partial, `open-component.ts`) before anything of the surface stood. Read
 * whole, that statement creates nothing unless it stands; so if it fails (it does not read or
 * compile, waits for a variable never assigned, is dropped by a limit or cut by the block's end),
 * the surface is taken back, and whole = streamed (issue #37, item 9). One shown as it stands when
 * it fails (a block cut inside its string, shown as far as it was read) keeps it, as whole.
 */
import type { Token } from './tokens.js';

/** What of a surface scope the creation concerns. */
export interface ScopeCreation {
  readonly surfaceId: string;
  /** Its surface exists (this block sent its `createSurface`, or it was known). */
  created: boolean;
  /** This block sent its `createSurface`: it owes the surface its `root`. */
  startedHere: boolean;
}

/** Where a statement is: its first token and its index in the block. */
export interface StatementAt {
  readonly first: Token;
  readonly index: number;
}

/** The one surface (at most) created provisionally: see the module comment. */
export class ProvisionalSurface<S extends ScopeCreation> {
  #held: (StatementAt & { readonly scope: S; shownAt: number }) | undefined;

  /**
   * The open statement `at` of `scope` shows as it stands, `position` characters into the block;
   * `create` creates the surface (sends its `createSurface`) when it does not exist yet.
   */
  shown(scope: S, at: StatementAt, position: number, create: () => void): void {
    if (!scope.created) {
      create();
      this.#held = { scope, ...at, shownAt: position };
    } else if (this.#held?.first === at.first) this.#held.shownAt = position;
  }

  /** A message of `scope` goes out (a statement of it stands): its surface is kept. */
  stood(scope: S): void {
    if (this.#held?.scope === scope) this.#held = undefined;
  }

  /**
   * The statement at offset `statement` failed, `position` characters into the block: the scope
   * whose surface is taken back (now marked not created) and the statement that created it, or
   * `undefined` when none is.
   */
  failed(statement: number, position: number): (StatementAt & { readonly scope: S }) | undefined {
    const held = this.#held;
    if (held?.first.offset !== statement || held.shownAt === position) return undefined;
    this.#held = undefined;
    if (!held.scope.created) return undefined;
    held.scope.created = false;
    held.scope.startedHere = false;
    return held;
  }
}
