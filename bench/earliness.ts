/**
 * Earliness, as a guard: how soon what a model writes is on screen. For each component object of
 * the response (located in the text), whether a form of it went out before the object closed, and
 * before the message holding it closed, the lag in characters from its close to the first message
 * carrying its final form, and the root's first paint (characters from the root object's start to
 * its first message). v1.0 is measured as generated (separate messages) and with each surface
 * written inside its `createSurface` (`inline`, as models write v1.0), optionally with
 * `partialComponents`.
 */
import { basicCatalog } from '../src/index.js';
import type { StreamParserOptions } from '../src/index.js';
import { componentDefinitions, type ComponentDefinition as Definition } from '../test/support/component-offsets.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { INLINE_ORDERS, inlineResponse } from '../test/support/inline-v10.js';
import { normalized } from '../test/support/no-flicker.js';
import { emittedRun } from './emitted.js';
import { renderTable } from './table.js';
import { workload } from './workloads.js';

/** Earliness of one run. */
export interface EarlinessRow {
  readonly version: GeneratedVersion;
  readonly chunk: number;
  readonly snapshots: 'full' | 'delta';
  /** `split` (the generator's separate messages) or `inline` (v1.0 surfaces inside `createSurface`); `+partial`: `partialComponents`. */
  readonly form: string;
  readonly components: number;
  /** Share of component objects a form of which went out before the object closed. */
  readonly shownBeforeClose: number;
  /** Share of component objects a form of which went out before the message holding it closed. */
  readonly shownBeforeMessageClose: number;
  /** Median and 90th percentile of the lag (characters) from an object's close to its final form. */
  readonly lagMedian: number;
  readonly lagP90: number;
  /** Objects whose final form never went out. */
  readonly neverFinal: number;
  /** Median over surfaces of the characters from the root object's start to its first paint. */
  readonly rootFirstPaint: number;
}

/** A form as the model wrote it (see `normalized`), as JSON text. */
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

/** How the v1.0 surfaces are written, and whether partial components stream. */
export interface EarlinessForm {
  readonly inline?: boolean;
  readonly partialComponents?: boolean;
}

/** Earliness of the `version` mixed workload of `kb` KB, read in chunks of `chunk` characters. */
export function measureEarliness(version: GeneratedVersion, kb: number, chunk: number, snapshots: 'full' | 'delta', form: EarlinessForm = {}): EarlinessRow {
  const { response } = workload(version, kb);
  const { text } = form.inline ? inlineResponse(response, INLINE_ORDERS[0] as (typeof INLINE_ORDERS)[number]) : response;
  const definitions = componentDefinitions(text);
  const options: StreamParserOptions = { snapshots, ...(form.partialComponents ? { partialComponents: true } : {}) };
  const run = emittedRun(basicCatalog(version), text, chunk, options);
  const byKey = new Map<string, Definition[]>();
  for (const d of definitions) byKey.set(d.key, [...(byKey.get(d.key) ?? []), d]);
  const early = new Set<Definition>();
  const beforeMessage = new Set<Definition>();
  const finalAt = new Map<Definition, number>();
  const firstAt = new Map<Definition, number>();
  for (const { message, at } of run.messages) {
    const loose = message as Readonly<Record<string, unknown>>;
    const body = (loose.updateComponents ?? loose.surfaceUpdate) as { surfaceId: string; components: Record<string, unknown>[] } | undefined;
    if (!body) continue;
    for (const component of body.components) {
      if (isPlaceholder(component)) continue;
      // The definition being read or last read for this id.
      const candidates = byKey.get(`${body.surfaceId}/${String(component.id)}`) ?? [];
      const def = [...candidates].reverse().find((d) => d.start < at);
      if (!def) continue;
      if (!firstAt.has(def)) firstAt.set(def, at);
      if (at < def.end) early.add(def);
      if (at < def.messageEnd) beforeMessage.add(def);
      if (!finalAt.has(def) && canonical(component) === canonical(def.value)) finalAt.set(def, at);
    }
  }
  const lags = definitions
    .filter((d) => finalAt.has(d))
    .map((d) => Math.max(0, (finalAt.get(d) as number) - d.end))
    .sort((a, b) => a - b);
  const roots = definitions
    .filter((d) => d.key.endsWith('/root') && firstAt.has(d))
    .map((d) => (firstAt.get(d) as number) - d.start)
    .sort((a, b) => a - b);
  return {
    version,
    chunk,
    snapshots,
    form: `${form.inline ? 'inline' : 'split'}${form.partialComponents ? '+partial' : ''}`,
    components: definitions.length,
    shownBeforeClose: early.size / definitions.length,
    shownBeforeMessageClose: beforeMessage.size / definitions.length,
    lagMedian: quantile(lags, 0.5),
    lagP90: quantile(lags, 0.9),
    neverFinal: definitions.length - lags.length,
    rootFirstPaint: quantile(roots, 0.5),
  };
}

/** The earliness table. */
export function earlinessTable(rows: readonly EarlinessRow[]): string {
  const header = [
    'ver',
    'form',
    'chunk',
    'mode',
    'objects',
    'shown before close',
    'before message close',
    'lag median',
    'lag p90',
    'never final',
    'root first paint',
  ];
  const body = rows.map((r) => [
    `v${r.version}`,
    r.form,
    String(r.chunk),
    r.snapshots,
    String(r.components),
    `${(r.shownBeforeClose * 100).toFixed(1)}%`,
    `${(r.shownBeforeMessageClose * 100).toFixed(1)}%`,
    String(r.lagMedian),
    String(r.lagP90),
    String(r.neverFinal),
    String(r.rootFirstPaint),
  ]);
  return renderTable(header, body);
}
