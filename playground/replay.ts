/**
 * One replay of a feed through the real parser (`A2uiStreamParser`, synchronous, the same errors
 * policy as `a2uiStream`'s default `onError: 'emit'`), recording where and when each part left it.
 * Scrubbing back means a new `Replay` (and a fresh renderer): parser and renderer only go forward.
 */
import { A2uiStreamParser, type Catalog, type Part } from '../src/index.js';
import type { Feed } from './feed.js';

/** A part as it left the parser. */
export interface PartRecord {
  /** Its index among the replay's parts. */
  readonly index: number;
  readonly part: Part;
  /** The piece whose feeding produced it (`pieces.length` for the parser's `end()`). */
  readonly piece: number;
  /** Where that piece ends in the source. */
  readonly offset: number;
  /** The time, on the model's clock, the piece arrived (ms since the response started). */
  readonly at: number;
}

/** Options of a {@link Replay}. */
export interface ReplayOptions {
  /** The catalogs the parser reads surfaces with. */
  readonly catalogs: Catalog | readonly Catalog[];
  /** Snapshot mode of the parser (always passed: the library's default may change). */
  readonly snapshots: 'full' | 'delta';
  /** The model's pace, in characters of the source per second; `Infinity` for all at once. */
  readonly charsPerSecond: number;
  /** Gets each part as it leaves the parser. */
  readonly onPart: (record: PartRecord) => void;
}

/** The model-clock time (ms) at which the source has reached `offset`. */
export function timeAt(offset: number, charsPerSecond: number): number {
  return Number.isFinite(charsPerSecond) && charsPerSecond > 0 ? (offset * 1000) / charsPerSecond : 0;
}

/** A parser reading one feed, forward only, reporting each part it returns with where and when. */
export class Replay {
  private readonly parser: A2uiStreamParser;
  private fed = 0;
  private parts = 0;
  private stopped = false;

  constructor(
    readonly feed: Feed,
    private readonly options: ReplayOptions,
  ) {
    this.parser = new A2uiStreamParser(options.catalogs, { snapshots: options.snapshots });
  }

  /** How many pieces have been fed. */
  get position(): number {
    return this.fed;
  }

  /** Whether the whole feed has been read and the parser ended. */
  get done(): boolean {
    return this.stopped;
  }

  /** Feeds the pieces before `position` (at most all of them; ends the parser after the last). */
  feedTo(position: number): void {
    const { pieces } = this.feed;
    const target = Math.min(position, pieces.length);
    while (this.fed < target && !this.stopped) {
      const piece = pieces[this.fed] as (typeof pieces)[number];
      const index = this.fed++;
      if (piece.text !== '' && this.run(index, () => this.parser.push(piece.text)) === 'stopped') {
        this.stop();
        return;
      }
      if (piece.error) {
        this.emit(index, [{ type: 'error', error: piece.error }]);
        this.stop();
        return;
      }
    }
    if (this.fed === pieces.length && !this.stopped) this.end();
  }

  private end(): void {
    const index = this.feed.pieces.length;
    this.run(index, () => this.parser.end());
    this.stop();
  }

  private stop(): void {
    this.stopped = true;
    this.fed = this.feed.pieces.length;
  }

  /** One parser call: its parts (error parts among them) go out; `'stopped'` when a limit error ended them. */
  private run(index: number, call: () => Part[]): 'ok' | 'stopped' {
    const parts = call();
    this.emit(index, parts);
    return parts.some((part) => part.type === 'error' && part.error.category === 'LimitError') ? 'stopped' : 'ok';
  }

  private emit(piece: number, parts: readonly Part[]): void {
    const { pieces } = this.feed;
    const offset = piece < pieces.length ? (pieces[piece]?.end ?? 0) : this.feed.source.length;
    const at = timeAt(offset, this.options.charsPerSecond);
    for (const part of parts) this.options.onPart({ index: this.parts++, part, piece, offset, at });
  }
}
