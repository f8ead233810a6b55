/**
 * Issue #37 (an outside probe's finding 13): a response cut inside a component's `action` (max
 * tokens, a dropped connection). A partial component goes out for earliness, but an action is
 * what the app runs on the user's click: shown cut, a Button sent `delete_account` with part of
 * its context. An action goes out whole or not at all, so streamed ends as whole does. So do a
 * component's `checks` (probe 9 finding 8): a cut list left a Button enabled without a guard.
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

/** A Button disabled by its checks: a cut list of checks would show it enabled without some of them (probe 9 finding 8). */
const guarded =
  `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}},` +
  '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[' +
  '{"id":"root","component":"Button","child":"bl","action":{"event":{"name":"pay"}},"checks":[' +
  '{"condition":{"call":"required","args":{"value":{"path":"/amount"}}},"message":"Required"},' +
  '{"condition":{"call":"numeric","args":{"value":{"path":"/amount"},"max":100}},"message":"At most 100"}]},' +
  '{"id":"bl","component":"Text","text":"Pay"}]}}]</a2ui-json>';

/** Every list of checks a Button was ever sent with. */
function checksSent(parts: readonly Part[]): unknown[] {
  return parts.flatMap((part) =>
    part.type === 'a2ui'
      ? part.messages.flatMap((m) =>
          ((m.updateComponents as { components: Record<string, unknown>[] } | undefined)?.components ?? []).flatMap((c) => (c.checks ? [c.checks] : [])),
        )
      : [],
  );
}

describe('a response cut inside a Button’s checks (issue #37, probe 9 finding 8)', () => {
  const whole = JSON.parse(guarded.slice(guarded.indexOf('"checks":') + 9, guarded.indexOf(',{"id":"bl"') - 1));

  it('a Button whose checks follow its action is never sent without them, at any chunking (probe 10 finding 4)', () => {
    for (const size of [1, 2, 7, 16, 64]) {
      const buttons = read(guarded, size).flatMap((part) =>
        part.type === 'a2ui'
          ? part.messages.flatMap((m) =>
              ((m.updateComponents as { components: Record<string, unknown>[] } | undefined)?.components ?? []).filter((c) => c.component === 'Button'),
            )
          : [],
      );
      expect(buttons.length, `@${size}`).toBeGreaterThan(0);
      for (const button of buttons) expect(button.checks, `@${size}`).toEqual(whole);
    }
  });

  for (const size of [1, 7, 64]) {
    it(`cut anywhere in the checks, at ${size}-character chunks: no list of checks but the whole one is ever sent; no Button is left without them`, () => {
      expect(checksSent(read(guarded, size))).toContainEqual(whole);
      for (let cut = guarded.indexOf('"checks"') + '"checks"'.length; cut < guarded.indexOf('{"id":"bl"'); cut++) {
        const text = guarded.slice(0, cut);
        const parts = read(text, size);
        for (const checks of checksSent(parts)) expect(checks, `cut after …${text.slice(-16)}`).toEqual(whole);
        // Shown before its checks began, the Button gives way to its placeholder (whole shows neither).
        const root = finalState(applyParts(new Map(), parts)).s?.components.root as { component?: string; checks?: unknown } | undefined;
        if (root?.component === 'Button') expect(root.checks, `cut after …${text.slice(-16)}`).toEqual(whole);
      }
    });
  }
});

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
