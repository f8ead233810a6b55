/**
 * A run's renderer figures: what the renderer pays and delta's bytes out ÷ bytes in on the list
 * workload (see `renderer.ts`), and how early components show (see `earliness.ts`), at the sizes
 * of a full or a smoke run.
 */
import { measureEarliness, type EarlinessRow } from './earliness.js';
import type { BenchOptions } from './options.js';
import { progress } from './progress.js';
import { deltaOutPerIn, measureRenderer, type RendererRow } from './renderer.js';

/** What the renderer pays and how early components show (see `renderer.ts`, `earliness.ts`). */
export interface RendererFigures {
  rows: RendererRow[];
  outPerIn: { n: number; ratio: number }[];
  earliness: EarlinessRow[];
}

/** List sizes of the renderer cost (`cost`) and of delta's bytes out ÷ bytes in (`outPerIn`). */
export function rendererNs(smoke: boolean): { cost: number[]; outPerIn: number[] } {
  return smoke ? { cost: [20, 40], outPerIn: [20, 80] } : { cost: [100, 400], outPerIn: [100, 200, 400, 800, 1600] };
}

/** The earliness runs: each version at each chunk size in each mode, and v1.0's forms (see `earliness.ts`) at 16 characters, delta. */
const EARLINESS = { versions: ['0.9', '1.0'], chunks: [1, 16], modes: ['delta', 'full'] } as const;
const V10_FORMS = [{ inline: true }, { partialComponents: true }, { inline: true, partialComponents: true }] as const;

/** How many earliness rows a run without `--no-earliness` measures. */
export const EARLINESS_RUNS = EARLINESS.versions.length * EARLINESS.chunks.length * EARLINESS.modes.length + V10_FORMS.length;

/** Measures the renderer figures the run's flags ask for (`undefined` when none). */
export async function rendererFigures(options: BenchOptions): Promise<RendererFigures | undefined> {
  const { smoke } = options;
  const out: RendererFigures = { rows: [], outPerIn: [], earliness: [] };
  if (!options.skips('renderer')) {
    const ns = rendererNs(smoke);
    progress(`renderer cost: mixed ${smoke ? 20 : 200} KB, lists N = ${ns.cost.join(', ')}`);
    out.rows = await measureRenderer(smoke ? 20 : 200, ns.cost, options.budget, smoke ? 1 : 7);
    out.outPerIn = deltaOutPerIn(ns.outPerIn);
  }
  if (!options.skips('earliness')) {
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
