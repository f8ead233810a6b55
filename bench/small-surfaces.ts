/**
 * Many small surfaces (the spec's examples, one block each: see `smallSurfaces`) at 16-character
 * chunks: the core in both snapshot modes against the bare tokenizer on the same pieces.
 */
import { basicCatalog } from '../src/index.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { bareTokenizer, core } from './figures.js';
import { ratio, timeSideBySide, type Timing } from './measure.js';
import type { BenchOptions } from './options.js';
import { progress } from './progress.js';
import { fmtRatio, fmtTiming, renderTable } from './table.js';
import { blockPieces, chunksOf, smallSurfaces } from './workloads.js';

/** One version's many small surfaces, timed side by side. */
export interface SmallRow {
  version: GeneratedVersion;
  source: 'spec' | 'generated';
  blocks: number;
  chars: number;
  tokenizer: Timing;
  full: Timing;
  delta: Timing;
}

/** Times many small surfaces for each of the run's versions. */
export async function measureSmall(options: BenchOptions): Promise<SmallRow[]> {
  const rows: SmallRow[] = [];
  for (const version of options.versions) {
    const { response, source } = smallSurfaces(version);
    progress(`many small surfaces: v${version} (${source}), ${response.blocks.length} blocks, 16-char chunks`);
    const catalog = basicCatalog(version);
    const chunks = chunksOf(response.text, 16);
    const pieces = blockPieces(response.text, 16);
    const t = await timeSideBySide(
      { tokenizer: () => bareTokenizer(pieces), full: () => core(catalog, chunks, 'full'), delta: () => core(catalog, chunks, 'delta') },
      options.budget,
      options.rounds,
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

/** The many-small-surfaces table as text. */
export function smallTable(rows: readonly SmallRow[]): string {
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
