/**
 * `npm run bench`: times the floor, the baselines and the library on generated responses and
 * prints one table of figures and ratios, then the targets (at 200 KB, 16-character chunks).
 * `npm run bench:smoke` runs everything once at the smallest size (no timing asserts). Either exits
 * non-zero when a measurement is broken (see `problems.ts`), never for a missed target.
 *
 * Then many small surfaces (the spec's examples, one block each: see `smallSurfaces`), the scaling
 * by shape (see `shapes.ts`), the cases that once grew faster than their input (see
 * `linearity.ts`), the core's layers (see `layers.ts`) and the memory figures; then what the
 * renderer pays (see `renderer.ts`: web_core's cost, objects and bytes sent, delta's bytes out ÷
 * bytes in on the list workload), the earliness guard (see `earliness.ts`) and delta's bytes out ÷
 * bytes in per shape and chunk size (see `output-bound.ts`).
 *
 * Flags: `--smoke`, `--versions=0.8,0.9,1.0`, `--sizes=50,100,200,400`, `--chunks=1,4,16,64,1024`,
 * `--shapes=1000` (`n` of the shapes; `--no-shapes` skips them), `--no-table` (skips the main
 * table), `--no-small` (skips many small surfaces), `--no-linearity`, `--no-layers`, `--no-memory`,
 * `--no-renderer`, `--no-earliness`, `--no-output`, `--no-ag-ui` (skips `@ag-ui/a2ui-middleware` side by side
 * with `A2uiStreamMiddleware`, see `ag-ui.ts`), `--json=<file>` (also write the figures as JSON).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { basicCatalog } from '../src/index.js';
import { VERSION_SPECS } from '../src/protocol/versions.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { bareTokenizer, core, coreThroughIdentity, floor, identityStream, naiveReparse, sinkValue, webStream } from './figures.js';
import { DEFAULT_BUDGET, ratio, ROUND_BUDGET, SMOKE_BUDGET, time, timeSideBySide, type Timing } from './measure.js';
import { layerTable, measureLayers, type LayerRow } from './layers.js';
import { HEAP_GROWTH_FLAG, heapGrowth, heapGrowthInChild, type HeapGrowth, type HeapOptions } from './memory.js';
import { agUiTable, measureAgUi, type AgUiRow } from './ag-ui.js';
import { earlinessTable, measureEarliness, type EarlinessRow } from './earliness.js';
import { deltaOutPerIn, measureRenderer, rendererTable, type RendererRow } from './renderer.js';
import { linearityTable, LINEAR_CASES, LINEAR_LIMIT, measureLinearity, type LinearRow } from './linearity.js';
import { measureOutput, OUTPUT_CHUNKS, outputTable, type OutputRow } from './output-bound.js';
import { OUTPUT_SHAPES } from '../test/support/output-shapes.js';
import { measurementProblems } from './problems.js';
import { measureShapes, SHAPES, shapeScaling, type ShapeRow } from './shapes.js';
import { fmtMs, fmtRatio, fmtTiming, renderTable } from './table.js';
import { blockPieces, chunksOf, smallSurfaces, workload } from './workloads.js';

interface Row {
  version: GeneratedVersion;
  kb: number;
  chars: number;
  chunk: number;
  floor: Timing;
  tokenizer: Timing;
  full: Timing;
  delta: Timing;
  stream: Timing;
  identity: Timing;
  /** The core with its default options behind an identity `TransformStream` (see `coreThroughIdentity`). */
  viaIdentity: Timing;
  naive?: Timing;
  /** At 400 KB: the core with its default options on the 200 KB response, timed in the same rounds (for the scaling). */
  atHalf?: Timing;
}

/** The snapshot mode a parser of `version` uses by default, and its figure in a row. */
function defaultMode(version: GeneratedVersion): 'full' | 'delta' {
  return VERSION_SPECS[version].defaultSnapshots;
}

