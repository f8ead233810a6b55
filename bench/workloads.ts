/**
 * Benchmark workloads: generated responses cut into chunks, the per-block pieces of those chunks
 * that the bare-tokenizer baseline reads, and a response of many small surfaces.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The project's root: the first folder up from this module (or its bundle in `bench/.out`) with a package.json. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The spec folder: `$A2UI_SPEC_DIR` (relative to the project root), or `../shared/a2ui-spec` beside the project. */
export const SPEC_DIR = resolve(projectRoot(), process.env.A2UI_SPEC_DIR ?? '../shared/a2ui-spec');
const EXAMPLE_DIRS: Record<GeneratedVersion, string> = { '0.8': 'v0_8', '0.9': 'v0_9', '1.0': 'v1_0' };

/**
 * Many small surfaces, a realistic shape of model output: the spec's basic-catalog examples of
 * `version` (43 for v0.9), read from the spec folder when it is there (never copied), one block
 * each with a line of text before it, pretty-printed as models write; otherwise a generated
 * response of as many blocks of about the same size. `kb` is the response's size.
 */
export function smallSurfaces(version: GeneratedVersion): Workload & { source: 'spec' | 'generated' } {
  const folder = join(SPEC_DIR, EXAMPLE_DIRS[version], 'catalogs/basic/examples');
  if (!existsSync(folder)) {
    const response = generateResponse({ version, targetBytes: 43 * 1_700, seed: 43, blocks: 43 });
    return { version, kb: response.text.length / 1000, response, source: 'generated' };
  }
  const parts: string[] = [];
  const blocks: GeneratedResponse['blocks'] = [];
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const example = JSON.parse(readFileSync(join(folder, file), 'utf8')) as
      | { name?: string; messages?: GeneratedResponse['messages'] }
      | GeneratedResponse['messages'];
    const messages = Array.isArray(example) ? example : (example.messages ?? []);
    const json = JSON.stringify(messages, null, 2);
    blocks.push({ json, messages });
    parts.push(`Here is ${Array.isArray(example) ? file.replace(/\.json$/, '') : (example.name ?? file)}:\n<a2ui-json>\n${json}\n</a2ui-json>\n`);
  }
  const text = parts.join('\n');
  return { version, kb: text.length / 1000, response: { text, messages: blocks.flatMap((block) => block.messages), blocks }, source: 'spec' };
}
