/**
 * Cutting a token stream into statements as it streams. Newlines do not end statements; a
 * statement ends where the grammar says nothing can extend it: at depth 0, at a closing `)`, `]`,
 * `}`, a string or `true`/`false`/`null`; after an identifier, number, path, `_` or check, at the
 * next token unless that token is `(` (a call) or, after a lone target, `=` (an assignment).
 */
import { A2uiParseError, type A2uiError } from '../errors.js';
import { statementLimitError } from './statement-errors.js';
import type { Token } from './tokens.js';

/** Receives finished statements (their tokens) and the errors of cutting. */
export interface StatementSink {
  /** The tokens of one finished statement, in order. */
  statement(tokens: readonly Token[]): void;
  /**
   * A token that cannot start a statement, a statement past a limit (its tokens are dropped) or
   * one not finished when the input ends; `statement`: that statement's offset (not for a token).
   */
  error(error: A2uiError, statement?: number): void;
  /** A statement was dropped by a limit: the token being read need not be kept. Default: nothing. */
  dropped?(): void;
}

/** Limits of {@link StatementSplitter}. */
export interface StatementLimits {
  /** Most characters one statement may span. */
  readonly maxStatementLength: number;
  /** Deepest nesting of `(`, `[` and `{`. */
  readonly maxDepth: number;
}

const OPENING = new Set(['(', '[', '{']);
const ENDS_AT_ONCE = new Set([')', ']', '}', 'string', 'true', 'false', 'null']);
const MAY_GROW = new Set(['ident', 'number', 'path', 'check', 'skip']);
const CANNOT_START = new Set(['=', ',', ':', ')', ']', '}']);

/** Groups tokens into statements; each token is looked at once. */
export class StatementSplitter {
  #tokens: Token[] = [];
  #depth = 0;
  /** The last token (at depth 0) may end the statement, depending on the next one. */
  #pendingEnd = false;
  /** Tokens are being dropped until the statement past a limit ends. */
  #dropping = false;
  #startOffset = 0;
  /** Commas read at depth 1 in the open statement (a call's arguments before the one being read). */
  #commas = 0;

  readonly #sink: StatementSink;
  readonly #limits: StatementLimits;

  constructor(sink: StatementSink, limits: StatementLimits) {
    this.#sink = sink;
    this.#limits = limits;
  }

  /** Whether a statement has started and not ended. */
  get open(): boolean {
    return this.#tokens.length > 0 || this.#dropping;
  }

  /** The tokens of the open statement so far (the same array until it ends; empty while dropping). */
  get openTokens(): readonly Token[] {
    return this.#tokens;
  }

  /** Bracket depth in the open statement. */
  get openDepth(): number {
    return this.#depth;
  }

  /** Commas read at depth 1 in the open statement: in `x = T(a, b, …`, the arguments before the current one. */
  get openCommas(): number {
    return this.#commas;
  }

  /** Takes the next token. */
  token(token: Token): void {
    if (this.#pendingEnd) {
      const last = this.#tokens[this.#tokens.length - 1];
      const call = token.kind === '(' && (last?.kind === 'ident' || last?.kind === 'check');
      const assign = token.kind === '=' && this.#tokens.length === 1 && (last?.kind === 'ident' || last?.kind === 'path');
      this.#pendingEnd = false;
      if (!call && !assign) this.#finish();
    }
    if (!this.open) {
      if (CANNOT_START.has(token.kind)) {
        this.#sink.error(
          new A2uiParseError(`Line ${token.line}: unexpected '${token.text}'`, { offset: token.offset, line: token.line, column: token.column }),
        );
        return;
      }
      this.#startOffset = token.offset;
    }
    if (!this.#dropping) this.#tokens.push(token);
    if (token.kind === ',' && this.#depth === 1) this.#commas++;
    if (OPENING.has(token.kind)) this.#depth++;
    else if (token.kind === ')' || token.kind === ']' || token.kind === '}') this.#depth--;
    if (!this.#dropping) this.#checkLimits(token);
    if (this.#depth <= 0) {
      this.#depth = 0;
      if (ENDS_AT_ONCE.has(token.kind)) this.#finish();
      else if (MAY_GROW.has(token.kind)) this.#pendingEnd = true;
    }
  }

  /**
   * Checks the limits at `position` (characters read so far): a statement longer than allowed is
   * reported and dropped even while its current token is still being read.
   */
  checkLength(position: number): void {
    const first = this.#tokens[0];
    if (this.#dropping || first === undefined) return;
    if (position - this.#startOffset > this.#limits.maxStatementLength)
      this.#drop(first, `longer than ${this.#limits.maxStatementLength} characters`, `maxStatementLength is ${this.#limits.maxStatementLength}`);
  }

  /** Ends the input: a statement that may end here does; one still open is a parse error. */
  end(): void {
    if (this.#pendingEnd || this.#dropping) {
      this.#pendingEnd = false;
      this.#finish();
      return;
    }
    const first = this.#tokens[0];
    if (first !== undefined) {
      this.#tokens = [];
      this.#depth = 0;
      this.#commas = 0;
      this.#sink.error(
        new A2uiParseError(`Line ${first.line}: the statement${nameOf([first])} is not finished at the end of the block`, {
          offset: first.offset,
          line: first.line,
          column: first.column,
        }),
        first.offset,
      );
    }
  }

  #checkLimits(token: Token): void {
    const first = this.#tokens[0] as Token;
    if (this.#depth > this.#limits.maxDepth) this.#drop(first, `nested deeper than ${this.#limits.maxDepth} levels`, `maxDepth is ${this.#limits.maxDepth}`);
    else if (token.offset + token.text.length - this.#startOffset > this.#limits.maxStatementLength) {
      this.#drop(first, `longer than ${this.#limits.maxStatementLength} characters`, `maxStatementLength is ${this.#limits.maxStatementLength}`);
    }
  }

  #drop(first: Token, why: string, limit: string): void {
    this.#sink.error(
      statementLimitError(`Line ${first.line}: the statement${nameOf(this.#tokens)} is ${why}; it is skipped`, limit, {
        offset: first.offset,
        line: first.line,
        column: first.column,
      }),
      first.offset,
    );
    this.#dropping = true;
    this.#tokens = [];
    this.#commas = 0;
    this.#sink.dropped?.();
  }

  #finish(): void {
    const tokens = this.#tokens;
    const dropped = this.#dropping;
    this.#tokens = [];
    this.#dropping = false;
    this.#depth = 0;
    this.#commas = 0;
    if (!dropped && tokens.length > 0) this.#sink.statement(tokens);
  }
}

/** ` 'name'` for a statement that assigns `name`, else empty. */
export function nameOf(tokens: readonly Token[]): string {
  const [first, second] = tokens;
  return first !== undefined && second?.kind === '=' ? ` '${first.kind === 'path' ? `$${first.text}` : first.text}'` : '';
}
