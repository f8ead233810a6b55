/**
 * The decoded text of the string being read, built from slices of the input as the repair stage
 * reads them, so string characters are read once (by the repair stage) instead of again by the
 * tokenizer, byte by byte, and decoded from UTF-8 (see `RepairSink.stringValue`).
 *
 * Raw surrogates follow UTF-8's rules, as before decoding moved here: a pair stays a pair even when
 * a chunk boundary splits it, and a lone one becomes U+FFFD. Code units from `\u` escapes are kept
 * as they are, lone surrogates included (as `JSON.parse` does).
 */

/** Pieces are joined after this many, so a string read in tiny chunks stays compact. */
const PIECES_PER_BLOCK = 256;

export class StringValue {
  /** The text joined so far; then `count` pieces appended since (the array is reused). */
  #head = '';
  readonly #pieces: string[] = [];
  #count = 0;
  /** Length of the text read so far (a held high surrogate not counted). */
  length = 0;
  /** A raw high surrogate that ended the last chunk, waiting for its low half (0: none). */
  #high = 0;

  /** Starts a new, empty string. */
  reset(): void {
    this.#head = '';
    if (this.#count > 0) this.#dropPieces();
    this.length = 0;
    this.#high = 0;
  }

  /** Appends decoded text (no raw surrogates in it: those go through {@link surrogate}). */
  append(piece: string): void {
    if (this.#high !== 0) this.#dropHigh();
    this.length += piece.length;
    // Most strings are one piece: no array for them.
    if (this.#head === '' && this.#count === 0) {
      this.#head = piece;
      return;
    }
    this.#pieces[this.#count++] = piece;
    if (this.#count === PIECES_PER_BLOCK) this.#joinPieces();
  }

  /**
   * Reads the raw surrogate at `chunk[i]` and returns the index after what it consumed: a pair is
   * appended whole, a high surrogate ending the chunk is held for the next one, a lone one becomes
   * U+FFFD.
   */
  surrogate(chunk: string, i: number): number {
    const code = chunk.charCodeAt(i);
    if (code <= 0xdbff) {
      if (i + 1 === chunk.length) {
        if (this.#high !== 0) this.#dropHigh();
        this.#high = code;
        return i + 1;
      }
      const next = chunk.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        this.append(chunk.slice(i, i + 2));
        return i + 2;
      }
      this.append('\ufffd');
      return i + 1;
    }
    if (this.#high !== 0) {
      const pair = String.fromCharCode(this.#high, code);
      this.#high = 0;
      this.append(pair);
    } else {
      this.append('\ufffd');
    }
    return i + 1;
  }

  /** The text read so far (a held high surrogate not included). */
  get text(): string {
    if (this.#count > 0) this.#joinPieces();
    return this.#head;
  }

  /**
   * The whole string, once its closing quote was read, as a flat string of its own; then empty
   * again. A slice may be a view into the input (V8 makes one from 13 characters, into the string
   * the chunk itself was sliced from, however large), so a value kept by the parser or by a
   * renderer would keep that alive: a 20-character id could hold a whole response. A text read
   * over several chunks would keep the engine's join nodes.
   */
  end(): string {
    if (this.#high !== 0) this.#dropHigh();
    const text = flatCopy(this.text);
    this.reset();
    return text;
  }

  /**
   * Moves the pieces onto the head. Concatenation, not a copy: engines join strings lazily (a
   * text read after every chunk costs no copy per chunk), and the pieces are joined in batches so
   * a string read in tiny chunks does not become one engine node per piece.
   */
  #joinPieces(): void {
    const pieces = this.#pieces;
    this.#head += this.#count === 1 ? (pieces[0] as string) : pieces.slice(0, this.#count).join('');
    this.#dropPieces();
  }

  /** Lets go of the pieces (slices of input chunks) the reused array still points at. */
  #dropPieces(): void {
    const pieces = this.#pieces;
    for (let i = 0; i < this.#count; i++) pieces[i] = '';
    this.#count = 0;
  }

  #dropHigh(): void {
    this.#high = 0;
    this.append('\ufffd');
  }
}

/** Below this length engines copy a slice anyway (V8: 13 characters). */
const SHORT_STRING = 13;

/**
 * A flat copy of `text` of its own. Joining two parts is how to get one in every engine: a slice
 * may be a view, a concatenation a join node.
 */
function flatCopy(text: string): string {
  return text.length < SHORT_STRING ? text : [text.slice(0, 1), text.slice(1)].join('');
}
