/**
 * Hostile shapes (issue #37) the fuzzer mixes in among the mutated responses: inputs that cost far
 * more than their size before their fix. Deep bracket runs in one chunk and long numbers in small
 * chunks are always in the mix (fixed in the JSON reader); long strings where a message belongs,
 * fan-out graphs and error floods only with `--hostile-core` (their fix belongs to the streaming
 * core and the validator, a later round: until then they must not fail the default run).
 */
import { basicCatalog } from '../../src/catalog/index.js';
import type { Rng } from '../../test/support/rng.js';

/** Which hostile shapes a run mixes in. */
export type HostileShapes = 'fixed' | 'all';

/** A hostile input: its text and how it is cut (`undefined`: the fuzzer's usual chunking). */
export interface HostileInput {
  readonly text: string;
  readonly chunkSize: number | undefined;
}

const create = `{"version":"v0.9","createSurface":{"surfaceId":"h","catalogId":"${basicCatalog('0.9').id}"}}`;

/** A v0.9 surface whose `levels` levels each list the next level's component `fanOut` times (a DAG: no cycle). */
function fanOut(levels: number, fanOut: number): string {
  const components = Array.from({ length: levels }, (_, level) => ({
    id: level === 0 ? 'root' : `l${level}`,
    component: 'Column',
    children: level + 1 < levels ? Array<string>(fanOut).fill(`l${level + 1}`) : [],
  }));
  return `<a2ui-json>[${create},${JSON.stringify({ version: 'v0.9', updateComponents: { surfaceId: 'h', components } })}]</a2ui-json>`;
}

/**
 * A hostile input, or `undefined` for a plain mutated one: one input in 20 is hostile. The prefix
 * (a piece of a real response) puts the shape after ordinary content.
 */
export function hostileInput(rng: Rng, prefix: string, shapes: HostileShapes): HostileInput | undefined {
  if (!rng.chance(0.05)) return undefined;
  const shape = rng.int(0, shapes === 'all' ? 4 : 1);
  switch (shape) {
    case 0:
      // A bracket run in one chunk: stops at maxDepth, whatever its length.
      return { text: `${prefix}<a2ui-json>[${create},${rng.pick(['[', '{"a":', '{'] as const).repeat(rng.int(1_000, 50_000))}`, chunkSize: Infinity };
    case 1:
      // A long number in 16-character chunks (and bounded by maxBufferSize inside a message).
      return {
        text: `${prefix}<a2ui-json>[${create},{"version":"v0.9","updateDataModel":{"surfaceId":"h","path":"/n","value":${'9'.repeat(rng.int(1_000, 60_000))}}}]</a2ui-json>`,
        chunkSize: 16,
      };
    case 2:
      // A string where a message belongs (bypasses maxBufferSize until the core counts it).
      return { text: `${prefix}<a2ui-json>["${'x'.repeat(rng.int(1_000, 200_000))}"]</a2ui-json>`, chunkSize: rng.pick([16, 4_096]) };
    case 3:
      return { text: fanOut(rng.int(4, 12), rng.int(2, 12)), chunkSize: rng.pick([16, Infinity]) };
    default:
      // An error flood: one bad value per two characters.
      return { text: `${prefix}<a2ui-json>[${create}${',1'.repeat(rng.int(1_000, 50_000))}]</a2ui-json>`, chunkSize: rng.pick([16, Infinity]) };
  }
}
