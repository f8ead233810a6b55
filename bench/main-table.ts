/**
 * The benchmark's main table: per version, response size and chunk size, the floor, the bare
 * tokenizer, the core in both snapshot modes, `a2uiStream` against the core behind an identity
 * stream, and the naive re-parse baseline, timed side by side; with their ratios.
 */
import { basicCatalog } from '../src/index.js';
import { VERSION_SPECS } from '../src/protocol/versions.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { bareTokenizer, core, coreThroughIdentity, floor, identityStream, naiveReparse, webStream } from './figures.js';
import { ratio, time, timeSideBySide, type Timing } from './measure.js';
import type { BenchOptions } from './options.js';
import { progress } from './progress.js';
import { fmtRatio, fmtTiming, renderTable } from './table.js';
import { blockPieces, chunksOf, workload } from './workloads.js';

/** One row of the main table: a version at one response size and chunk size. */
export interface MainRow {
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
export function defaultMode(version: GeneratedVersion): 'full' | 'delta' {
  return VERSION_SPECS[version].defaultSnapshots;
}

/** Largest size at which the quadratic naive baseline runs, and its smallest chunk. */
const NAIVE_MAX_KB = 50;
const NAIVE_MIN_CHUNK = 16;

/** Times the main table's rows: each of the run's versions at each of its sizes and chunk sizes. */
export async function measureMainRows(options: BenchOptions): Promise<MainRow[]> {
  const rows: MainRow[] = [];
  for (const version of options.versions) {
    const catalog = basicCatalog(version);
    for (const kb of options.sizes) {
      const { response } = workload(version, kb);
      const jsons = response.blocks.map((block) => block.json);
      for (const chunk of options.chunkSizes) {
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
        const t = await timeSideBySide(fns, options.budget, options.rounds);
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
          ...(kb <= NAIVE_MAX_KB && chunk >= NAIVE_MIN_CHUNK ? { naive: await time(() => naiveReparse(chunks), options.aloneBudget) } : {}),
        });
      }
    }
  }
  return rows;
}

/** The row of `version` at `kb` KB and `chunk`-character chunks, if the run measured it. */
export function findRow(rows: readonly MainRow[], version: string, kb: number, chunk: number): MainRow | undefined {
  return rows.find((r) => r.version === version && r.kb === kb && r.chunk === chunk);
}

/** The main table as text. */
export function mainTable(rows: readonly MainRow[]): string {
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