/** Largest size at which the quadratic naive baseline runs, and its smallest chunk. */
const NAIVE_MAX_KB = 50;
const NAIVE_MIN_CHUNK = 16;

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const list = (name: string, fallback: string) => (args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback).split(',');
const smoke = flag('smoke');
const versions = list('versions', '0.8,0.9,1.0') as GeneratedVersion[];
const sizes = list('sizes', smoke ? '50' : '50,100,200,400').map(Number);
const chunkSizes = list('chunks', smoke ? '16,1024' : '1,4,16,64,1024').map(Number);
const budget = smoke ? SMOKE_BUDGET : ROUND_BUDGET;
/** Budget of a figure timed on its own (the naive baseline). */
const aloneBudget = smoke ? SMOKE_BUDGET : DEFAULT_BUDGET;
/** Rounds of side-by-side timing per row (see `timeSideBySide`). */
const rounds = smoke ? 1 : 7;
const jsonOut = args.find((a) => a.startsWith('--json='))?.split('=')[1];
const shapeN = Number(list('shapes', smoke ? '100' : '1000')[0]);

function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function measureRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const version of versions) {
    const catalog = basicCatalog(version);
    for (const kb of sizes) {
      const { response } = workload(version, kb);
      const jsons = response.blocks.map((block) => block.json);
      for (const chunk of chunkSizes) {
        progress(`v${version} ${kb} KB, ${chunk}-char chunks`);
        const chunks = chunksOf(response.text, chunk);
        const pieces = blockPieces(response.text, chunk);
        // At 400 KB the core also reads the 200 KB response in the same rounds, so the scaling
        // ratio compares two figures taken side by side, not two rows minutes apart.
        const halfChunks = kb === 400 ? chunksOf(workload(version, 200).response.text, chunk) : undefined;
        const fns: Record<string, () => unknown> = {
          floor: () => floor(jsons),
          tokenizer: () => bareTokenizer(pieces),
          full: () => core(catalog, chunks, 'full'),
          delta: () => core(catalog, chunks, 'delta'),
          stream: () => webStream(catalog, chunks),
          identity: () => identityStream(chunks),
          viaIdentity: () => coreThroughIdentity(catalog, chunks),
        };
        if (halfChunks) fns.atHalf = () => core(catalog, halfChunks, undefined);
        const t = await timeSideBySide(fns, budget, rounds);
        rows.push({
          version,
          kb,
          chars: response.text.length,
          chunk,
          floor: t.floor as Timing,
          tokenizer: t.tokenizer as Timing,
          full: t.full as Timing,
          delta: t.delta as Timing,
          stream: t.stream as Timing,
          identity: t.identity as Timing,
          viaIdentity: t.viaIdentity as Timing,
          ...(t.atHalf ? { atHalf: t.atHalf } : {}),
          ...(kb <= NAIVE_MAX_KB && chunk >= NAIVE_MIN_CHUNK ? { naive: await time(() => naiveReparse(chunks), aloneBudget) } : {}),
        });
      }
    }
  }
  return rows;
}

/** Many small surfaces at 16-character chunks: the core against the bare tokenizer on the same pieces. */
interface SmallRow {
  version: GeneratedVersion;
  source: 'spec' | 'generated';
  blocks: number;
  chars: number;
  tokenizer: Timing;
  full: Timing;
  delta: Timing;
}

async function measureSmall(): Promise<SmallRow[]> {
  const rows: SmallRow[] = [];
  for (const version of versions) {
    const { response, source } = smallSurfaces(version);
    progress(`many small surfaces: v${version} (${source}), ${response.blocks.length} blocks, 16-char chunks`);
    const catalog = basicCatalog(version);
    const chunks = chunksOf(response.text, 16);
    const pieces = blockPieces(response.text, 16);
    const t = await timeSideBySide(
      { tokenizer: () => bareTokenizer(pieces), full: () => core(catalog, chunks, 'full'), delta: () => core(catalog, chunks, 'delta') },
      budget,
      rounds,
    );
    rows.push({
      version,
      source,
      blocks: response.blocks.length,
      chars: response.text.length,
      tokenizer: t.tokenizer as Timing,
      full: t.full as Timing,
      delta: t.delta as Timing,
    });
  }
  return rows;
}

