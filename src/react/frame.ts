/**
 * Runs a callback at most once per animation frame: `request()` asks for the next frame unless
 * one is asked for already. Outside a page (no `requestAnimationFrame`) a 16 ms timer stands in.
 */
export class FrameScheduler {
  private handle: number | ReturnType<typeof setTimeout> | undefined;
  private readonly useFrames = typeof requestAnimationFrame === 'function';

  /** @param run Called in the frame asked for. */
  constructor(private readonly run: () => void) {}

  /** Asks for a frame (once until it runs). */
  request(): void {
    if (this.handle !== undefined) return;
    const run = () => {
      this.handle = undefined;
      this.run();
    };
    this.handle = this.useFrames ? requestAnimationFrame(run) : setTimeout(run, 16);
  }

  /** Cancels the frame asked for, if any. */
  cancel(): void {
    if (this.handle === undefined) return;
    if (this.useFrames) cancelAnimationFrame(this.handle as number);
    else clearTimeout(this.handle);
    this.handle = undefined;
  }
}
