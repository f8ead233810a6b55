/**
 * What the Lit and React test pages (test/browser/page.ts, test/react/page.ts) share: the next
 * animation frame, a section of the page to draw in, the wait until a drawing settles, the timing
 * of the direct drawing (the baseline of the main-thread budget), and the part of a run's report
 * that the runners' shared checks read (harness.mjs).
 */
import { type LongTasks, watchLongTasks } from './long-tasks.js';

/** What every page's run reports. */
export interface PageRun {
  /** The surfaces drawn while streaming, serialized, in order. */
  streamed: string[];
  /** The same messages drawn directly, serialized, in order. */
  direct: string[];
  /** Duration of the longest long task (> 50 ms) while streaming; 0 when there was none. */
  longestTaskMs: number;
  /** Each long task while streaming: [% of the response written when it was reported, duration in ms]. */
  longTasks: [number, number][];
  /**
   * The main-thread cost of drawing the same messages directly, in the same page after streaming
   * (the baseline of the main-thread budget, harness.mjs): the longer of {@link directTimedMs} and
   * {@link directLongestTaskMs}. 0 when the run stopped early and drew nothing directly.
   */
  directMs: number;
  /** The direct drawing's task timed with `performance.now()` (see {@link timeDrawing}), in ms. */
  directTimedMs: number;
  /** The longest long task (> 50 ms) from the direct drawing until it settled; 0 when there was none. */
  directLongestTaskMs: number;
  errors: string[];
  /** Characters written. */
  chars: number;
}

/** The next animation frame. */
export const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** A `<section data-title="title">` appended to the page. */
export function section(title: string): HTMLElement {
  const element = document.createElement('section');
  element.dataset.title = title;
  document.body.append(element);
  return element;
}

/** Waits until the drawing `read()` serializes stops changing (two frames alike), for at most `attempts` such waits. */
export async function settled(read: () => string[], attempts: number): Promise<string[]> {
  let last = JSON.stringify(read());
  for (let i = 0; i < attempts; i++) {
    await frame();
    await frame();
    const now = JSON.stringify(read());
    if (now === last) return JSON.parse(now) as string[];
    last = now;
  }
  throw new Error('the DOM did not settle');
}

/**
 * Resolves in a task queued now (a `MessageChannel` message, which no timer clamping delays): by
 * then the task that called it has ended, with the microtasks it queued and, when it was an
 * animation frame's, that frame's style, layout and paint.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The cost of a direct drawing (see {@link PageRun.directMs}). */
export interface DirectCost {
  directMs: number;
  directTimedMs: number;
  directLongestTaskMs: number;
}

/**
 * Runs `draw` (synchronous: it must leave no drawing for a later task) in an animation frame and
 * times the task it runs in with `performance.now()`, up to a {@link nextTask} asked for before
 * drawing: the drawing, the microtasks it queued (Lit's element updates) and the frame's style,
 * layout and paint, which the browser runs in the same task (checked against a Chromium trace: the
 * timing is that task's duration within a millisecond). Long-task entries exist only above 50 ms,
 * hence the explicit timing; the long tasks are watched too, from the drawing until `settle()` has
 * resolved (a later task, such as an effect's re-render, counts as well). Returns `settle()`'s
 * result and the cost.
 */
export async function timeDrawing<T>(draw: () => void, settle: () => Promise<T>): Promise<{ settled: T; cost: DirectCost }> {
  const longTasks = watchLongTasks(() => 1);
  await frame();
  const start = performance.now();
  // Asked for before drawing: it comes right after this task, before any task the drawing queues.
  const ended = nextTask();
  draw();
  await ended;
  const directTimedMs = performance.now() - start;
  const result = await settle();
  longTasks.stop();
  const directLongestTaskMs = longTasks.longestMs;
  return { settled: result, cost: { directMs: Math.max(directTimedMs, directLongestTaskMs), directTimedMs, directLongestTaskMs } };
}

/** No direct drawing (the run stopped early). */
export const NO_DIRECT: DirectCost = { directMs: 0, directTimedMs: 0, directLongestTaskMs: 0 };

/**
 * A run's {@link PageRun}: its two drawings, the long tasks watched while streaming (stopped by
 * now), the direct drawing's cost, its errors, the characters written.
 */
export function pageRun(streamed: string[], direct: string[], longTasks: LongTasks, cost: DirectCost, errors: string[], chars: number): PageRun {
  return { streamed, direct, longestTaskMs: longTasks.longestMs, longTasks: longTasks.tasks, ...cost, errors, chars };
}
