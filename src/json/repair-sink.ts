/** What the repair stage (`LenientRepairer`) writes to, and its options. */

/** Receives the repaired JSON as UTF-8 bytes. */
export interface RepairSink {
  /** A new top-level value begins (its first bytes follow). */
  startValue(): void;
  /**
   * Repaired UTF-8 bytes of the current top-level value (what a chunk added, or the rest of a
   * value before it ends). The array is reused: valid only until this call returns.
   */
  write(bytes: Uint8Array): void;
  /** The current top-level value closed. */
  endValue(): void;
  /**
   * When present, strings are decoded by the repair stage: each is written as `""` and its value
   * handed here when its closing quote is read, before the bytes of that quote reach `write` (the
   * sink queues values for the tokenizer's string tokens, in order). Strings are then read once,
   * not again byte by byte by the tokenizer. The string being read is `LenientRepairer.partialString`.
   */
  stringValue?(value: string): void;
  /**
   * When present, the digits of a number past the first that leave the tokenizer's state as it is
   * (a run in its integer part, fraction or exponent) are kept from the tokenizer, which reads
   * every byte again, and the number's whole text is handed here, with the byte offset of its token
   * in the current value, before the bytes that end it reach `write`: a long number costs one
   * pass. The sink gives the token this value.
   */
  numberValue?(offset: number, text: string): void;
}

/** Options of {@link LenientRepairer}. */
export interface RepairOptions {
  /**
   * Reject characters outside top-level values other than whitespace, commas and Markdown code
   * fences, instead of skipping them. Default `false` (streaming skips junk, like the reference).
   */
  strictTopLevel?: boolean;
  /** Turn curly single quotes (U+2018, U+2019) into `'` everywhere (the reference's fixer). Default `false`. */
  normalizeSingleQuotes?: boolean;
  /**
   * Deepest nesting accepted: a container opened past it throws `DepthExceededError` before
   * it is written (what was read before it is handed to the sink first), so a run of brackets
   * costs no more than `maxDepth` of them. Default unlimited.
   */
  maxDepth?: number;
}
