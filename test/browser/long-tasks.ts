/**
 * The main thread's long tasks while a page streams or draws (the `longtask` performance entries,
 * only for tasks over 50 ms), each with how far the response had got (`progress()`, 0…1) when it
 * was reported.
 */
export interface LongTasks {
  /** The longest task so far, in ms. */
  readonly longestMs: number;
  /** `[% of the response, ms]` per task. */
  readonly tasks: [number, number][];
  /** Takes what the observer has not delivered yet, and stops watching. */
  stop(): void;
}

/** Starts watching the main thread's long tasks. */
export function watchLongTasks(progress: () => number): LongTasks {
  const tasks: [number, number][] = [];
  let longestMs = 0;
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      longestMs = Math.max(longestMs, entry.duration);
      tasks.push([Math.round(progress() * 100), Math.round(entry.duration)]);
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'longtask' });
  return {
    get longestMs() {
      return longestMs;
    },
    tasks,
    stop() {
      record(observer.takeRecords());
      observer.disconnect();
    },
  };
}
