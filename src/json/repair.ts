/**
 * The lenient lexing stage: a character-level state machine that turns what a model writes into
 * strict JSON text for the tokenizer, across arbitrary chunk boundaries and without looking back
 * at earlier chunks. It repairs:
 * - trailing commas in arrays and objects (a comma outside strings is held until the next
 *   significant character shows whether a value follows);
 * - curly double quotes used as string delimiters (curly quotes that are data inside a straight
 *   quoted string stay data);
 * - raw control characters inside strings (escaped, kept as data);
 * - whitespace between tokens, which is dropped (a run that ends a number or literal becomes
 *   one space), so the tokenizer reads only what carries meaning;
 * - anything outside a top-level value (Markdown fences, prose, separators between concatenated
 *   objects), which is skipped, or in `strictTopLevel` mode rejected unless it is a fence;
 *   what is skipped beyond whitespace, commas, stray closers and fences is recorded
 *   ({@link LenientRepairer.skipped}), so the loss can be reported.
 *
 * Output goes to a {@link RepairSink} as UTF-8 bytes, written as the characters are read (no
 * repaired string is built and encoded again); each top-level value is announced by
 * `startValue()` and ended by `endValue()`, so a fresh tokenizer can take each one. A sink with
 * `stringValue` gets strings decoded instead, and the tokenizer only their quotes.
 */
import { DepthExceededError } from './builder.js';
import { advancePosition, copyLexState, initialLexState, positionIn } from './lex-state.js';
import type { InputPosition, LexState, OpenContainer } from './lex-state.js';
import { NumberText } from './number-text.js';
import { BARE_WORD, isBareWordCode, isJsonSpace, isSurrogate, stringRunEnd } from './repair-chars.js';
import type { RepairOptions, RepairSink } from './repair-sink.js';
import { decodeStringPart, LEFT_DOUBLE, LexError, RIGHT_DOUBLE, writeStringChar } from './repair-strings.js';
import { isPlainText, SkippedText, type SkippedReport } from './skipped-text.js';
import { StringValue } from './string-value.js';
import { Utf8Writer } from './utf8-writer.js';

export { LexError } from './repair-strings.js';
export type { InputPosition, LexState } from './lex-state.js';

/** Incremental repair stage in front of the JSON tokenizer. See the module comment. */
export class LenientRepairer {
  #state: LexState = initialLexState();
  readonly #out = new Utf8Writer();
  /** The string being read, when strings are decoded here (the sink has `stringValue`). */
  readonly #value: StringValue | undefined;
  /** The chunk being read and the index in it (for error positions). */
  #chunk = '';
  #cursor = 0;
  readonly #strictTopLevel: boolean;
  readonly #normalizeSingleQuotes: boolean;
  readonly #maxDepth: number;
  /** Bytes of the current top-level value handed to the sink. */
  #valueBytes = 0;
  readonly #number: NumberText;
  readonly #sink: RepairSink;
  readonly #options: RepairOptions;
  /** What is skipped outside values (lenient mode; strict mode rejects it instead). */
  readonly #skippedText = new SkippedText((index) => positionIn(this.#state, this.#chunk, index));

  constructor(sink: RepairSink, options: RepairOptions = {}) {
    this.#sink = sink;
    this.#options = options;
    this.#strictTopLevel = options.strictTopLevel ?? false;
    this.#normalizeSingleQuotes = options.normalizeSingleQuotes ?? false;
    this.#maxDepth = options.maxDepth ?? Infinity;
    this.#value = sink.stringValue ? new StringValue() : undefined;
    this.#number = new NumberText(this.#out, sink);
  }

  /** Nesting depth of the current position (0 = outside any value). */
  get depth(): number {
    return this.#state.depth;
  }

  /** Whether the input so far ends inside a string. */
  get inString(): boolean {
    return this.#state.stringCloser !== null;
  }

