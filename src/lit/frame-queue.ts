/**
 * Runs queued work at most once per animation frame: `push` queues, and the first push after a
 * run asks for a frame; the frame runs everything queued since, in order. Outside a page (no
 * `requestAnimationFrame`) a 16 ms timer stands in.
 */
export class FrameQueue<T> {
  private queue: T[] = [];
  private handle: number | ReturnType<typeof setTimeout> | undefined;
  private readonly useFrames = typeof requestAnimationFrame === 'function';

  /** @param run Called once per frame with the items queued since the last run (never empty). */
  constructor(private readonly run: (items: T[]) => void) {}

  /** Queues `item` for the next frame. */
  push(item: T): void {
    this.queue.push(item);
    if (this.handle !== undefined) return;
    this.handle = this.useFrames ? requestAnimationFrame(() => this.flush()) : setTimeout(() => this.flush(), 16);
  }

  /** Runs what is queued now (the frame asked for, if any, is cancelled). */
  flush(): void {
    if (this.handle !== undefined) {
      if (this.useFrames) cancelAnimationFrame(this.handle as number);
      else clearTimeout(this.handle);
      this.handle = undefined;
    }
    const items = this.queue;
    if (items.length === 0) return;
    this.queue = [];
    this.run(items);
  }
}
