/**
 * The chunkings the streaming tests read a response at: fixed sizes from one character up, the
 * whole response in one chunk, and random cuts (seeded, so a failure replays).
 */
import { Rng } from './rng.js';
import { splitAt } from './robust.js';

/** One way of cutting a response: its name (for messages) and the chunks. */
export interface Chunking {
  readonly name: string;
  readonly chunks: string[];
}

/** The fixed chunk sizes every streaming test reads at. */
export const CHUNK_SIZES = [1, 2, 3, 7, 16, 64] as const;

/** `text` in chunks of `size` characters (the last one may be shorter). */
export function chunksOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * `text` at each of {@link CHUNK_SIZES}, whole, and at `random` random chunkings (a few large
 * pieces or many small ones), seeded by `seed`.
 */
export function chunkings(text: string, seed = 1, random = 3): Chunking[] {
  const out: Chunking[] = CHUNK_SIZES.map((size) => ({ name: `${size}-char chunks`, chunks: chunksOf(text, size) }));
  out.push({ name: 'whole', chunks: [text] });
  const rng = new Rng(seed);
  for (let n = 0; n < random; n++) {
    const cuts = Array.from({ length: rng.chance(0.3) ? rng.int(1, 4) : rng.int(5, 80) }, () => rng.int(0, text.length));
    out.push({ name: `random chunking ${n} (seed ${seed})`, chunks: splitAt(text, cuts) });
  }
  return out;
}
