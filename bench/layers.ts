/**
 * Where the core's time goes: its layers timed side by side with the bare tokenizer on one
 * workload, each as a multiple of it, and what each layer adds to the one it builds on. Not a
 * target figure: it shows which part of the core a target leaves room for.
 */
import { basicCatalog } from '../src/index.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { bareTokenizer, core, reader } from './figures.js';
import { ratio, timeSideBySide, type Budget, type Timing } from './measure.js';
import { fmtRatio, fmtTiming, renderTable } from './table.js';
import { blockPieces, chunksOf, workload } from './workloads.js';

/** The layers, each with what it is and the layer it builds on. */
const LAYERS = {
  tokenizer: { label: 'bare @streamparser/json (the baseline)' },
  reader: { label: 'reader: tags, repair stage, tokenizer, builder' },
  deltaUnvalidated: { label: '+ messages, surfaces, delta snapshots (validate: false)', on: 'reader' },
  delta: { label: '+ validation (core, delta snapshots)', on: 'deltaUnvalidated' },
  fullUnvalidated: { label: 'full snapshots instead (validate: false)', on: 'deltaUnvalidated' },
  full: { label: '+ validation (core, full snapshots)', on: 'fullUnvalidated' },
} as const satisfies Record<string, { label: string; on?: string }>;

type Layer = keyof typeof LAYERS;

/** The layers of one workload, timed side by side. */
export interface LayerRow {
  version: GeneratedVersion;
  kb: number;
  chunk: number;
  timings: Record<Layer, Timing>;
}

/** Times the layers on the `kb` KB workload of `version`, cut into `chunk`-character chunks. */
export async function measureLayers(version: GeneratedVersion, kb: number, chunk: number, budget: Budget, rounds: number): Promise<LayerRow> {
  const catalog = basicCatalog(version);
  const { text } = workload(version, kb).response;
  const chunks = chunksOf(text, chunk);
  const pieces = blockPieces(text, chunk);
  const timings = await timeSideBySide<Layer>(
    {
      tokenizer: () => bareTokenizer(pieces),
      reader: () => reader(chunks),
      deltaUnvalidated: () => core(catalog, chunks, 'delta', { validate: false }),
      delta: () => core(catalog, chunks, 'delta'),
      fullUnvalidated: () => core(catalog, chunks, 'full', { validate: false }),
      full: () => core(catalog, chunks, 'full'),
    },
    budget,
    rounds,
  );
  return { version, kb, chunk, timings };
}

/** Each layer's time, its multiple of the tokenizer and what it adds to the layer it builds on. */
export function layerTable(rows: readonly LayerRow[]): string {
  const header = ['layer', 'ver', 'KB', 'chunk', 'time', '÷ tokenizer', 'adds (÷ tokenizer)'];
  const body: string[][] = [];
  for (const row of rows) {
    const times = row.timings;
    const ofTokenizer = (layer: Layer) => ratio(times[layer], times.tokenizer) as number;
    for (const [layer, { label, on }] of Object.entries(LAYERS) as [Layer, { label: string; on?: Layer }][]) {
      const added = on === undefined ? undefined : ofTokenizer(layer) - ofTokenizer(on);
      const adds = added === undefined ? '' : `${added < 0 ? '−' : '+'}${fmtRatio(Math.abs(added))}`;
      body.push([label, `v${row.version}`, String(row.kb), String(row.chunk), fmtTiming(times[layer]), fmtRatio(ofTokenizer(layer)), adds]);
    }
  }
  return renderTable(header, body);
}
