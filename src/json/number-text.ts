/**
 * The number the repair stage is reading, for a sink that takes numbers (`RepairSink.numberValue`):
 * its text, the byte offset of its token, and whether digits of it were kept from the tokenizer.
 * Writes what of it the tokenizer still reads; hands the whole text to the sink when it ends.
 */
import type { LexState } from './lex-state.js';
import { firstNumberState, isDigit, keepsNumberState, NUMBER_OTHER, nextNumberState } from './number-grammar.js';
import type { RepairSink } from './repair-sink.js';
import type { Utf8Writer } from './utf8-writer.js';

/** See the module comment. The number state itself lives in the {@link LexState} (it is replayed with it). */
export class NumberText {
  #text = '';
  #offset = 0;
  #withheld = false;

  readonly #out: Utf8Writer;
  readonly #sink: RepairSink;

  constructor(out: Utf8Writer, sink: RepairSink) {
    this.#out = out;
    this.#sink = sink;
  }

  /** A number or literal starts with `ch`, whose token begins at byte `offset` of the value. */
  begin(s: LexState, ch: string, offset: number): void {
    s.numberState = firstNumberState(ch.charCodeAt(0));
    if (s.numberState !== NUMBER_OTHER) {
      this.#text = ch;
      this.#offset = offset;
    }
  }

  /**
   * Writes characters `from` to `to` of `chunk`, which continue a number or literal: digits that
   * leave the tokenizer's number state as it is are kept from it when the sink takes numbers.
   */
  run(s: LexState, chunk: string, from: number, to: number): void {
    if (!this.#sink.numberValue) {
      this.#out.text(chunk, from, to);
      return;
    }
    let i = from;
    while (i < to) {
      const state = s.numberState;
      if (keepsNumberState(state)) {
        let end = i;
        while (end < to && isDigit(chunk.charCodeAt(end))) end++;
        if (end > i) {
          this.#text += chunk.slice(i, end);
          this.#withheld = true;
          i = end;
          continue;
        }
      }
      const next = nextNumberState(state, chunk.charCodeAt(i));
      if (next === NUMBER_OTHER) {
        // No number any more: the tokenizer ends the number before this character.
        this.end(s);
        this.#out.text(chunk, i, to);
        return;
      }
      s.numberState = next;
      this.#text += chunk[i] as string;
      this.#out.text(chunk, i, i + 1);
      i++;
    }
  }

  /** The number being read ends (before the character being read): its text goes to the sink if digits of it were kept. */
  end(s: LexState): void {
    if (this.#withheld) this.#sink.numberValue?.(this.#offset, this.#text);
    this.#withheld = false;
    this.#text = '';
    s.numberState = NUMBER_OTHER;
  }
}
