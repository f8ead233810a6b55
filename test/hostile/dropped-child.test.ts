/**
 * A child left out as invalid costs the child, not its parent (#37, probe 19 finding 3): a root
 * naming `2n` ids, then `n` messages each bringing one of them as a Text with an unknown property
 * after a long text, so its partial shows at 16 characters and is then rejected. Before, each
 * rejection had the root looked at again with every child it names: 4,000 messages took 5.3 s at
 * 16-character chunks, 0.75 s for as many valid ones.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { Surface } from '../../src/stream/surface.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, V09 } from '../stream/helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const components = (list: readonly object[]) => JSON.stringify({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });

const entry = Surface.prototype.entry;

/** The response's parts, and how many child references the surface looked at while it was parsed. */
function run(n: number, size: number): { parts: Part[]; looked: number } {
  const texts = Array.from({ length: n }, (_, i) => `t${i}`);
  const later = Array.from({ length: n }, (_, i) => `v${i}`);
  const messages = [
    create,
    components([{ id: 'root', component: 'Column', children: [...texts, ...later] }, ...texts.map((id) => ({ id, component: 'Text', text: id }))]),
    ...later.map((id) => components([{ id, component: 'Text', text: `a longer text for the partial of ${id}`, bogus: 1 }])),
  ];
  const parser = new A2uiStreamParser(V09);
  let looked = 0;
  vi.spyOn(Surface.prototype, 'entry').mockImplementation(function (this: Surface, id: string) {
    looked += this.graph.refsOf(id).length;
    return entry.call(this, id);
  });
  const parts = [...chunksOf(`<a2ui-json>[${messages.join(',')}]</a2ui-json>`, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  vi.restoreAllMocks();
  return { parts, looked };
}

afterEach(() => vi.restoreAllMocks());

describe('a child left out as invalid', () => {
  test('shows its placeholder again without its parent being looked at again', () => {
    const small = run(100, 16);
    const large = run(200, 16);
    const errors = errorsOf(large.parts);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.message).toContain('bogus');
    const surface = applyParts(new Map(), large.parts).get('s') as SurfaceState;
    // Most partials went out (some cut before their text), then gave way to their placeholders.
    const shown = large.parts.flatMap((part) => (part.type === 'a2ui' ? (JSON.stringify(part).match(/"id":"v\d+","component":"Text"/g) ?? []) : []));
    expect(shown.length).toBeGreaterThan(150);
    for (const id of ['v0', 'v7', 'v199']) expect(surface.components.get(id)).not.toHaveProperty('text');
    expect(surface.components.get('t5')).toMatchObject({ text: 't5' });
    // The root's 2n references looked at per rejection: about 4× for twice the children and messages.
    expect(large.looked / small.looked).toBeLessThan(2.5);
  });
});
