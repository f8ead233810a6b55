import { A2uiParseError } from '../errors.js';

/**
 * A chunk a stream accepts: text as it is, or UTF-8 bytes (spelled out rather than
 * `BufferSource`, so that TypeScript lets a `ReadableStream<Uint8Array>` such as a `fetch` body
 * pipe into it).
 */
export type TextOrBytes = string | ArrayBufferView | ArrayBuffer;

function isBytes(chunk: unknown): chunk is ArrayBufferView | ArrayBuffer {
  if (ArrayBuffer.isView(chunk)) return true;
  // The tag check also accepts buffers from another realm (iframe, worker) and SharedArrayBuffer.
  const tag = Object.prototype.toString.call(chunk);
  return tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]';
}

/**
 * Turns a mix of string and byte chunks into text. Bytes go through one streaming UTF-8
 * `TextDecoder`, so a character split across chunks comes out whole; invalid UTF-8 becomes
 * U+FFFD replacement characters (the decoder is not `fatal`) and a byte-order mark is dropped at
 * the start of the input only (a U+FEFF after any text is content). Strings pass unchanged, after
 * any bytes still held by the decoder.
 */
export class ChunkDecoder {
  #decoder: TextDecoder | undefined;
  /** Whether the decoder may hold the start of a character. */
  #holding = false;
  /** Whether text came before: a decoder started after it keeps a leading U+FEFF. */
  #seen = false;

  /** Text of `chunk`; bytes that end in the middle of a character are kept for the next call. */
  decode(chunk: TextOrBytes): string {
    if (typeof chunk === 'string') {
      const text = this.#holding ? this.flush() + chunk : chunk;
      this.#seen ||= text !== '';
      return text;
    }
    if (!isBytes(chunk)) {
      throw new A2uiParseError('A stream chunk must be a string or bytes (ArrayBuffer or a view).', {
        details: [{ path: '', code: 'type_mismatch', message: `Got ${typeof chunk}.` }],
      });
    }
    // A decoder that was flushed starts a new stream, which would drop a U+FEFF as a byte-order
    // mark: the next run of bytes gets a decoder told whether text came before.
    this.#decoder ??= new TextDecoder('utf-8', { ignoreBOM: this.#seen });
    this.#holding = true;
    const text = this.#decoder.decode(chunk, { stream: true });
    this.#seen ||= text !== '';
    return text;
  }

  /** Text of the bytes still held (a cut character becomes U+FFFD); `''` when none are held. */
  flush(): string {
    if (!this.#holding || this.#decoder === undefined) return '';
    this.#holding = false;
    const text = this.#decoder.decode();
    this.#decoder = undefined;
    this.#seen ||= text !== '';
    return text;
  }
}