function smallTable(rows: readonly SmallRow[]): string {
  const header = ['ver', 'source', 'blocks', 'chars', 'tokenizer', 'core full', 'core delta', 'full/tok', 'delta/tok'];
  const body = rows.map((r) => [
    `v${r.version}`,
    r.source,
    String(r.blocks),
    String(r.chars),
    fmtTiming(r.tokenizer),
    fmtTiming(r.full),
    fmtTiming(r.delta),
    fmtRatio(ratio(r.full, r.tokenizer)),
    fmtRatio(ratio(r.delta, r.tokenizer)),
  ]);
  return renderTable(header, body);
}

function find(rows: readonly Row[], version: string, kb: number, chunk: number): Row | undefined {
  return rows.find((r) => r.version === version && r.kb === kb && r.chunk === chunk);
}

function table(rows: readonly Row[]): string {
  const header = [
    'ver',
    'KB',
    'chunk',
    'floor',
    'tokenizer',
    'core full',
    'core delta',
    'default',
    'full/floor',
    'full/tok',
    'delta/tok',
    '400/200',
    'a2uiStream',
    'identity',
    'core+id',
    'stream/(core+id)',
    `naive (≤${NAIVE_MAX_KB} KB)`,
    'naive/full',
  ];
  const body = rows.map((r) => {
    return [
      `v${r.version}`,
      String(r.kb),
      String(r.chunk),
      fmtTiming(r.floor),
      fmtTiming(r.tokenizer),
      fmtTiming(r.full),
      fmtTiming(r.delta),
      defaultMode(r.version),
      fmtRatio(ratio(r.full, r.floor)),
      fmtRatio(ratio(r.full, r.tokenizer)),
      fmtRatio(ratio(r.delta, r.tokenizer)),
      fmtRatio(ratio(r[defaultMode(r.version)], r.atHalf)),
      fmtTiming(r.stream),
      fmtTiming(r.identity),
      fmtTiming(r.viaIdentity),
      fmtRatio(ratio(r.stream, r.viaIdentity)),
      fmtTiming(r.naive),
      fmtRatio(ratio(r.naive, r.full)),
    ];
  });
  return renderTable(header, body);
}

interface Check {
  name: string;
  value: number;
  limit: number;
}

/** Heap growth per snapshot mode. */
interface Heaps {
  full: HeapGrowth;
  delta: HeapGrowth;
}

function shapeTable(rows: readonly ShapeRow[]): string {
  const header = ['shape', 'n', 'chars', 'full n', 'full 2n', '2n/n', 'delta n', 'delta 2n', '2n/n'];
  const body = rows.map((r) => {
    const scaling = shapeScaling(r);
    return [
      r.shape.name,
      String(r.n),
      String(r.chars),
      fmtTiming(r.full),
      fmtTiming(r.fullAtDouble),
      fmtRatio(scaling.full),
      fmtTiming(r.delta),
      fmtTiming(r.deltaAtDouble),
      fmtRatio(scaling.delta),
    ];
  });
  const legend = rows.map((r) => `  ${r.shape.name}: ${r.shape.grows}`);
  return [renderTable(header, body), ...legend].join('\n');
}

/** What the renderer pays and how early components show (see `renderer.ts`, `earliness.ts`). */
interface RendererFigures {
  rows: RendererRow[];
  outPerIn: { n: number; ratio: number }[];
  earliness: EarlinessRow[];
}

/** List sizes of the renderer cost and of delta's bytes out ÷ bytes in. */
const RENDERER_NS = smoke ? [20, 40] : [100, 400];
const OUT_PER_IN_NS = smoke ? [20, 80] : [100, 200, 400, 800, 1600];

/** The earliness runs: each version at each chunk size in each mode, and v1.0's forms (see `earliness.ts`) at 16 characters, delta. */
const EARLINESS = { versions: ['0.9', '1.0'], chunks: [1, 16], modes: ['delta', 'full'] } as const;
const V10_FORMS = [{ inline: true }, { partialComponents: true }, { inline: true, partialComponents: true }] as const;

