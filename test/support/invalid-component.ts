/**
 * Makes one component of a response invalid the ways models get components wrong: a text that is
 * a number, a function the catalog does not have, a type the catalog does not have, a property
 * the type does not take. The component keeps its id and place; only its object is rewritten.
 */
import { componentDefinitions } from './component-offsets.js';
import type { GeneratedVersion } from './generate-response.js';
import { Rng } from './rng.js';

/** How {@link withInvalidComponent} broke the component. */
export type Breakage = 'number text' | 'unknown function' | 'unknown type' | 'unknown property';

/** The invalid object for component `id` in `version`. */
function broken(id: string, version: GeneratedVersion | '0.9.1', how: Breakage): Record<string, unknown> {
  if (version === '0.8') {
    if (how === 'unknown type') return { id, component: { Sparkline: { points: [1, 2] } } };
    if (how === 'unknown property') return { id, component: { Text: { text: { literalString: 'x' }, glow: true } } };
    return { id, component: { Text: { text: 42 } } };
  }
  if (how === 'unknown function') return { id, component: 'Text', text: { call: 'noSuchFunction', args: {} } };
  if (how === 'unknown type') return { id, component: 'Sparkline', points: [1, 2] };
  if (how === 'unknown property') return { id, component: 'Text', text: 'x', glow: true };
  return { id, component: 'Text', text: 42 };
}

/** `text` with one component object (chosen by `seed`) replaced by an invalid one of the same id. */
export function withInvalidComponent(text: string, version: GeneratedVersion | '0.9.1', seed: number): { text: string; id: string; how: Breakage } | undefined {
  const definitions = componentDefinitions(text);
  if (definitions.length === 0) return undefined;
  const rng = new Rng(seed);
  const target = rng.pick(definitions);
  const how = rng.pick<Breakage>(
    version === '0.8' ? ['number text', 'unknown type', 'unknown property'] : ['number text', 'unknown function', 'unknown type', 'unknown property'],
  );
  const id = String(target.value.id);
  return { text: text.slice(0, target.start) + JSON.stringify(broken(id, version, how)) + text.slice(target.end), id, how };
}