  /**
   * When strings are decoded here, the decoded part read so far of the string the input ends in
   * (`''` when not in one, or when strings go to the tokenizer).
   */
  get partialString(): string {
    return this.#state.stringCloser !== null && this.#value ? this.#value.text : '';
  }

  /** The length of {@link partialString}, known without joining its text. */
  get partialLength(): number {
    return this.#state.stringCloser !== null && this.#value ? this.#value.length : 0;
  }

  /** Whether the input so far ends inside a number or literal (`tru`, `12`). */
  get inBareWord(): boolean {
    return this.#state.inBareWord && this.#state.stringCloser === null;
  }

  /** What was skipped outside values so far, when anything was (see `skipped-text.ts`). */
  get skipped(): SkippedReport | undefined {
    return this.#skippedText.report;
  }

  /** Characters read before the current chunk (cheap; for sizes, not for error positions). */
  get charsRead(): number {
    return this.#state.offset;
  }

  /** Position of the character being read (after the last one read, between chunks). */
  get position(): InputPosition {
    return positionIn(this.#state, this.#chunk, this.#cursor);
  }

  /**
   * A copy of the per-character state, to replay a chunk later (see {@link LenientRepairer.locate}),
   * written into `into` when given (no allocation per chunk).
   */
  snapshot(into?: LexState): LexState {
    return into ? copyLexState(this.#state, into) : { ...this.#state };
  }

  /**
   * Replays `chunk` from a {@link snapshot} and returns the input position of the character whose
   * repaired output contains UTF-8 byte `byteOffset` of the output (counted from the chunk start).
   * Used only to place an error, so the hot path keeps no position map.
   */
  locate(from: Readonly<LexState>, chunk: string, byteOffset: number): InputPosition {
    return this.#replay(from, chunk, byteOffset).position;
  }

  /**
   * Puts the state back to where it was before the character that {@link locate} finds (the
   * tokenizer rejected it after the whole chunk was read): what the input shows then (its cut)
   * is what was read up to the error, whatever followed it in the same chunk. Only after a read
   * error (the repairer reads no more).
   */
  rewind(from: Readonly<LexState>, chunk: string, byteOffset: number): void {
    this.#state = this.#replay(from, chunk, byteOffset).state;
    this.#chunk = '';
    this.#cursor = 0;
  }

  /** Replays `chunk` from `from` up to the character whose output holds byte `byteOffset`: the state and position before it. */
  #replay(from: Readonly<LexState>, chunk: string, byteOffset: number): { state: LexState; position: InputPosition } {
    let written = 0;
    const sink: RepairSink = { startValue() {}, endValue() {}, write: (bytes: Uint8Array) => (written += bytes.length) };
    // The replay writes what this repairer wrote: quotes only, when strings are decoded; numbers in part.
    if (this.#value) sink.stringValue = () => {};
    if (this.#sink.numberValue) sink.numberValue = () => {};
    const replay = new LenientRepairer(sink, this.#options);
    replay.#state = { ...from };
    let bytes = 0;
    for (let i = 0; i < chunk.length; i++) {
      const before = { state: { ...replay.#state }, position: replay.position };
      written = 0;
      try {
        replay.push(chunk[i] as string);
      } catch {
        return before;
      }
      bytes += written;
      if (bytes > byteOffset) return before;
    }
    return { state: replay.#state, position: replay.position };
  }

  /** Feeds the next piece of block content. */
  push(chunk: string): void {
    this.#chunk = chunk;
    try {
      this.#read(chunk);
    } catch (error) {
      // What was read before a character the repair stage rejects reaches the sink first (the
      // values it completes stand), as it would have had the chunk been cut just before it.
      if (error instanceof LexError || error instanceof DepthExceededError) this.#flush();
      throw error;
    }
    this.#cursor = chunk.length;
    this.#flush();
    advancePosition(this.#state, chunk);
    this.#chunk = '';
    this.#cursor = 0;
  }

  /** Reads `chunk` character by character, writing the repaired output (not yet handed on). */
  #read(chunk: string): void {
    const s = this.#state;
    const out = this.#out;
    const length = chunk.length;
    let i = 0;
    while (i < length) {
      this.#cursor = i;
      if (s.stringCloser !== null) {
        const value = this.#value;
        if (value) {
          i = decodeStringPart(s, chunk, i, value, this.#normalizeSingleQuotes);
          if (s.stringCloser === null) {
            this.#sink.stringValue?.(value.end());
            out.byte(0x22);
          }
          continue;
        }
        // Fast path: copy the run of ordinary string characters at once.
        const runEnd = stringRunEnd(chunk, i, s.escaped);
        if (runEnd > i) {
          out.text(chunk, i, runEnd);
          i = runEnd;
          continue;
        }
        writeStringChar(s, chunk, i, out, this.#normalizeSingleQuotes);
      } else if (s.depth === 0) {
        // Fast paths: a run of text outside values (a model's prose), or of whitespace, is recorded at once.
        if (!this.#strictTopLevel && isPlainText(chunk.charCodeAt(i))) {
          const start = i;
          do i++;
          while (i < length && isPlainText(chunk.charCodeAt(i)));
          this.#skippedText.text(chunk, start, i);
          continue;
        }
        if (!this.#strictTopLevel && isJsonSpace(chunk.charCodeAt(i))) {
          const start = i;
          do i++;
          while (i < length && isJsonSpace(chunk.charCodeAt(i)));
          this.#skippedText.space(chunk, start, i);
          continue;
        }
        this.#topLevelChar(chunk[i] as string, i);
      } else if (isJsonSpace(chunk.charCodeAt(i))) {
        // Whitespace between tokens means nothing to the tokenizer, except that it ends a number
        // or literal: a run of it becomes one space there and nothing elsewhere.
        if (s.inBareWord) this.#number.end(s);
        if (s.inBareWord && !s.pendingComma) out.byte(0x20);
        s.inBareWord = false;
        do i++;
        while (i < length && isJsonSpace(chunk.charCodeAt(i)));
        continue;
      } else if (s.inBareWord && isBareWordCode(chunk.charCodeAt(i))) {
        // Fast path: the rest of a number or literal is copied at once (a long number costs
        // one step per character, not a call).
        const start = i;
        do i++;
        while (i < length && isBareWordCode(chunk.charCodeAt(i)));
        this.#number.run(s, chunk, start, i);
        continue;
      } else {
        this.#valueChar(chunk, i);
        if (s.depth === 0) {
          this.#flush();
          this.#sink.endValue();
        }
      }
      i++;
    }
  }

  /** Hands what was written to the sink. */
  #flush(): void {
    if (this.#out.length === 0) return;
    this.#valueBytes += this.#out.length;
    this.#sink.write(this.#out.take());
  }

  /** Handles character `i` of `chunk` outside strings inside a value, writing its repaired form. */
  #valueChar(chunk: string, i: number): void {
    let ch = chunk[i] as string;
    const s = this.#state;
    const out = this.#out;
    if (s.inBareWord) this.#number.end(s);
    if (ch === ',') {
      const endsWord = s.inBareWord;
      this.#endBareWord();
      s.afterValue = false;
      s.keyNext = s.stack?.bracket === '{';
      if (s.pendingComma) return; // a doubled comma is read as one
      s.pendingComma = true;
      // A space ends a number or literal for the tokenizer now; the comma follows later.
      if (endsWord) out.byte(0x20);
      return;
    }
    if (ch === ':') {
      this.#endBareWord();
      s.keyNext = false;
      s.afterValue = false;
      out.byte(0x3a);
      return;
    }
    const top = s.stack?.bracket;
    // Mismatched closers, as the reference reads them: `]` inside an object is dropped, `}`
    // inside an array closes the array.
    if (ch === ']' && top !== '[') return;
    if (ch === '}' && top === '[') ch = ']';
    // Checked before anything of the container is written: the rest of the chunk is not read.
    if ((ch === '{' || ch === '[') && s.depth >= this.#maxDepth) throw new DepthExceededError(this.#maxDepth);
    let prefix = '';
    if (s.pendingComma) {
      s.pendingComma = false;
      if (ch !== ']' && ch !== '}') prefix = ',';
    }
    if (ch === '}' || ch === ']') {
      s.stack = (s.stack as OpenContainer).outer;
      s.depth--;
      s.inBareWord = false;
      s.afterValue = true;
      s.keyNext = false;
      out.byte(ch.charCodeAt(0));
      return;
    }
    const isString = ch === '"' || ch === LEFT_DOUBLE || ch === RIGHT_DOUBLE;
    const startsValue = isString || ch === '{' || ch === '[' || (!s.inBareWord && BARE_WORD.test(ch));
    // A missing comma between two values (a model that forgot it between messages) is supplied.
    if (startsValue && s.afterValue && (top === '[' || isString)) {
      prefix = ',';
      s.keyNext = top === '{';
    }
    // An object where a key should be (a message nested in a message whose closing brace the
    // model forgot) gets an empty key, so the reading goes on as the reference's does.
    if ((ch === '{' || ch === '[') && top === '{' && (s.keyNext || s.afterValue)) {
      prefix = `${prefix || (s.afterValue ? ',' : '')}"":`;
      this.#sink.stringValue?.('');
    }
    if (prefix) out.ascii(prefix);
    if (isString) {
      s.stringCloser = ch === '"' ? '"' : RIGHT_DOUBLE;
      s.stringIsKey = s.keyNext;
      s.inBareWord = false;
      out.byte(0x22);
      return;
    }
    if (ch === '{' || ch === '[') {
      s.stack = { bracket: ch as '{' | '[', outer: s.stack };
      s.depth++;
      s.inBareWord = false;
      s.afterValue = false;
      s.keyNext = ch === '{';
      out.byte(ch.charCodeAt(0));
      return;
    }
    if (isSurrogate(ch.charCodeAt(0))) {
      // Stands nowhere in JSON between tokens; left to the tokenizer, it would be seen only once
      // its pair completes (or as U+FFFD), so the error would point past it.
      const point = (chunk.codePointAt(i) as number).toString(16).toUpperCase();
      throw new LexError(`Unexpected character U+${point}`);
    }
    s.inBareWord = BARE_WORD.test(ch);
    if (s.inBareWord) {
      s.afterValue = true;
      this.#number.begin(s, ch, this.#valueBytes + out.length);
    }
    out.text(chunk, i, i + 1);
  }

  #endBareWord(): void {
    this.#state.inBareWord = false;
  }

  /** Handles one character outside any value: a value starts at `{` or `[`, the rest is skipped. */
  #topLevelChar(ch: string, index: number): void {
    const s = this.#state;
    if (ch === '{' || ch === '[') {
      s.stack = { bracket: ch as '{' | '[', outer: null };
      s.depth = 1;
      s.keyNext = ch === '{';
      s.afterValue = false;
      s.inFence = false;
      s.pendingComma = false;
      this.#out.reset();
      this.#valueBytes = 0;
      this.#skippedText.valueStarts();
      this.#sink.startValue();
      this.#out.byte(ch.charCodeAt(0));
      return;
    }
    if (this.#strictTopLevel) this.#checkTopLevelJunk(ch);
    else this.#skippedText.char(ch, index);
  }

  /** Strict mode: only whitespace, commas and ```fence lines may stand between values. */
  #checkTopLevelJunk(ch: string): void {
    const s = this.#state;
    if (ch === '\n' || ch === '\r') {
      s.inFence = false;
      return;
    }
    if (s.inFence || ch === ' ' || ch === '\t' || ch === ',') return;
    if (ch === '`') {
      s.inFence = true;
      return;
    }
    throw new LexError('Expecting value', this.position);
  }
}
