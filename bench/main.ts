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
 *
 * This file is the driver: `options.ts` reads the flags, `main-table.ts` and `small-surfaces.ts`
 * time the main table and many small surfaces, `renderer-figures.ts` the renderer's cost and the
 * earliness, `report.ts` prints every section and `targets.ts` holds the targets.
 */
import { writeFileSync } from 'node:fs';
import { OUTPUT_SHAPES } from '../test/support/output-shapes.js';
import { measureAgUi, type AgUiRow } from './ag-ui.js';
import { sinkValue } from './figures.js';
import { measureLayers, type LayerRow } from './layers.js';
import { LINEAR_CASES, measureLinearity, type LinearRow } from './linearity.js';
import { measureMainRows } from './main-table.js';
import { HEAP_GROWTH_FLAG, heapGrowth, heapGrowthInChild, type HeapOptions, type Heaps } from './memory.js';
import { parseOptions } from './options.js';
import { measureOutput, OUTPUT_CHUNKS, type OutputRow } from './output-bound.js';
import { measurementProblems } from './problems.js';
import { progress } from './progress.js';
import { EARLINESS_RUNS, rendererFigures, rendererNs } from './renderer-figures.js';
import { printFigures, printTargets } from './report.js';
import { measureShapes, SHAPES, type ShapeRow } from './shapes.js';
import { measureSmall } from './small-surfaces.js';
import { fmtMs } from './table.js';
import { checks, outputChecks, rendererChecks } from './targets.js';

const args = process.argv.slice(2);
const options = parseOptions(args);
const { smoke, versions, budget, rounds, skips } = options;

async function main(): Promise<void> {
  const started = Date.now();
  const rows = skips('table') ? [] : await measureMainRows(options);
  const small = skips('small') ? [] : await measureSmall(options);
  let shapes: ShapeRow[] = [];
  if (!skips('shapes')) {
    progress(`scaling by shape: n = ${options.shapeN} and ${2 * options.shapeN}`);
    shapes = await measureShapes(options.shapeN, budget, rounds);
  }
  let linear: LinearRow[] = [];
  if (!skips('linearity')) {
    progress('linearity: the cases test/ once timed, at n and 2n');
    linear = await measureLinearity(budget, rounds, smoke);
  }
  const layers: LayerRow[] = [];
  if (!skips('layers')) {
    // At the targets' size and chunk (the smoke run: its smallest size).
    const kb = smoke ? 50 : 200;
    for (const version of versions) {
      progress(`layers: v${version} ${kb} KB, 16-char chunks`);
      layers.push(await measureLayers(version, kb, 16, budget, rounds));
    }
  }
  let heaps: Heaps | undefined;
  if (!skips('memory')) {
    // The smoke run reads a tenth of the stream; its figure is not the target's.
    const memory = smoke ? { kb: 2_000, blocks: 20 } : { kb: 20_000, blocks: 200 };
    progress(`memory: ${memory.kb / 1000} MB stream`);
    heaps = {
      full: heapGrowthInChild({ version: '0.9', chunk: 64, snapshots: 'full', ...memory }),
      delta: heapGrowthInChild({ version: '0.9', chunk: 64, snapshots: 'delta', ...memory }),
    };
  }
  const renderer = await rendererFigures(options);
  let output: OutputRow[] = [];
  if (!skips('output')) {
    progress('output bound: delta bytes out ÷ in per shape, 1-, 16- and 64-char chunks');
    output = measureOutput();
  }
  let agUi: AgUiRow[] = [];
  if (!skips('ag-ui')) {
    const agUiSizes = smoke ? [3_000] : [4_000, 12_000, 40_000];
    progress(`AG-UI: @ag-ui/a2ui-middleware and A2uiStreamMiddleware, render_a2ui runs from ${agUiSizes.join(', ')}-character responses`);
    agUi = await measureAgUi(agUiSizes, smoke ? 1 : 5);
  }
  printFigures({ rows, small, shapes, linear, layers, heaps, renderer, output, agUi });
  const results = [
    ...checks(versions, rows, smoke ? [] : shapes, smoke ? [] : linear, smoke ? undefined : heaps, smoke ? [] : small),
    ...(smoke ? [] : rendererChecks(renderer, rendererNs(smoke).outPerIn)),
    ...(smoke ? [] : outputChecks(output)),
  ];
  printTargets(results);
  console.log(`\n(${fmtMs(Date.now() - started)} total; sink ${sinkValue() > 0 ? 'ok' : 'empty'})`);
  const shapeRows = shapes.map(({ shape, ...row }) => ({ shape: shape.name, ...row }));
  if (options.jsonOut)
    writeFileSync(options.jsonOut, JSON.stringify({ rows, small, shapes: shapeRows, linear, layers, heaps, renderer, output, agUi, checks: results }, null, 2));
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
  const unless = (name: string, count: number) => (skips(name) ? 0 : count);
  const ns = rendererNs(smoke);
  return {
    rows: unless('table', versions.length * options.sizes.length * options.chunkSizes.length),
    small: unless('small', versions.length),
    shapes: unless('shapes', SHAPES.length),
    linear: unless('linearity', LINEAR_CASES.length),
    layers: unless('layers', versions.length),
    heaps: unless('memory', 2),
    rendererRows: unless('renderer', 1 + ns.cost.length),
    outPerIn: unless('renderer', ns.outPerIn.length),
    earliness: unless('earliness', EARLINESS_RUNS),
    output: unless('output', OUTPUT_SHAPES.length * 2 * OUTPUT_CHUNKS.length),
  };
}

const heapOnly = args.find((a) => a.startsWith(HEAP_GROWTH_FLAG));
if (heapOnly) console.log(JSON.stringify(heapGrowth(JSON.parse(heapOnly.slice(HEAP_GROWTH_FLAG.length)) as HeapOptions)));
else await main();
