/**
 * The benchmark's targets (at 200 KB, 16-character chunks; the shapes and the linearity cases at
 * `n` and `2n`): each figure with its limit. A missed target prints FAIL and leaves the exit code
 * alone.
 */
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { LINEAR_LIMIT, type LinearRow } from './linearity.js';
import { defaultMode, findRow, type MainRow } from './main-table.js';
import { ratio } from './measure.js';
import type { Heaps } from './memory.js';
import type { OutputRow } from './output-bound.js';
import type { RendererFigures } from './renderer-figures.js';
import { shapeScaling, type ShapeRow } from './shapes.js';
import type { SmallRow } from './small-surfaces.js';

/** A target: a figure and its limit (met when the value is at most the limit). */
export interface Check {
  name: string;
  value: number;
  limit: number;
}

/** The targets of the core's figures: the main table, many small surfaces, the shapes, linearity and memory. */
export function checks(
  versions: readonly GeneratedVersion[],
  rows: readonly MainRow[],
  shapes: readonly ShapeRow[],
  linear: readonly LinearRow[],
  heaps: Heaps | undefined,
  small: readonly SmallRow[],
): Check[] {
  const out: Check[] = [];
  // Goals, as for the generated workload: core ÷ tokenizer ≤ 1.5 with delta snapshots, ≤ 2.5 with full.
  for (const r of small) {
    out.push(
      { name: `v${r.version} many small surfaces, core delta ÷ tokenizer`, value: ratio(r.delta, r.tokenizer) as number, limit: 1.5 },
      { name: `v${r.version} many small surfaces, core full ÷ tokenizer`, value: ratio(r.full, r.tokenizer) as number, limit: 2.5 },
    );
  }
  for (const version of versions) {
    const r = findRow(rows, version, 200, 16);
    if (!r) continue;
    const mode = defaultMode(version);
    out.push(
      // Validation on, the version's default snapshots: delta from v0.9 on, full for v0.8.
      { name: `v${version} core, default options (${mode}) ÷ tokenizer`, value: ratio(r[mode], r.tokenizer) as number, limit: mode === 'delta' ? 1.5 : 2.5 },
      { name: `v${version} core full ÷ tokenizer`, value: ratio(r.full, r.tokenizer) as number, limit: 2.5 },
      { name: `v${version} a2uiStream ÷ (core + identity stream)`, value: ratio(r.stream, r.viaIdentity) as number, limit: 1.1 },
    );
    const big = findRow(rows, version, 400, 16);
    if (big?.atHalf) {
      out.push({ name: `v${version} scaling 400 KB ÷ 200 KB (default options)`, value: ratio(big[mode], big.atHalf) as number, limit: 2.2 });
    }
  }
  for (const row of shapes) {
    const scaling = shapeScaling(row);
    out.push({ name: `scaling by shape, ${row.shape.name}: 2n ÷ n (delta)`, value: scaling.delta, limit: 2.3 });
    // Full snapshots re-send the tree per change: where each change adds to one surface, quadratic.
    if (!row.shape.quadraticWhenFull) out.push({ name: `scaling by shape, ${row.shape.name}: 2n ÷ n (full)`, value: scaling.full, limit: 2.3 });
  }
  for (const row of linear) out.push({ name: `linearity, ${row.name}: 2n ÷ n`, value: row.scaling, limit: LINEAR_LIMIT });
  if (heaps) {
    for (const [mode, heap] of Object.entries(heaps)) {
      const chars = (heap.chars / 1e6).toFixed(1);
      out.push({ name: `heap growth on ${chars} M chars, ${mode} snapshots (MB)`, value: heap.peakMb, limit: 32 });
    }
  }
  return out;
}

/**
 * The renderer's targets: web_core's cost in delta mode, delta's bytes out ÷ in flat as the list
 * grows (its sizes: `outPerInNs`), and the earliness guards.
 */
export function rendererChecks(figures: RendererFigures | undefined, outPerInNs: readonly number[]): Check[] {
  const out: Check[] = [];
  for (const row of figures?.rows ?? []) {
    out.push({ name: `renderer cost, ${row.workload}, delta: web_core ÷ floor`, value: row.modes.delta.cost, limit: 4 });
  }
  const ratios = figures?.outPerIn.map((r) => r.ratio) ?? [];
  if (ratios.length > 1) {
    out.push({
      name: `list workload, delta bytes out ÷ in: largest ÷ smallest (N = ${outPerInNs.join(', ')})`,
      value: Math.max(...ratios) / Math.min(...ratios),
      limit: 1.5,
    });
  }
  const early = figures?.earliness.find((r) => r.version === '0.9' && r.chunk === 16 && r.snapshots === 'delta');
  if (early)
    out.push({ name: 'v0.9 16-char chunks, delta: share shown before close (guard ≥ 0.9; as 1 − share)', value: 1 - early.shownBeforeClose, limit: 0.1 });
  // v1.0 written inside createSurface, against the same surfaces written as separate messages (16-char chunks, delta).
  const v10 = (form: string) => figures?.earliness.find((r) => r.version === '1.0' && r.chunk === 16 && r.snapshots === 'delta' && r.form === form);
  for (const [inline, split, share] of [
    ['inline', 'split', 'shownBeforeMessageClose'],
    ['inline+partial', 'split+partial', 'shownBeforeClose'],
  ] as const) {
    const [a, b] = [v10(inline), v10(split)];
    if (a && b)
      out.push({ name: `v1.0 ${inline} earliness (${share}) points below ${split} (limit 2)`, value: Math.max(0, (b[share] - a[share]) * 100), limit: 2 });
  }
  return out;
}

/** The output bound's targets: delta bytes out ÷ bytes in ≤ 4 in every cell. */
export function outputChecks(rows: readonly OutputRow[]): Check[] {
  return rows.map((r) => ({ name: `output bound, ${r.shape} (${r.layout}), ${r.chunk}-char chunks: delta bytes out ÷ in`, value: r.ratio, limit: 4 }));
}
