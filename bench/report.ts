/**
 * The benchmark's report on stdout: the machine, then each section measured (its heading and its
 * table), then the targets.
 */
import { cpus } from 'node:os';
import { agUiTable, type AgUiRow } from './ag-ui.js';
import { earlinessTable } from './earliness.js';
import { layerTable, type LayerRow } from './layers.js';
import { linearityTable, type LinearRow } from './linearity.js';
import { mainTable, type MainRow } from './main-table.js';
import type { Heaps } from './memory.js';
import { outputTable, type OutputRow } from './output-bound.js';
import type { RendererFigures } from './renderer-figures.js';
import { rendererTable } from './renderer.js';
import { shapeTable, type ShapeRow } from './shapes.js';
import { smallTable, type SmallRow } from './small-surfaces.js';
import type { Check } from './targets.js';

/** What a run measured, by section (empty or `undefined` when its flag skipped it). */
export interface Figures {
  rows: MainRow[];
  small: SmallRow[];
  shapes: ShapeRow[];
  linear: LinearRow[];
  layers: LayerRow[];
  heaps: Heaps | undefined;
  renderer: RendererFigures | undefined;
  output: OutputRow[];
  agUi: AgUiRow[];
}

/** Prints the machine and each measured section of `figures`, in the report's order. */
export function printFigures({ rows, small, shapes, linear, layers, heaps, renderer, output, agUi }: Figures): void {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`a2ui-stream benchmark · node ${process.version} · ${cpu} · ${cpus().length} cores · ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    'Times are medians ± half the interquartile range, per whole response; ratios of figures timed side by side are medians of the per-round ratios.',
  );
  if (rows.length > 0) console.log(mainTable(rows));
  if (small.length > 0) {
    console.log(`\nmany small surfaces (the spec's basic-catalog examples, one block each; 16-char chunks):`);
    console.log(smallTable(small));
  }
  if (shapes.length > 0) {
    console.log(
      `\nscaling by shape (v0.9, 16-char chunks; full snapshots re-send the tree per change, so where each change adds to one surface they grow with its square):`,
    );
    console.log(shapeTable(shapes));
  }
  if (linear.length > 0) {
    console.log(`\nlinearity (work that once grew faster than its input; at n and 2n in the same rounds):`);
    console.log(linearityTable(linear));
  }
  if (layers.length > 0) {
    console.log(`\nwhere the core's time goes (layers timed side by side; "adds": over the layer it builds on):`);
    console.log(layerTable(layers));
  }
  if (heaps) {
    for (const [mode, heap] of Object.entries(heaps)) {
      console.log(
        `${mode === 'full' ? '\n' : ''}memory (${mode}): v0.9, ${(heap.chars / 1e6).toFixed(1)} M chars in ${heap.blocks} blocks, 64-char chunks: ` +
          `peak retained growth (heap + array buffers) ${heap.peakMb.toFixed(1)} MB, after end ${heap.endMb.toFixed(1)} MB (${heap.samples} samples)`,
      );
    }
  }
  if (renderer && renderer.rows.length > 0) {
    console.log(
      `\nwhat the renderer pays (v0.9, 16-char chunks; cost: web_core applying every message as it arrives ÷ applying the input's own messages once, median of rounds; best: fastest sample ÷ fastest sample):`,
    );
    console.log(rendererTable(renderer.rows));
    console.log(`delta bytes out ÷ bytes in, list workload: ${renderer.outPerIn.map((r) => `N=${r.n} ${r.ratio.toFixed(2)}`).join(', ')}`);
  }
  if (renderer && renderer.earliness.length > 0) {
    console.log(
      `\nearliness (mixed workload; lag: characters from an object's close to its final form sent; root first paint: characters from the root object's start):`,
    );
    console.log(earlinessTable(renderer.earliness));
  }
  if (output.length > 0) {
    console.log(
      `\noutput bounded by the input (v0.9, delta snapshots, no timing: characters of the messages' JSON ÷ characters of the response; indented as models write, and compact):`,
    );
    console.log(outputTable(output));
  }
  if (agUi.length > 0) {
    console.log(
      `\nAG-UI, render_a2ui runs (v0.9, 16-char argument deltas): @ag-ui/a2ui-middleware 0.0.10 and A2uiStreamMiddleware side by side (first paint: argument characters fed before the first real component was sent; CPU: median of alternated rounds):`,
    );
    console.log(agUiTable(agUi));
  }
}

/** Prints each target as pass or FAIL with its value and limit (nothing when there is none). */
export function printTargets(results: readonly Check[]): void {
  if (results.length === 0) return;
  console.log('\ntargets (200 KB, 16-char chunks; scaling by shape at n and 2n):');
  for (const c of results) {
    console.log(`  ${c.value <= c.limit ? 'pass' : 'FAIL'}  ${c.name}: ${c.value.toFixed(2)} (limit ${c.limit})`);
  }
}
