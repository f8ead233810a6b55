/**
 * What the Lit and React test pages (test/browser/page.ts, test/react/page.ts) share: the next
 * animation frame, a section of the page to draw in, the wait until a drawing settles, and the part
 * of a run's report that the runners' shared checks read (harness.mjs).
 */
import type { LongTasks } from './long-tasks.js';

/** What every page's run reports. */
export interface PageRun {
  /** The surfaces drawn while streaming, serialized, in order. */
  streamed: string[];
  /** The same messages drawn directly, serialized, in order. */
  direct: string[];
  /** Duration of the longest long task (> 50 ms) while streaming; 0 when there was none. */
  longestTaskMs: number;
  /** Each long task: [% of the response written when it was reported, duration in ms]. */
  longTasks: [number, number][];
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

/** A run's {@link PageRun}: its two drawings, the long tasks watched (stopped by now), its errors, the characters written. */
export function pageRun(streamed: string[], direct: string[], longTasks: LongTasks, errors: string[], chars: number): PageRun {
  return { streamed, direct, longestTaskMs: longTasks.longestMs, longTasks: longTasks.tasks, errors, chars };
}
