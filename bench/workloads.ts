/**
 * Benchmark workloads: generated responses cut into chunks, and the per-block pieces of those
 * chunks that the bare-tokenizer baseline reads.
 */
import { generateResponse, type GeneratedResponse, type GeneratedVersion } from '../test/support/generate-response.js';

/** One response prepared for the benchmarks. */
export interface Workload {
  version: GeneratedVersion;
  /** Nominal size in KB (1 KB = 1,000 characters). */
  kb: number;
  response: GeneratedResponse;
}

/** The response cut into chunks of `size` characters (the last one may be shorter). */
export function chunksOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * The same chunks restricted to block content: per block, the pieces of each chunk that fall
 * between `<a2ui-json>` and `</a2ui-json>`, in order. What a bare JSON tokenizer would be fed if
 * someone else had already removed the text and the tags.
 */
export function blockPieces(text: string, size: number): string[][] {
  const open = '<a2ui-json>';
  const close = '</a2ui-json>';
  const blocks: string[][] = [];
  let from = text.indexOf(open);
  while (from >= 0) {
    const start = from + open.length;
    const end = text.indexOf(close, start);
    const pieces: string[] = [];
    // Chunk boundaries are multiples of `size`; cut the block's span at those boundaries.
    for (let at = start; at < end; at = Math.min(end, (Math.floor(at / size) + 1) * size)) {
      pieces.push(text.slice(at, Math.min(end, (Math.floor(at / size) + 1) * size)));
    }
    blocks.push(pieces);
    from = text.indexOf(open, end + close.length);
  }
  return blocks;
}

/**
 * Blocks per response. Fixed, so that blocks (and their surfaces) grow with the response: a cost
 * that grows with the size of a surface shows in the 400/200 scaling, as it would not if larger
 * responses only had more blocks of the same size.
 */
export const BLOCKS_PER_RESPONSE = 5;

/** Generates the workload of `version` at `kb` KB (seeded by the size, so every run is the same). */
export function workload(version: GeneratedVersion, kb: number, blocks = BLOCKS_PER_RESPONSE): Workload {
  const response = generateResponse({ version, targetBytes: kb * 1000, seed: kb, blocks });
  return { version, kb, response };
}
