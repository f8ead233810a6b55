/**
 * The bound on what Express expands to (issue #37): value variables substituted into variables
 * multiply what a few characters compile to (`v1 = [v0, v0]` … `v14 = [v13, v13]`: 12 characters
 * `$/x = v14` were 32,767 values, ~115 KB). Every value and component a statement compiles to is
 * counted in bytes as it is built (a string by its JSON length each time it is placed), against
 * {@link EXPANSION_FLOOR} plus {@link EXPANSION_BYTES_PER_CHAR} per character of Express read,
 * and so is the envelope of each data update sent one by one (its surface id repeated: decision E3).
 * One budget serves one parser (all its blocks) or one `compileExpress`/`parseExpressResponse` call.
 */
import type { A2uiValidationError } from '../errors.js';
import { statementLimitError } from './statement-errors.js';
import type { Expr } from './syntax.js';

/** Bytes of values and components Express may compile to per character of Express read. */
export const EXPANSION_BYTES_PER_CHAR = 4;
/** Bytes of values and components Express may compile to however little was read: short answers of many tiny surfaces (a one-`Text` surface is some 7 times its statements) go through whole. */
export const EXPANSION_FLOOR = 8192;

/**
 * Bytes of the messages a block sends around what its statements compile to, their strings (surface
 * id, catalog id, path) and values left out: `{"version":"v1.0","createSurface":{"surfaceId":,"catalogId":}}`
 * (`create`), a surface's components message (`components`), a data update sent on its own (`data`),
 * `deleteSurface` (`delete`), and the `"version":"v1.0",` a message adds to its body (`version`). An
 * Express statement is shorter than them: a block creating, filling and deleting many small
 * surfaces sent 5 to 9 times its input when only the values and components were counted.
 */
export const ENVELOPE = { create: 62, components: 68, data: 68, delete: 49, version: 17 } as const;

/** Thrown by a compile that went past its room (`bytes` compiled, `room` it had): the statement is left out. */
export class OverBudget {
  constructor(
    readonly bytes: number,
    readonly room: number,
  ) {}
}

/** What Express compiled so far against what it may (see the module comment). */
export class ExpansionBudget {
  /** Characters of the blocks read to their end before the current one. */
  #before = 0;
  /** Bytes of the statements and envelopes that went out. */
  #spent = 0;
  /** Those, and the bytes walked by statements left out past their room (the work the budget allows twice). */
  #worked = 0;
  /** Whether a statement left out by this budget was reported (the later ones are not, each). */
  #reported = false;

  /**
   * Bytes a statement compiled `position` characters into the current block may take: what is
   * left of the allowance, and of twice the allowance for the work (a statement left out walked
   * as far as its room, so each later one cannot walk as far again: time linear in the input).
   */
  room(position: number): number {
    const allowance = EXPANSION_FLOOR + EXPANSION_BYTES_PER_CHAR * (this.#before + position);
    return Math.min(allowance - this.#spent, 2 * allowance - this.#worked);
  }

  /**
   * A statement compiled `position` characters into the current block went past its room: the
   * error reporting it, for the first such statement; `undefined` for the later ones (left out
   * without an error each, so that a flood of them is not a flood of errors).
   */
  exceeded({ bytes, room }: OverBudget, position: number): A2uiValidationError | undefined {
    if (this.#reported) return undefined;
    this.#reported = true;
    const read = this.#before + position;
    return statementLimitError(
      `the statement expands to more than ${bytes} bytes, past the ${room} left of the expansion budget ` +
        `(${EXPANSION_BYTES_PER_CHAR} bytes per character of Express read, ${read}, plus ${EXPANSION_FLOOR}); ` +
        'it is left out, and so is every later statement past the budget, without an error each',
      'the expansion budget',
    );
  }

  /** A statement that stands compiled to `bytes`. */
  spend(bytes: number): void {
    this.#spent += bytes;
    this.#worked += bytes;
  }

  /** A statement left out after walking `bytes` past its room: work, nothing sent. */
  walked(bytes: number): void {
    this.#worked += bytes;
  }

  /**
   * The envelope of a message about to go out for a statement `position` characters into the
   * current block (`bytes`: its surface id, path and keys, see {@link ENVELOPE}), spent; past the
   * room, {@link OverBudget}.
   */
  envelope(bytes: number, position: number): void {
    const room = this.room(position);
    if (bytes > room) throw new OverBudget(bytes, room);
    this.spend(bytes);
  }

  /** The current block ended after `chars` characters. */
  blockEnded(chars: number): void {
    this.#before += chars;
  }
}

/** JSON lengths of string literals, measured once however often they are placed. */
const stringBytes = new WeakMap<Expr, number>();

/** The JSON length of `value`, a string (the value of `expr` when `expr` is given: measured once per literal). */
export function jsonStringBytes(value: string, expr?: Expr): number {
  if (expr === undefined) return JSON.stringify(value).length;
  let bytes = stringBytes.get(expr);
  if (bytes === undefined) {
    bytes = JSON.stringify(value).length;
    stringBytes.set(expr, bytes);
  }
  return bytes;
}

/** The reader option (not in the public `ExpressReaderOptions`) naming the budget a reader counts against: a shared one. */
export const BUDGET = Symbol('expansion budget');

/** Reader options with a budget of their own. */
export type BudgetedOptions<T> = T & { readonly [BUDGET]?: ExpansionBudget };

/** `options`, counting against `budget` (shared by the readers given it). */
export function withBudget<T extends object>(options: T | undefined, budget: ExpansionBudget): BudgetedOptions<T> {
  return { ...(options as T), [BUDGET]: budget };
}
