/**
 * What the renderer pays: `@a2ui/web_core`'s time to apply every message the core emits (one at a
 * time, as they arrive) ÷ its time to apply the input's own complete messages once (the floor: a
 * renderer cannot do less), per snapshot mode, on the mixed workload and the list workload; with
 * the component objects and bytes sent, and whether the renderer ends showing the same (the
 * oracle). And delta's bytes out ÷ bytes in on the list workload as it grows.
 */
import { isDeepStrictEqual } from 'node:util';
import { MessageProcessor, type ComponentApi } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { basicCatalog } from '../src/index.js';
import type { A2uiMessage } from '../src/index.js';
import { heldBy, reachableHeld } from '../test/support/judged-stream.js';
import { emittedRun } from './emitted.js';
import { keep } from './figures.js';
import { listResponse } from './list-workload.js';
import { ratio, timeSideBySide, type Budget } from './measure.js';
import { fmtRatio, renderTable } from './table.js';
import { workload } from './workloads.js';

/** The snapshot modes, both measured. */
const MODES = ['full', 'delta'] as const;
/** The lists grow past the parser's default limit on components per surface. */
const LIMITS = { maxComponentsPerSurface: 1e6 };
const CHUNK = 16;

/** One workload's renderer figures per mode. */
export interface RendererRow {
  readonly workload: string;
  readonly inputBytes: number;
  /**
   * Per mode: component objects and bytes sent; `cost`, the median of the per-round ratios; and
   * `best`, the fastest round's ratio (web_core's collections and a shared machine's load make
   * single rounds of many small messages several times slower; the fastest is the steadiest);
   * `sameState`, whether the renderer ends showing what the input's own messages show.
   */
  readonly modes: Record<(typeof MODES)[number], { components: number; bytes: number; cost: number; best: number; sameState: boolean }>;
}

/** Applies `messages` to a fresh web_core processor one at a time (as a stream delivers them). */
function applyEach(messages: readonly A2uiMessage[]): MessageProcessor<ComponentApi> {
  const processor = new MessageProcessor([webCoreBasicCatalog]);
  for (const message of messages) processor.processMessages([message as never]);
  return processor;
}

/** What a renderer shows: the components each surface's root reaches, and each surface's data model. */
function shown(messages: readonly A2uiMessage[]) {
  const processor = applyEach(messages);
  const data = new Map([...processor.model.surfacesMap].map(([id, surface]) => [id, surface.dataModel.get('/') as unknown]));
  return { components: reachableHeld(heldBy(processor)), data };
}

/**
 * The oracle: the renderer shows the same after the messages sent as after the input's own
 * messages. (Full snapshots also leave their `loading_` placeholders in it, unreachable.)
 */
function sameState(sent: readonly A2uiMessage[], own: readonly A2uiMessage[]): boolean {
  return isDeepStrictEqual(shown(sent), shown(own));
}

/**
 * Renderer cost of one workload in both modes. Each mode is timed side by side with the floor on
 * its own, with only its own messages alive: the full snapshots' messages (tens of MB) held while
 * delta is timed would make every major collection in web_core slow, and the delta figure with it.
 */
async function rendererRow(name: string, text: string, own: readonly A2uiMessage[], budget: Budget, rounds: number): Promise<RendererRow> {
  const catalog = basicCatalog('0.9');
  const modes = {} as RendererRow['modes'];
  for (const snapshots of MODES) {
    const run = emittedRun(catalog, text, CHUNK, { snapshots, ...LIMITS });
    const sent = run.messages.map((m) => m.message);
    (globalThis as { gc?: () => void }).gc?.();
    const t = await timeSideBySide(
      { floor: () => keep(applyEach(own).model.surfacesMap.size), sent: () => keep(applyEach(sent).model.surfacesMap.size) },
      budget,
      rounds,
    );
    modes[snapshots] = {
      components: run.components,
      bytes: run.bytes,
      cost: ratio(t.sent, t.floor) as number,
      best: t.sent.min / t.floor.min,
      sameState: sameState(sent, own),
    };
  }
  return { workload: name, inputBytes: text.length, modes };
}

/** Renderer cost on the mixed workload (v0.9, `kb` KB) and the list workload at each of `ns`. */
export async function measureRenderer(kb: number, ns: readonly number[], budget: Budget, rounds: number): Promise<RendererRow[]> {
  const rows: RendererRow[] = [];
  const { response } = workload('0.9', kb);
  rows.push(await rendererRow(`mixed ${kb} KB`, response.text, response.messages, budget, rounds));
  for (const n of ns) {
    const list = listResponse(n);
    rows.push(await rendererRow(`list N=${n}`, list.text, list.messages, budget, rounds));
  }
  return rows;
}

/** Delta's bytes out ÷ bytes in on the list workload at each `n` (no timing). */
export function deltaOutPerIn(ns: readonly number[]): { n: number; ratio: number }[] {
  const catalog = basicCatalog('0.9');
  return ns.map((n) => {
    const { text } = listResponse(n);
    return { n, ratio: emittedRun(catalog, text, CHUNK, { snapshots: 'delta', ...LIMITS }).bytes / text.length };
  });
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} kB`;

/** The renderer table: per workload and mode, component objects, bytes sent and the cost ratio. */
export function rendererTable(rows: readonly RendererRow[]): string {
  const header = ['workload', 'in', 'full objects', 'full sent', 'full cost', 'best', 'delta objects', 'delta sent', 'delta cost', 'best'];
  const body = rows.map((r) => [
    r.workload,
    kB(r.inputBytes),
    String(r.modes.full.components),
    kB(r.modes.full.bytes),
    fmtRatio(r.modes.full.cost),
    fmtRatio(r.modes.full.best),
    String(r.modes.delta.components),
    kB(r.modes.delta.bytes),
    fmtRatio(r.modes.delta.cost),
    fmtRatio(r.modes.delta.best),
  ]);
  return renderTable(header, body);
}
