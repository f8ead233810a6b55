/**
 * Issue #37 (an outside probe's finding 13): a response cut inside a component's `action` (max
 * tokens, a dropped connection). A partial component goes out for earliness, but an action is
 * what the app runs on the user's click: shown cut, a Button sent `delete_account` with part of
 * its context. An action goes out whole or not at all, so streamed ends as whole does.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';

const catalog = basicCatalog('0.9');
const full =
  `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}},` +
  '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[' +
  '{"id":"root","component":"Button","child":"bl","action":{"event":{"name":"delete_account","context":{"confirm":false,"account":"123"}}}},' +
  '{"id":"bl","component":"Text","text":"Delete"}]}}]</a2ui-json>';

function read(text: string, size: number): Part[] {
  const parser = new A2uiStreamParser(catalog, {});
  const parts: Part[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(...parser.push(text.slice(i, i + size)));
  parts.push(...parser.end());
  return parts;
}

/** Every action a Button was ever sent with. */
function actionsSent(parts: readonly Part[]): unknown[] {
  return parts.flatMap((part) =>
    part.type === 'a2ui'
      ? part.messages.flatMap((m) =>
          ((m.updateComponents as { components: Record<string, unknown>[] } | undefined)?.components ?? []).flatMap((c) => (c.action ? [c.action] : [])),
        )
      : [],
  );
}

describe('a response cut inside an action (issue #37)', () => {
  const whole = JSON.parse(full.slice(full.indexOf('"action":') + 9, full.indexOf(',{"id":"bl"') - 1));

  it('the complete response sends the whole action', () => {
    expect(actionsSent(read(full, 1))).toEqual([whole]);
  });

  for (const size of [1, 2, 7, 16, 64]) {
    it(`cut anywhere in the action, at ${size}-character chunks: no action but the whole one is ever sent; the final state is whole's`, () => {
      for (let cut = full.indexOf('"action"'); cut < full.indexOf('{"id":"bl"'); cut++) {
        const text = full.slice(0, cut);
        const parts = read(text, size);
        for (const action of actionsSent(parts)) expect(action, `cut after …${text.slice(-16)}`).toEqual(whole);
        expect(finalState(applyParts(new Map(), parts)), `cut after …${text.slice(-16)}`).toEqual(finalState(applyParts(new Map(), read(text, text.length))));
      }
    });
  }
});
