import { Tokenizer, TokenizerError } from '@streamparser/json';
import { A2uiError, A2uiLimitError, A2uiParseError } from '../errors.js';
import { DepthExceededError, IncrementalBuilder, UnexpectedTokenError } from './builder.js';
import type { BuilderHandler, Frame, JsonContainer } from './builder.js';
import { describeCut, heal } from './heal.js';
import type { AllowCutString, Cut, HealPolicy } from './heal.js';
import { LenientRepairer, LexError } from './repair.js';
import type { InputPosition, LexState } from './repair.js';
import type { RepairOptions } from './repair-sink.js';
import { skippedTextError } from './skipped-text.js';

/** Options of {@link JsonBlockReader}. */
export interface BlockReaderOptions extends RepairOptions {
  /** Deepest nesting accepted; deeper input throws `A2uiLimitError`. Default 256. */
  maxDepth?: number;
}

/** Bytes of a number the tokenizer gathers before it decodes them (numbers are rarely longer). */
const NUMBER_BUFFER_SIZE = 1024;

/** Default for {@link BlockReaderOptions.maxDepth}. */
export const DEFAULT_MAX_DEPTH = 256;

/**
 * Reads the JSON inside one block incrementally: the lenient repair stage, then
 * `@streamparser/json`'s tokenizer (a fresh one per top-level value), then the
 * {@link IncrementalBuilder}. Values are reported to the handler as they complete; the open part
 * can be inspected at any time with {@link frames}, {@link cut} and {@link heal}.
 *
 * Read errors are `A2uiParseError`s with `line`, `column` and `offset` into the block; after one,
 * the reader is spent (create a new one for the next block).
 */
export class JsonBlockReader {
  readonly #repairer: LenientRepairer;
  readonly #builder: IncrementalBuilder;
  #tokenizer: Tokenizer | undefined;
  /** UTF-8 bytes written to the current tokenizer before the chunk being read. */
  #bytesBeforeChunk = 0;
  #bytesThisChunk = 0;
  /** The repair state at the start of the chunk being read (rewritten per chunk). */
  #chunkStart: LexState | undefined;
  #chunk = '';
  /**
   * Strings decoded by the repair stage, waiting for the tokenizer's (empty) string tokens: the
   * first `stringCount` of the reused array, taken from `nextString` on.
   */
  readonly #strings: string[] = [];
  #stringCount = 0;
  #nextString = 0;
  /** Numbers whose digits the repair stage kept from the tokenizer in part, by byte offset in the current value. */
  readonly #numbers = new Map<number, string>();
  /** Number of complete top-level values read. */
  valueCount = 0;

