/**
 * Earliness, as a guard: how soon what a model writes is on screen. For each component object of
 * the response (located in the text), whether a form of it went out before the object closed, the
 * lag in characters from its close to the first message carrying its final form, and the root's
 * first paint (characters from the root object's start to its first message).
 */
import { basicCatalog } from '../src/index.js';
import type { A2uiMessage, StreamParserOptions } from '../src/index.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { emittedRun } from './emitted.js';
import { renderTable } from './table.js';
import { workload } from './workloads.js';

/** One component object of the response: where it starts and ends, and its value. */
interface Definition {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly value: unknown;
}

/** Earliness of one run. */
export interface EarlinessRow {
  readonly version: GeneratedVersion;
  readonly chunk: number;
  readonly snapshots: 'full' | 'delta';
  readonly components: number;
  /** Share of component objects a form of which went out before the object closed. */
  readonly shownBeforeClose: number;
  /** Median and 90th percentile of the lag (characters) from an object's close to its final form. */
  readonly lagMedian: number;
  readonly lagP90: number;
  /** Objects whose final form never went out. */
  readonly neverFinal: number;
  /** Median over surfaces of the characters from the root object's start to its first paint. */
  readonly rootFirstPaint: number;
}

const OPEN = '<a2ui-json>';
const CLOSE = '</a2ui-json>';

interface Container {
  readonly isArray: boolean;
  readonly start: number;
  /** The key this container has in its parent object. */
  readonly key: string | undefined;
  /** Object: the key last read (its value comes next). */
  pendingKey?: string;
}

/** Every component object of every block of `text` (elements of a `components` array), in order. */
export function componentDefinitions(text: string): Definition[] {
  const out: Definition[] = [];
  for (let from = text.indexOf(OPEN); from >= 0; from = text.indexOf(OPEN, from + 1)) {
    const start = from + OPEN.length;
    const end = text.indexOf(CLOSE, start);
    const messages = JSON.parse(text.slice(start, end)) as A2uiMessage[];
    const body = Object.values(messages[0] ?? {}).find((v) => typeof v === 'object') as { surfaceId?: string } | undefined;
    scanBlock(text, start, end, String(body?.surfaceId), out);
  }
  return out;
}

function scanBlock(text: string, from: number, to: number, surfaceId: string, out: Definition[]): void {
  const stack: Container[] = [];
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      let k = j + 1;
      while (/\s/.test(text[k] as string)) k++;
      if (top && !top.isArray && text[k] === ':') top.pendingKey = JSON.parse(text.slice(i, j + 1)) as string;
      i = j;
    } else if (ch === '{' || ch === '[') {
      const parent = stack[stack.length - 1];
      stack.push({ isArray: ch === '[', start: i, key: parent && !parent.isArray ? parent.pendingKey : undefined });
    } else if (ch === '}' || ch === ']') {
      const done = stack.pop() as Container;
      const parent = stack[stack.length - 1];
      if (!done.isArray && parent?.isArray && parent.key === 'components') {
        const value = JSON.parse(text.slice(done.start, i + 1)) as { id?: unknown };
        out.push({ key: `${surfaceId}/${String(value.id)}`, start: done.start, end: i + 1, value });
      }
    }
  }
}

/** A form as a renderer would compare it with the model's: placeholder ids read as the ids they stand for. */
function normalized(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('loading_') ? value.slice('loading_'.length) : value;
  if (Array.isArray(value)) {
    return value.filter((item) => !(typeof item === 'string' && item.startsWith('loading_children_'))).map(normalized);
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = normalized((value as Record<string, unknown>)[key]);
  return out;
}

const canonical = (value: unknown) => JSON.stringify(normalized(value));

function isPlaceholder(component: Record<string, unknown>): boolean {
  const id = String(component.id);
  if (id.startsWith('loading_')) return true;
  const children = component.children;
  return component.component === 'Row' && Array.isArray(children) && children.length === 0 && Object.keys(component).length === 3;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
}

/** Earliness of the `version` mixed workload of `kb` KB, read in chunks of `chunk` characters. */
export function measureEarliness(version: GeneratedVersion, kb: number, chunk: number, snapshots: 'full' | 'delta'): EarlinessRow {
  const { text } = workload(version, kb).response;
  const definitions = componentDefinitions(text);
  const options: StreamParserOptions = { snapshots };
  const run = emittedRun(basicCatalog(version), text, chunk, options);
  const byKey = new Map<string, Definition[]>();
  for (const d of definitions) byKey.set(d.key, [...(byKey.get(d.key) ?? []), d]);
  const early = new Set<Definition>();
  const finalAt = new Map<Definition, number>();
  const firstAt = new Map<Definition, number>();
  for (const { message, at } of run.messages) {
    const body = (message.updateComponents ?? message.surfaceUpdate) as { surfaceId: string; components: Record<string, unknown>[] } | undefined;
    if (!body) continue;
    for (const component of body.components) {
      if (isPlaceholder(component)) continue;
      // The definition being read or last read for this id.
      const candidates = byKey.get(`${body.surfaceId}/${String(component.id)}`) ?? [];
      const def = [...candidates].reverse().find((d) => d.start < at);
      if (!def) continue;
      if (!firstAt.has(def)) firstAt.set(def, at);
      if (at < def.end) early.add(def);
      if (!finalAt.has(def) && canonical(component) === canonical(def.value)) finalAt.set(def, at);
    }
  }
  const lags = definitions.filter((d) => finalAt.has(d)).map((d) => Math.max(0, (finalAt.get(d) as number) - d.end)).sort((a, b) => a - b);
  const roots = definitions.filter((d) => d.key.endsWith('/root') && firstAt.has(d)).map((d) => (firstAt.get(d) as number) - d.start).sort((a, b) => a - b);
  return {
    version,
    chunk,
    snapshots,
    components: definitions.length,
    shownBeforeClose: early.size / definitions.length,
    lagMedian: quantile(lags, 0.5),
    lagP90: quantile(lags, 0.9),
    neverFinal: definitions.length - lags.length,
    rootFirstPaint: quantile(roots, 0.5),
  };
}

/** The earliness table. */
export function earlinessTable(rows: readonly EarlinessRow[]): string {
  const header = ['ver', 'chunk', 'mode', 'objects', 'shown before close', 'lag median', 'lag p90', 'never final', 'root first paint'];
  const body = rows.map((r) => [
    `v${r.version}`, String(r.chunk), r.snapshots, String(r.components), `${(r.shownBeforeClose * 100).toFixed(1)}%`,
    String(r.lagMedian), String(r.lagP90), String(r.neverFinal), String(r.rootFirstPaint),
  ]);
  return renderTable(header, body);
}
