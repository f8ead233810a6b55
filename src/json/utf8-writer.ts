/**
 * The repair stage's output buffer: repaired JSON written straight as UTF-8 into one reused byte
 * buffer, so no intermediate string is built, flattened and encoded per chunk (`@streamparser/json`
 * would encode a string with `TextEncoder.encode`, a fresh `Uint8Array` per write). The tokenizer
 * copies what it keeps (strings are decoded at once, a split character is copied aside), so the
 * buffer is reused after each {@link Utf8Writer.take}.
 */
export class Utf8Writer {
  #buffer = new Uint8Array(1024);
  /**
   * Views of the buffer's first bytes by length, made once: a fresh `subarray` per take cost more
   * than the tokenizer's work on a short chunk. Dropped when the buffer grows.
   */
  #views: Uint8Array[] = [];
  /** Bytes written since the last take. */
  length = 0;
  /** A high surrogate that ended the last text, waiting for its low half (0: none). */
  #high = 0;

  /** Forgets what was written and a held surrogate (a new value starts). */
  reset(): void {
    this.length = 0;
    this.#high = 0;
  }

  /** Writes one ASCII character. */
  byte(code: number): void {
    if (this.#high !== 0) this.#dropHigh();
    if (this.length === this.#buffer.length) this.#grow(1);
    this.#buffer[this.length++] = code;
  }

  /** Writes a short ASCII text (a repair such as `,` or `\n` escaped). */
  ascii(text: string): void {
    if (this.#high !== 0) this.#dropHigh();
    this.#grow(text.length);
    for (let i = 0; i < text.length; i++) this.#buffer[this.length++] = text.charCodeAt(i);
  }

  /**
   * Writes `text` from index `from` to `to` (exclusive). A high surrogate at the end is held until
   * the next write: a pair split between two chunks is written whole, and any other lone
   * surrogate becomes U+FFFD, as `TextEncoder` makes it.
   */
  text(text: string, from: number, to: number): void {
    // UTF-8 takes at most three bytes per UTF-16 code unit (four per pair of them).
    this.#grow(3 * (to - from) + 3);
    const out = this.#buffer;
    let n = this.length;
    let i = from;
    if (this.#high !== 0 && i < to) {
      const next = text.charCodeAt(i);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n = writePair(this.#high, next, out, n);
        i++;
      } else {
        n = writeThree(0xfffd, out, n);
      }
      this.#high = 0;
    }
    for (; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) {
        out[n++] = code;
      } else if (code < 0x800) {
        out[n++] = 0xc0 | (code >> 6);
        out[n++] = 0x80 | (code & 0x3f);
      } else if (code < 0xd800 || code > 0xdfff) {
        n = writeThree(code, out, n);
      } else if (code <= 0xdbff && i + 1 === to) {
        this.#high = code;
      } else {
        const next = text.charCodeAt(i + 1);
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          n = writePair(code, next, out, n);
          i++;
        } else {
          n = writeThree(0xfffd, out, n);
        }
      }
    }
    this.length = n;
  }

  /**
   * The bytes written since the last take (a held surrogate stays held), valid until the next
   * write.
   */
  take(): Uint8Array {
    const length = this.length;
    this.length = 0;
    if (length > MAX_KEPT_VIEW) return this.#buffer.subarray(0, length);
    return (this.#views[length] ??= this.#buffer.subarray(0, length));
  }

  #dropHigh(): void {
    this.#high = 0;
    this.#grow(3);
    this.length = writeThree(0xfffd, this.#buffer, this.length);
  }

  /** Makes room for `extra` more bytes. */
  #grow(extra: number): void {
    if (this.length + extra <= this.#buffer.length) return;
    const bigger = new Uint8Array(Math.max(this.#buffer.length * 2, this.length + extra));
    bigger.set(this.#buffer.subarray(0, this.length));
    this.#buffer = bigger;
    this.#views = [];
  }
}

/** Longest take whose view is kept for reuse. */
const MAX_KEPT_VIEW = 256;

function writeThree(code: number, out: Uint8Array, at: number): number {
  out[at] = 0xe0 | (code >> 12);
  out[at + 1] = 0x80 | ((code >> 6) & 0x3f);
  out[at + 2] = 0x80 | (code & 0x3f);
  return at + 3;
}

function writePair(high: number, low: number, out: Uint8Array, at: number): number {
  const point = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
  out[at] = 0xf0 | (point >> 18);
  out[at + 1] = 0x80 | ((point >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((point >> 6) & 0x3f);
  out[at + 3] = 0x80 | (point & 0x3f);
  return at + 4;
}
