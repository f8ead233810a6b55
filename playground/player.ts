/**
 * The playground's timeline: feeds a {@link Replay} piece by piece at the model's pace, pauses,
 * and scrubs. Scrubbing (to any point, back or forward) starts a fresh replay and feeds it up to
 * that point at once: neither the parser nor a renderer can go back.
 */
import { timeAt, type Replay } from './replay.js';

/** The timers the player uses (the page's; a test's fake). */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The page's clock: `performance.now()` and the global timers. */
export const pageClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Plays a feed: one {@link Replay} at a time, fed at `charsPerSecond` on the given clock. */
export class Player {
  /** The replay being played; replaced by {@link seek}. */
  replay: Replay;
  private timer: unknown;
  private startedAt = 0;

  /**
   * @param start Makes a fresh replay (and whatever it renders into) at position 0.
   * @param charsPerSecond The model's pace; `Infinity` feeds everything on play.
   * @param onChange Called after each step (fed pieces, play, pause, seek).
   */
  constructor(
    private readonly start: () => Replay,
    private readonly charsPerSecond: number,
    private readonly clock: Clock,
    private readonly onChange: () => void,
  ) {
    this.replay = start();
  }

  /** Whether the timeline runs. */
  get playing(): boolean {
    return this.timer !== undefined;
  }

  /** The model-clock time at the current position (ms). */
  get time(): number {
    const { pieces } = this.replay.feed;
    const position = this.replay.position;
    return position === 0 ? 0 : timeAt(pieces[position - 1]?.end ?? 0, this.charsPerSecond);
  }

  /** Plays from the current position (from the start when at the end). */
  play(): void {
    if (this.playing) return;
    if (this.replay.done) this.replay = this.start();
    this.startedAt = this.clock.now() - this.time;
    this.tick();
  }

  pause(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.onChange();
  }

  /** Replays into a fresh replay up to `position` pieces; keeps playing if it was. */
  seek(position: number): void {
    const playing = this.playing;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (position < this.replay.position || this.replay.done) this.replay = this.start();
    this.replay.feedTo(position);
    if (playing && !this.replay.done) this.play();
    else this.onChange();
  }

  private tick(): void {
    this.timer = undefined;
    const { pieces } = this.replay.feed;
    const elapsed = this.clock.now() - this.startedAt;
    let position = this.replay.position;
    while (position < pieces.length && timeAt(pieces[position]?.end ?? 0, this.charsPerSecond) <= elapsed) position++;
    this.replay.feedTo(position); // feeding the last piece also ends the parser
    if (!this.replay.done) {
      const due = timeAt(pieces[this.replay.position]?.end ?? 0, this.charsPerSecond);
      this.timer = this.clock.setTimeout(() => this.tick(), Math.max(0, due - elapsed));
    }
    this.onChange();
  }
}
