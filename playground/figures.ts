/**
 * The figures of one run: time to first text and first rendered surface (real time since the run
 * started at the beginning of the response), longest main-thread task (the Long Tasks API, which
 * reports tasks of 50 ms or more) and longest gap between animation frames while it played.
 */

/** The figures, as numbers (`undefined`: not seen yet, or not measurable in this run). */
export interface FigureValues {
  firstText?: number;
  firstPaint?: number;
  longestTask?: number;
  longTasks: number;
  longestFrame?: number;
}

/** Measures the figures of the current run in the page (see the module comment). */
export class Figures {
  values: FigureValues = { longTasks: 0 };
  private startedAt: number | undefined;
  // The window long tasks are counted in: from play to a frame after pause or end. None before the
  // first play: the page's own start-up is not the replay's.
  private runStart = Infinity;
  private runEnd = Infinity;
  private frame: number | undefined;
  private lastFrame = 0;
  private readonly observer: PerformanceObserver | undefined;

  /**
   * @param hasDrawnSurface Whether the renderer shows a surface (not only its loading slot).
   * @param onChange Called when a figure may have changed.
   */
  constructor(
    private readonly hasDrawnSurface: () => boolean,
    private readonly onChange: () => void,
  ) {
    if (PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
      this.observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.startTime < this.runStart || entry.startTime > this.runEnd) continue;
          this.values.longTasks++;
          this.values.longestTask = Math.max(this.values.longestTask ?? 0, entry.duration);
        }
        this.onChange();
      });
      this.observer.observe({ type: 'longtask' });
    }
  }

  /** Whether this browser reports long tasks. */
  get measuresTasks(): boolean {
    return this.observer !== undefined;
  }

  /** A new run from the beginning of the response: first text and paint are measured from its start. */
  reset(): void {
    this.values = { longTasks: 0 };
    this.startedAt = undefined;
  }

  /** The run did not start at the beginning (it was scrubbed): first text and paint are not measured. */
  unmeasured(): void {
    this.startedAt = Number.NaN;
  }

  /** Whether first text and paint are (or will be) measured in this run. */
  get measuring(): boolean {
    return !Number.isNaN(this.startedAt);
  }

  /** The timeline started or resumed playing (a pause before first text or paint leaves them unmeasured). */
  playing(): void {
    const now = performance.now();
    if (this.startedAt === undefined) this.startedAt = now;
    else if (this.values.firstPaint === undefined) this.startedAt = Number.NaN;
    this.runStart = now;
    this.runEnd = Infinity;
    this.lastFrame = now;
    if (this.frame === undefined) this.frame = requestAnimationFrame((time) => this.onFrame(time));
  }

  /** The timeline paused or ended; looks once more after the renderer's next frame. */
  stopped(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    requestAnimationFrame(() => {
      this.runEnd = performance.now();
      this.look(this.runEnd);
    });
  }

  /** Text reached the page. */
  sawText(): void {
    if (this.values.firstText === undefined && Number.isFinite(this.startedAt)) {
      this.values.firstText = performance.now() - (this.startedAt as number);
    }
  }

  private onFrame(time: number): void {
    this.values.longestFrame = Math.max(this.values.longestFrame ?? 0, time - this.lastFrame);
    this.lastFrame = time;
    this.look(performance.now());
    this.frame = requestAnimationFrame((next) => this.onFrame(next));
  }

  private look(now: number): void {
    if (this.values.firstPaint === undefined && Number.isFinite(this.startedAt) && this.hasDrawnSurface()) {
      this.values.firstPaint = now - (this.startedAt as number);
    }
    this.onChange();
  }
}
