import { TokenType } from '@streamparser/json';
import type { ParsedTokenInfo } from '@streamparser/json';

/** A JSON object or array under construction or complete. */
export type JsonContainer = Record<string, unknown> | unknown[];

/** What an open container expects next. */
export enum Expect {
  /** Object: a key or `}`. */
  KeyOrEnd,
  /** Object: `:` after a key. */
  Colon,
  /** Object: the value of the key just read; array: an item or `]`. */
  Value,
  /** After a value: `,` or the closing bracket. */
  CommaOrEnd,
}

/**
 * One open container. Values are attached to their parent when they complete, so an open
 * container's own `container` holds only complete children; the child being read is the next
 * frame up the stack.
 */
export interface Frame {
  /** The container's complete children so far (never includes the open child). */
  readonly container: JsonContainer;
  /** Whether `container` is an array. */
  readonly isArray: boolean;
  /** Key (objects) or index (arrays) of this container in its parent; `undefined` at top level. */
  readonly keyInParent: string | number | undefined;
  /** Objects: the key whose value is being read, once read. */
  key: string | undefined;
  /** The token this container expects next. */
  expect: Expect;
}

/** Receives values as they complete. */
export interface BuilderHandler {
  /**
   * A value completed: a scalar or a closed container. `parents` are the open containers around
   * it, outermost first (empty for a top-level value); `key` is its key or index in the innermost.
   * A closed container is never modified afterwards, so it can be shared.
   */
  onValue(value: unknown, parents: readonly Frame[], key: string | number | undefined): void;
  /** A container opened; `frames` includes it as the last element. */
  onOpen?(frames: readonly Frame[]): void;
}

/** Thrown for a token that cannot stand where it does; the reader adds the position. */
export class UnexpectedTokenError extends Error {
  constructor(
    readonly token: ParsedTokenInfo,
    readonly expected: string,
  ) {
    super(`Expecting ${expected}`);
  }
}

/** Thrown when nesting exceeds the configured depth. */
export class DepthExceededError extends Error {
  constructor(readonly maxDepth: number) {
    super(`JSON nesting deeper than ${maxDepth}`);
  }
}

/**
 * Builds JSON values from `@streamparser/json` tokens, one top-level value at a time, keeping the
 * stack of open containers visible so the streaming core can look at the partial value. It takes
 * complete tokens only: what a value still being read holds is the repair stage's to tell (a
 * partial token would have the tokenizer convert its whole text again at every chunk).
 */
export class IncrementalBuilder {
  /** Open containers, outermost first. */
  readonly frames: Frame[] = [];
  /** Whether a complete top-level value has been built since {@link reset}. */
  done = false;
  /**
   * Counts the values opened and completed (never reset), objects closing aside: while it stays
   * the same, a healed copy of an open value can differ only by its cut. (A healed copy shows an
   * open object closed as it stands, so its real close changes no healed copy; an array's close
   * is counted, as the streaming core marks an open child list.)
   */
  revision = 0;
  readonly #handler: BuilderHandler;
  readonly #maxDepth: number;
  readonly #takeString: (() => string) | undefined;
  readonly #numberAt: ((offset: number) => number | undefined) | undefined;

  /**
   * @param maxDepth Deepest nesting accepted. Default unlimited.
   * @param takeString Supplies each string's value, in order, when the tokenizer reads strings
   *   empty because the repair stage decoded them (see `RepairSink.stringValue`). Default: the
   *   tokenizer's values.
   * @param numberAt The value of the number token at a byte offset when the repair stage kept
   *   part of its digits from the tokenizer (see `RepairSink.numberValue`), else `undefined`.
   */
  constructor(handler: BuilderHandler, maxDepth: number = Infinity, takeString?: () => string, numberAt?: (offset: number) => number | undefined) {
    this.#handler = handler;
    this.#maxDepth = maxDepth;
    this.#takeString = takeString;
    this.#numberAt = numberAt;
  }

