/**
 * Encodes repaired text for the tokenizer into one reused byte buffer. `@streamparser/json`
 * encodes every string it is given with `TextEncoder.encode`, which allocates a fresh
 * `Uint8Array` per call (about a microsecond, per chunk); `encodeInto` a kept buffer does not.
 * The tokenizer copies what it keeps (strings are decoded at once, a split character is copied
 * aside), so the buffer can be reused on the next call.
 */
export class Utf8Feed {
  private readonly encoder = new TextEncoder();
  private buffer = new Uint8Array(1024);
  /** A high surrogate that ended the last text, kept until its low half arrives. */
  private heldSurrogate = '';

  /** Drops a held surrogate (a new value starts). */
  reset(): void {
    this.heldSurrogate = '';
  }

  /**
   * The UTF-8 bytes of `text` (after any surrogate held from the previous call), valid until the
   * next call. A high surrogate at the very end is held back, so a pair split between two calls
   * is encoded whole.
   */
  encode(text: string): Uint8Array {
    let input = this.heldSurrogate === '' ? text : this.heldSurrogate + text;
    this.heldSurrogate = '';
    const last = input.charCodeAt(input.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.heldSurrogate = input.slice(-1);
      input = input.slice(0, -1);
    }
    // UTF-8 takes at most three bytes per UTF-16 code unit.
    if (input.length * 3 > this.buffer.length) this.buffer = new Uint8Array(input.length * 3);
    const { written } = this.encoder.encodeInto(input, this.buffer);
    return this.buffer.subarray(0, written);
  }
}