async function rendererFigures(): Promise<RendererFigures | undefined> {
  const out: RendererFigures = { rows: [], outPerIn: [], earliness: [] };
  if (!flag('no-renderer')) {
    progress(`renderer cost: mixed ${smoke ? 20 : 200} KB, lists N = ${RENDERER_NS.join(', ')}`);
    out.rows = await measureRenderer(smoke ? 20 : 200, RENDERER_NS, budget, smoke ? 1 : 7);
    out.outPerIn = deltaOutPerIn(OUT_PER_IN_NS);
  }
  if (!flag('no-earliness')) {
    progress('earliness: v0.9 and v1.0, 1- and 16-char chunks');
    for (const version of EARLINESS.versions) {
      for (const chunk of EARLINESS.chunks) {
        for (const snapshots of EARLINESS.modes) out.earliness.push(measureEarliness(version, smoke ? 5 : 50, chunk, snapshots));
      }
    }
    for (const form of V10_FORMS) out.earliness.push(measureEarliness('1.0', smoke ? 5 : 50, 16, 'delta', form));
  }
  return out.rows.length + out.earliness.length > 0 ? out : undefined;
}

/** The output bound's targets: delta bytes out ÷ bytes in ≤ 4 in every cell. */
function outputChecks(rows: readonly OutputRow[]): Check[] {
  return rows.map((r) => ({ name: `output bound, ${r.shape} (${r.layout}), ${r.chunk}-char chunks: delta bytes out ÷ in`, value: r.ratio, limit: 4 }));
}

