/**
 * Text a block holds from some offset on, to give it back as text if the block turns out not to
 * be read (see `json-block.ts`). Kept as the pieces it arrived in: a piece costs O(1) to add, a
 * dropped prefix costs the pieces it drops, and the text is joined only when it is given back
 * (once per block at most), so holding it costs no copy per chunk.
 */
export class HeldText {
  #pieces: string[] = [];
  /** Index in {@link #pieces} of the first piece still held. */
  #first = 0;
  /** Characters of that piece already dropped. */
  #skip = 0;
  /** Block offset of the first character held. */
  #from = 0;
  /** Block offset after the last character received. */
  #end = 0;
  /** Past the bound: nothing is held any more, nothing will be given back. */
  #gaveUp = false;

  /** @param max Most characters held; past it, nothing is (`maxBufferSize`). */
  constructor(private readonly max: number) {}

  /** Block offset of the first character held. */
  get from(): number {
    return this.#from;
  }

  /** Adds `text`, just received. */
  add(text: string): void {
    this.#end += text.length;
    if (this.#gaveUp) return;
    this.#pieces.push(text);
    if (this.#end - this.#from > this.max) {
      this.#gaveUp = true;
      this.#pieces = [];
    }
  }

  /** Drops what lies before block offset `offset`. */
  dropTo(offset: number): void {
    if (this.#gaveUp || offset <= this.#from) return;
    let drop = Math.min(offset, this.#end) - this.#from;
    this.#from += drop;
    while (drop > 0) {
      const rest = (this.#pieces[this.#first] as string).length - this.#skip;
      if (drop < rest) {
        this.#skip += drop;
        break;
      }
      drop -= rest;
      this.#first++;
      this.#skip = 0;
    }
    // The dropped pieces go once they are most of the list (amortized O(1) per piece).
    if (this.#first > 64 && this.#first * 2 > this.#pieces.length) {
      this.#pieces = this.#pieces.slice(this.#first);
      this.#first = 0;
    }
  }

  /** The text held; `undefined` once more than `max` characters were. */
  get text(): string | undefined {
    if (this.#gaveUp) return undefined;
    const live = this.#pieces.slice(this.#first);
    if (live.length > 0) live[0] = (live[0] as string).slice(this.#skip);
    return live.join('');
  }
}
