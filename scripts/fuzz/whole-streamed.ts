/**
 * The fuzzer's whole = streamed property (issue #37, item 9): a mutated (often malformed) response
 * read whole (one chunk) and streamed at the input's random chunking ends with the same final
 * state, as the whole-vs-streamed tests define it: each surface's components reachable from its
 * root and its data model, applied from the parts as a renderer applies them, stand-ins left out.
 * A run a limit stopped (it stops where the chunk it falls in ends) is not compared.
 */
import { basicCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState, type FinalState } from '../../test/support/apply-messages.js';
import type { FuzzCase, FuzzProblem } from '../../test/support/fuzz-case.js';
import { runParser } from '../../test/support/robust.js';

const catalogs = new Map<ProtocolVersion, Catalog>();
const catalogFor = (version: ProtocolVersion): Catalog => {
  let catalog = catalogs.get(version);
  if (!catalog) catalogs.set(version, (catalog = basicCatalog(version)));
  return catalog;
};

/** Whether a component a renderer holds is a stand-in: a `loading_` id, or an empty `Row` (v0.8: nested). */
function isStandIn(component: Record<string, unknown>): boolean {
  if (String(component.id).startsWith('loading_')) return true;
  const nested = (component.component as Record<string, { children?: { explicitList?: unknown[] } }> | undefined)?.Row;
  if (nested !== undefined) return Object.keys(nested).length === 1 && nested.children?.explicitList?.length === 0;
  return component.component === 'Row' && Array.isArray(component.children) && component.children.length === 0 && Object.keys(component).length === 3;
}

/** What a user ends seeing after `parts`: the final state without stand-ins. */
export function seenState(parts: readonly Part[]): FinalState {
  const state = finalState(applyParts(new Map(), parts), true);
  for (const surface of Object.values(state)) {
    for (const [id, component] of Object.entries(surface.components)) if (isStandIn(component as Record<string, unknown>)) delete surface.components[id];
    // A renderer starts each surface with an empty model: one set to `{}` (a failed update put back) is none.
    if (isEmptyObject(surface.dataModel)) delete (surface as { dataModel?: unknown }).dataModel;
  }
  return state;
}

/** Whether a run was stopped by a limit. */
const limited = (errors: readonly { category: string }[]) => errors.some((error) => error.category === 'LimitError');

/**
 * The property on one fuzz case: `undefined` when whole and streamed end the same (or a limit
 * stopped either), else a `mismatch` naming the first surface that differs.
 */
export function wholeStreamedProblem(fuzz: FuzzCase): FuzzProblem | undefined {
  const catalog = catalogFor(fuzz.version);
  const streamed = runParser(catalog, fuzz.chunks, fuzz.options);
  const whole = runParser(catalog, [fuzz.chunks.join('')], fuzz.options);
  if (limited(streamed.errors) || limited(whole.errors)) return undefined;
  const a = JSON.stringify(seenState(whole.parts));
  const b = JSON.stringify(seenState(streamed.parts));
  if (a === b) return undefined;
  return { kind: 'mismatch', message: `whole and streamed end differently: whole ${a.slice(0, 300)} streamed ${b.slice(0, 300)}` };
}

const isEmptyObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