function rendererChecks(figures: RendererFigures | undefined): Check[] {
  const out: Check[] = [];
  for (const row of figures?.rows ?? []) {
    out.push({ name: `renderer cost, ${row.workload}, delta: web_core ÷ floor`, value: row.modes.delta.cost, limit: 4 });
  }
  const ratios = figures?.outPerIn.map((r) => r.ratio) ?? [];
  if (ratios.length > 1) {
    out.push({
      name: `list workload, delta bytes out ÷ in: largest ÷ smallest (N = ${OUT_PER_IN_NS.join(', ')})`,
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

function checks(
  rows: readonly Row[],
  shapes: readonly ShapeRow[],
  linear: readonly LinearRow[],
  heaps: Heaps | undefined,
  small: readonly SmallRow[] = [],
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
    const r = find(rows, version, 200, 16);
    if (!r) continue;
    const mode = defaultMode(version);
    out.push(
      // Validation on, the version's default snapshots: delta from v0.9 on, full for v0.8.
      { name: `v${version} core, default options (${mode}) ÷ tokenizer`, value: ratio(r[mode], r.tokenizer) as number, limit: mode === 'delta' ? 1.5 : 2.5 },
      { name: `v${version} core full ÷ tokenizer`, value: ratio(r.full, r.tokenizer) as number, limit: 2.5 },
      { name: `v${version} a2uiStream ÷ (core + identity stream)`, value: ratio(r.stream, r.viaIdentity) as number, limit: 1.1 },
    );
    const big = find(rows, version, 400, 16);
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

async function main(): Promise<void> {
  const started = Date.now();
  const rows = flag('no-table') ? [] : await measureRows();
  const small = flag('no-small') ? [] : await measureSmall();
  let shapes: ShapeRow[] = [];
  if (!flag('no-shapes')) {
    progress(`scaling by shape: n = ${shapeN} and ${2 * shapeN}`);
    shapes = await measureShapes(shapeN, budget, rounds);
  }
  let linear: LinearRow[] = [];
  if (!flag('no-linearity')) {
    progress('linearity: the cases test/ once timed, at n and 2n');
    linear = await measureLinearity(budget, rounds, smoke);
  }
  const layers: LayerRow[] = [];
  if (!flag('no-layers')) {
    // At the targets' size and chunk (the smoke run: its smallest size).
    const kb = smoke ? 50 : 200;
    for (const version of versions) {
      progress(`layers: v${version} ${kb} KB, 16-char chunks`);
      layers.push(await measureLayers(version, kb, 16, budget, rounds));
    }
  }
  let heaps: Heaps | undefined;
  if (!flag('no-memory')) {
    // The smoke run reads a tenth of the stream; its figure is not the target's.
    const memory = smoke ? { kb: 2_000, blocks: 20 } : { kb: 20_000, blocks: 200 };
    progress(`memory: ${memory.kb / 1000} MB stream`);
    heaps = {
      full: heapGrowthInChild({ version: '0.9', chunk: 64, snapshots: 'full', ...memory }),
      delta: heapGrowthInChild({ version: '0.9', chunk: 64, snapshots: 'delta', ...memory }),
    };
  }
  const renderer = await rendererFigures();
  let output: OutputRow[] = [];
  if (!flag('no-output')) {
    progress('output bound: delta bytes out ÷ in per shape, 1-, 16- and 64-char chunks');
    output = measureOutput();
  }
  let agUi: AgUiRow[] = [];
  if (!flag('no-ag-ui')) {
    const agUiSizes = smoke ? [3_000] : [4_000, 12_000, 40_000];
    progress(`AG-UI: @ag-ui/a2ui-middleware and A2uiStreamMiddleware, render_a2ui runs from ${agUiSizes.join(', ')}-character responses`);
    agUi = await measureAgUi(agUiSizes, smoke ? 1 : 5);
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`a2ui-stream benchmark · node ${process.version} · ${cpu} · ${cpus().length} cores · ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    'Times are medians ± half the interquartile range, per whole response; ratios of figures timed side by side are medians of the per-round ratios.',
  );
  if (rows.length > 0) console.log(table(rows));
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
  const results = [
    ...checks(rows, smoke ? [] : shapes, smoke ? [] : linear, smoke ? undefined : heaps, smoke ? [] : small),
    ...(smoke ? [] : rendererChecks(renderer)),
    ...(smoke ? [] : outputChecks(output)),
  ];
  if (results.length > 0) {
    console.log('\ntargets (200 KB, 16-char chunks; scaling by shape at n and 2n):');
    for (const c of results) {
      console.log(`  ${c.value <= c.limit ? 'pass' : 'FAIL'}  ${c.name}: ${c.value.toFixed(2)} (limit ${c.limit})`);
    }
  }
  console.log(`\n(${fmtMs(Date.now() - started)} total; sink ${sinkValue() > 0 ? 'ok' : 'empty'})`);
  const shapeRows = shapes.map(({ shape, ...row }) => ({ shape: shape.name, ...row }));
  if (jsonOut)
    writeFileSync(jsonOut, JSON.stringify({ rows, small, shapes: shapeRows, linear, layers, heaps, renderer, output, agUi, checks: results }, null, 2));
  const problems = measurementProblems(
    {
      rows,
      small,
      shapes: shapeRows,
      linear,
      layers,
      heaps,
      rendererRows: renderer?.rows,
      outPerIn: renderer?.outPerIn,
      earliness: renderer?.earliness,
      output,
      checks: results,
      sink: sinkValue(),
    },
    expectedRows(),
  );
  if (problems.length > 0) {
    console.log(`\nbroken measurements (not missed targets):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exitCode = 1;
  }
}

/** How many rows of each section this run's flags ask for. */
function expectedRows(): Record<string, number> {
  const unless = (name: string, count: number) => (flag(`no-${name}`) ? 0 : count);
  return {
    rows: unless('table', versions.length * sizes.length * chunkSizes.length),
    small: unless('small', versions.length),
    shapes: unless('shapes', SHAPES.length),
    linear: unless('linearity', LINEAR_CASES.length),
    layers: unless('layers', versions.length),
    heaps: unless('memory', 2),
    rendererRows: unless('renderer', 1 + RENDERER_NS.length),
    outPerIn: unless('renderer', OUT_PER_IN_NS.length),
    earliness: unless('earliness', EARLINESS.versions.length * EARLINESS.chunks.length * EARLINESS.modes.length + V10_FORMS.length),
    output: unless('output', OUTPUT_SHAPES.length * 2 * OUTPUT_CHUNKS.length),
  };
}

const heapOnly = args.find((a) => a.startsWith(HEAP_GROWTH_FLAG));
if (heapOnly) console.log(JSON.stringify(heapGrowth(JSON.parse(heapOnly.slice(HEAP_GROWTH_FLAG.length)) as HeapOptions)));
else await main();
