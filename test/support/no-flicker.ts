/**
 * The no-flicker judge: what a renderer holds for a component never loses a property, child or
 * text it had, while a new definition of that component streams. A change of what it holds must
 * either keep everything it had (a text may grow, a list may gain children), or be a definition
 * of that component the response has finished by then. Placeholders (an empty `Row`, or
 * `loading_<id>` stand-ins) hold nothing: whatever replaces them is fine.
 */
import type { ComponentDefinition } from './component-offsets.js';
import { placeholderTarget } from '../../src/index.js';

/** What a renderer holds per component (`<surfaceId>/<id>` → `{component, ...properties}`). */
export type HeldComponents = ReadonlyMap<string, Record<string, unknown>>;

/** One loss: what the renderer held, what replaced it, and how much of the response was read. */
export interface Flicker {
  readonly key: string;
  readonly at: number;
  readonly before: unknown;
  readonly after: unknown;
}

/** A form as the model wrote it: placeholder ids read as the ids they stand for, `id` left out. */
export function normalized(value: unknown): unknown {
  if (typeof value === 'string') return placeholderTarget(value) ?? value;
  if (Array.isArray(value)) {
    // A streaming child list's placeholder, `loading_children_<parent>`, stands for no one child.
    return value.filter((item) => !(typeof item === 'string' && placeholderTarget(item)?.startsWith('children_'))).map(normalized);
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) if (key !== 'id') out[key] = normalized((value as Record<string, unknown>)[key]);
  return out;
}

/** Whether `after` keeps all of `before`: the same scalars, texts that only grew, lists and objects that only gained. */
export function covers(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  if (typeof before === 'string') return typeof after === 'string' && after.startsWith(before);
  if (Array.isArray(before)) {
    return Array.isArray(after) && after.length >= before.length && before.every((item, i) => covers(item, after[i]));
  }
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null || Array.isArray(after)) return false;
  const a = after as Record<string, unknown>;
  return Object.entries(before).every(([key, value]) => Object.hasOwn(a, key) && covers(value, a[key]));
}

/** Whether a held form is a placeholder (an empty `Row` with nothing else). */
function isPlaceholder(form: Record<string, unknown>): boolean {
  const children = form.children;
  const empty = Array.isArray(children) ? children.length === 0 : (children as { explicitList?: unknown[] } | undefined)?.explicitList?.length === 0;
  return form.component === 'Row' && empty && Object.keys(form).filter((key) => key !== 'id').length === 2;
}

/** Follows what a renderer holds message after message and collects every loss. */
export class FlickerJudge {
  private held = new Map<string, unknown>();
  readonly flickers: Flicker[] = [];

  /**
   * @param definitions The response's component objects (see `componentDefinitions`).
   * @param placeholder Whether a held form is a placeholder (default: an empty `Row`).
   */
  constructor(
    private readonly definitions: readonly ComponentDefinition[],
    private readonly placeholder: (form: Record<string, unknown>) => boolean = isPlaceholder,
  ) {}

  /** Looks at what the renderer holds after a message that came out once `at` characters were read. */
  observe(now: HeldComponents, at: number): void {
    const next = new Map<string, unknown>();
    for (const [key, form] of now) {
      const after = normalized(form);
      next.set(key, after);
      const before = this.held.get(key);
      if (before === undefined || before === after || this.placeholder(form) || JSON.stringify(before) === JSON.stringify(after)) continue;
      if (this.placeholder(before as Record<string, unknown>) || covers(before, after)) continue;
      if (this.isFinished(key, after, at)) continue;
      this.flickers.push({ key, at, before, after });
    }
    this.held = next;
  }

  /** Whether `form` is a definition of `key` whose object had closed once `at` characters were read. */
  private isFinished(key: string, form: unknown, at: number): boolean {
    const text = JSON.stringify(form);
    return this.definitions.some((d) => d.key === key && d.end <= at && JSON.stringify(normalized(d.value)) === text);
  }
}
