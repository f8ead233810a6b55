/**
 * Bytes of the AI SDK entry's own framing per byte of its input (issue #37): what the entry adds
 * around what the model wrote and the core's A2UI messages (which the core paces itself).
 */
export const FRAMING_BYTES_PER_BYTE = 1;
/** Framing the entry may send whatever it read: the first text part and data part, with room to spare. */
export const FRAMING_FLOOR = 512;

/**
 * The AI SDK entry's own bytes, against the bytes of the text deltas it read (as JSON): each
 * `data-a2ui` part's framing, and each text part's `text-start` and `text-end` and the second and
 * later `text-delta` of one read (a text part split around A2UI: the first is the read delta's
 * own). Many small blocks with a newline between them cost about 220 bytes of it each; past
 * {@link FRAMING_BYTES_PER_BYTE} per byte read, A2UI waits (merged) and the text between runs on
 * in one text part.
 */
export class FramingLedger {
  #read = 0;
  #spent = 0;

  /** A text delta of `bytes` (as JSON) was read. */
  read(bytes: number): void {
    this.#read += bytes;
  }

  /** `bytes` of framing went out. */
  spend(bytes: number): void {
    this.#spent += bytes;
  }

  /** Whether `bytes` more framing stays within the allowance. */
  fits(bytes: number): boolean {
    return this.#spent + bytes <= FRAMING_BYTES_PER_BYTE * this.#read + FRAMING_FLOOR;
  }
}