  constructor(handler: BuilderHandler, options: BlockReaderOptions = {}) {
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.#builder = new IncrementalBuilder(
      handler,
      maxDepth,
      () => this.#takeString(),
      (offset) => this.#numberAt(offset),
    );
    this.#repairer = new LenientRepairer(
      {
        startValue: () => this.#startValue(),
        write: (bytes) => this.#write(bytes),
        endValue: () => this.#endValue(),
        stringValue: (value) => {
          this.#strings[this.#stringCount++] = value;
        },
        numberValue: (offset, text) => {
          this.#numbers.set(offset, text);
        },
      },
      { ...options, maxDepth },
    );
  }

  /** Open containers of the current top-level value, outermost first. */
  get frames(): readonly Frame[] {
    return this.#builder.frames;
  }

  /** Whether the input so far ends inside a top-level value. */
  get inValue(): boolean {
    return this.#repairer.depth > 0;
  }

  /** Reads the next piece of block content. */
  push(text: string): void {
    this.#chunkStart = this.#repairer.snapshot(this.#chunkStart);
    this.#chunk = text;
    this.#bytesThisChunk = 0;
    try {
      this.#repairer.push(text);
    } catch (error) {
      throw this.#toA2uiError(error);
    }
    this.#bytesBeforeChunk += this.#bytesThisChunk;
  }

  /** Where the input stopped, seen from the innermost open container. */
  cut(): Cut {
    return describeCut(this.#builder.frames, this.#repairer);
  }

  /**
   * A healed copy of the open container `frames[index]` (see {@link heal}).
   * @param cut Where the input stopped (default: {@link cut}, for callers that already asked).
   */
  heal(index: number, policy: HealPolicy, allowString: AllowCutString, cut = this.cut()): JsonContainer | undefined {
    return heal(this.#builder.frames, index, cut, policy, allowString);
  }

  /**
   * Changes whenever a value opens or completes, objects closing aside (see
   * {@link IncrementalBuilder.revision}): while it stays the same, a healed copy of an open value
   * can differ only by its cut.
   */
  get revision(): number {
    return this.#builder.revision;
  }

  /**
   * The error naming the text skipped outside the block's values so far (prose a model wrote
   * around its messages; see `skipped-text.ts`), or `undefined` when nothing but whitespace,
   * commas, stray closers and fences stood there. Built anew at each call: ask once, at the
   * block's end.
   */
  skippedError(): A2uiParseError | undefined {
    const report = this.#repairer.skipped;
    return report === undefined ? undefined : skippedTextError(report);
  }

  /** Characters read so far, counted at chunk boundaries (for sizes of open values). */
  get charsRead(): number {
    return this.#repairer.charsRead;
  }

  /** Position just after the last character read. */
  get position(): InputPosition {
    return this.#repairer.position;
  }

  #startValue(): void {
    this.#builder.reset();
    this.#numbers.clear();
    this.#bytesBeforeChunk = -this.#bytesThisChunk;
    // No partial tokens: the builder has no use for them, and a partial number is converted whole
    // at every chunk (quadratic in a long number read in small chunks). Numbers are gathered in
    // a byte buffer (by default the tokenizer keeps a string per digit).
    const tokenizer = new Tokenizer({ numberBufferSize: NUMBER_BUFFER_SIZE });
    tokenizer.onToken = (info) => this.#builder.onToken(info);
    tokenizer.onError = (error) => {
      throw error;
    };
    this.#tokenizer = tokenizer;
  }

  #write(bytes: Uint8Array): void {
    if (this.#tokenizer) {
      this.#bytesThisChunk += bytes.length;
      this.#tokenizer.write(bytes);
    }
    // Every queued string was taken by its token.
    this.#stringCount = 0;
    this.#nextString = 0;
  }

  #takeString(): string {
    return this.#strings[this.#nextString++] as string;
  }

  /** The number at `offset` as the tokenizer would have read it whole (it was given part of its digits). */
  #numberAt(offset: number): number | undefined {
    if (this.#numbers.size === 0) return undefined;
    const text = this.#numbers.get(offset);
    if (text === undefined) return undefined;
    this.#numbers.delete(offset);
    return Number(text);
  }

  #endValue(): void {
    this.#tokenizer = undefined;
    this.valueCount++;
  }

  #toA2uiError(error: unknown): unknown {
    if (error instanceof A2uiError) return error;
    if (error instanceof DepthExceededError) {
      return new A2uiLimitError(`Nesting deeper than maxDepth (${error.maxDepth})`, {
        details: [{ path: '', code: 'max_depth', message: `maxDepth is ${error.maxDepth}` }],
      });
    }
    // A fault of the code the values go to (a sink, an option's function), not of the input: it
    // passes as it is, and the parser reports it as an internal error, not as bad JSON.
    if (!(error instanceof LexError || error instanceof TokenizerError || error instanceof UnexpectedTokenError)) return error;
    let position: InputPosition = this.#repairer.position;
    let reason = error instanceof Error ? error.message : String(error);
    if (error instanceof LexError) {
      position = error.position ?? position;
    } else if (this.#chunkStart) {
      const byte = errorByteOffset(error);
      if (byte !== undefined) {
        position = this.#repairer.locate(this.#chunkStart, this.#chunk, byte - this.#bytesBeforeChunk);
        // The repairer read the whole chunk; what the input shows (its cut) is what came before the error.
        this.#repairer.rewind(this.#chunkStart, this.#chunk, byte - this.#bytesBeforeChunk);
      }
      if (error instanceof UnexpectedTokenError) reason = error.message;
      else reason = reason.replace(/ at chunk position.*$/s, '');
    }
    return new A2uiParseError(`Failed to parse JSON: ${reason}: line ${position.line} column ${position.column} (char ${position.offset})`, {
      line: position.line,
      column: position.column,
      offset: position.offset,
      cause: error,
    });
  }
}

/** Absolute byte offset of a tokenizer or builder error in the current tokenizer's stream. */
function errorByteOffset(error: unknown): number | undefined {
  if (error instanceof UnexpectedTokenError) return error.token.offset;
  const match = error instanceof Error ? /absolute position "(\d+)"/.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}
