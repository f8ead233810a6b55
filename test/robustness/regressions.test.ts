/**
 * Bugs found by the robustness work, each pinned by its minimal input. A case marked `it.fails`
 * documents a bug in the streaming core that is still open: when it is fixed the case fails, and
 * should become a plain `it`.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { runParser } from '../support/robust.js';

const CATALOG_V09 = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

describe('updateDataModel with `value` written before `path`', () => {
  // decompile() writes keys in this order, so the library's own wrap() output triggers it.
  const head =
    `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CATALOG_V09}"}},` +
    '{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"a":1,';
  const tail = '"b":2},"path":"/user"}}]</a2ui-json>';

  const model = (chunks: string[]) => finalState(applyParts(new Map(), runParser(basicCatalog('0.9'), chunks).parts)).s?.dataModel;

  it('in one chunk, sets the value at the path only', () => {
    expect(model([head + tail])).toEqual({ user: { a: 1, b: 2 } });
  });

  // The partial sent after `head` has no path yet and goes to the root; when the path arrives,
  // the core sends the whole model put right, so a renderer ends with the value at the path only.
  it('cut inside the value, still sets the value at the path only', () => {
    expect(model([head, tail])).toEqual({ user: { a: 1, b: 2 } });
  });
});