  /** Forgets the current value, ready for the next top-level value. */
  reset(): void {
    this.frames.length = 0;
    this.done = false;
  }

  /** Consumes one token. */
  onToken(info: ParsedTokenInfo): void {
    const top = this.frames[this.frames.length - 1];
    switch (info.token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        this.#expectValue(top, info);
        this.#open(info.token === TokenType.LEFT_BRACKET, top);
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.#close(info, top);
        return;
      case TokenType.COLON:
        if (!top || top.isArray || top.expect !== Expect.Colon) throw new UnexpectedTokenError(info, "','");
        top.expect = Expect.Value;
        return;
      case TokenType.COMMA:
        if (!top || top.expect !== Expect.CommaOrEnd) throw new UnexpectedTokenError(info, 'value');
        top.expect = top.isArray ? Expect.Value : Expect.KeyOrEnd;
        return;
      case TokenType.STRING: {
        const value = this.#takeString ? this.#takeString() : (info.value as string);
        if (top && !top.isArray && top.expect === Expect.KeyOrEnd) {
          top.key = value;
          top.expect = Expect.Colon;
          return;
        }
        this.#expectValue(top, info);
        this.#complete(value, top);
        return;
      }
      case TokenType.SEPARATOR:
        return;
      case TokenType.NUMBER:
        this.#expectValue(top, info);
        this.#complete(this.#numberAt?.(info.offset) ?? info.value, top);
        return;
      default:
        this.#expectValue(top, info);
        this.#complete(info.value, top);
    }
  }

  #expectValue(top: Frame | undefined, info: ParsedTokenInfo): void {
    if (top ? top.expect !== Expect.Value : this.done) {
      throw new UnexpectedTokenError(info, top && !top.isArray && top.expect === Expect.KeyOrEnd ? 'property name enclosed in double quotes' : "',' delimiter");
    }
  }

  #open(isArray: boolean, parent: Frame | undefined): void {
    if (this.frames.length >= this.#maxDepth) throw new DepthExceededError(this.#maxDepth);
    this.revision++;
    const keyInParent = parent ? (parent.isArray ? (parent.container as unknown[]).length : parent.key) : undefined;
    this.frames.push({
      container: isArray ? [] : {},
      isArray,
      keyInParent,
      key: undefined,
      expect: isArray ? Expect.Value : Expect.KeyOrEnd,
    });
    this.#handler.onOpen?.(this.frames);
  }

  #close(info: ParsedTokenInfo, top: Frame | undefined): void {
    const isArrayToken = info.token === TokenType.RIGHT_BRACKET;
    const closable =
      top &&
      top.isArray === isArrayToken &&
      (top.expect === Expect.CommaOrEnd || (isArrayToken ? top.expect === Expect.Value : top.expect === Expect.KeyOrEnd));
    if (!closable) throw new UnexpectedTokenError(info, isArrayToken ? "',' delimiter" : "'}'");
    this.frames.pop();
    this.#complete(top.container, this.frames[this.frames.length - 1], isArrayToken);
  }

  /**
   * Attaches a completed value to its parent and reports it.
   * @param counts Whether it changes what a healed copy shows (see {@link revision}).
   */
  #complete(value: unknown, parent: Frame | undefined, counts = true): void {
    if (counts) this.revision++;
    let key: string | number | undefined;
    if (!parent) {
      this.done = true;
    } else if (parent.isArray) {
      const list = parent.container as unknown[];
      key = list.length;
      list.push(value);
      parent.expect = Expect.CommaOrEnd;
    } else {
      key = parent.key as string;
      setOwn(parent.container as Record<string, unknown>, key, value);
      parent.key = undefined;
      parent.expect = Expect.CommaOrEnd;
    }
    this.#handler.onValue(value, this.frames, key);
  }
}

/** Sets `object[key]` as an own data property, also for `__proto__` (as `JSON.parse` does). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}
