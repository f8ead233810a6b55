/**
 * Two earliness defects of issue #39, each fixed in `readiness.ts`:
 * (a) a component holding an empty object (a `Button` whose event has `"context": {}`) goes out
 *     when its object closes, not when its message completes;
 * (b) with validation off, a template child list cut between `"path"` and `"componentId"` is not
 *     sent as `children: {"path": …}` with a stand-in named after the path.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { V08, V09 } from './helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;

/** Each message of `text` fed in `size`-character chunks, with the characters read when it came out. */
function sentAt(text: string, size: number, options: StreamParserOptions = {}, catalog = V09): { at: number; message: A2uiMessage }[] {
  const parser = new A2uiStreamParser(catalog, options);
  const out: { at: number; message: A2uiMessage }[] = [];
  const collect = (parts: Part[], at: number) => {
    for (const part of parts) if (part.type === 'a2ui') for (const message of part.messages) out.push({ at, message });
  };
  for (let i = 0; i < text.length; i += size) collect(parser.push(text.slice(i, i + size)), Math.min(i + size, text.length));
  collect(parser.end(), text.length);
  return out;
}

type Component = { id: string; component: string; [key: string]: unknown };
const componentsOf = (message: A2uiMessage) => (message.updateComponents?.components ?? []) as Component[];

describe('(a) a component holding an empty object goes out when its object closes', () => {
  const button = (context: string) => `{"id":"go","component":"Button","child":"label","action":{"event":{"name":"submit","context":${context}}}}`;
  const texts = Array.from({ length: 12 }, (_, i) => `{"id":"t${i}","component":"Text","text":"Line ${i} of the text that follows the button"}`);
  const response = (context: string) =>
    `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` +
    `{"id":"root","component":"Column","children":["go",${texts.map((_, i) => `"t${i}"`).join(',')}]},` +
    `${button(context)},{"id":"label","component":"Text","text":"Send"},${texts.join(',')}]}}]</a2ui-json>`;

  test.each(['{}', '{"a": 1}'])('context %s: its final form goes out by the chunk its object closes in', (context) => {
    const text = response(context);
    const closedAt = text.indexOf(button(context)) + button(context).length;
    const messageEnd = text.indexOf(']}}]</a2ui-json>') + 3;
    const final = sentAt(text, 4).find(({ message }) =>
      componentsOf(message).some((c) => c.id === 'go' && JSON.stringify(c.action) === JSON.stringify(JSON.parse(button(context)).action)),
    );
    expect(final, 'the Button in its final form').toBeDefined();
    // (A healed partial may already show the final form a few characters before the object closes.)
    expect(final!.at).toBeLessThan(closedAt + 4);
    expect(final!.at).toBeLessThan(messageEnd - 500);
  });
});

describe('(b) without validation, a template child list cut before its componentId waits', () => {
  const v09 =
    `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` +
    `{"id":"root","component":"List","children":{"path":"/items","componentId":"row"}},{"id":"row","component":"Text","text":{"path":"name"}}]}}]</a2ui-json>`;
  const v08 =
    `<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"root"}},{"surfaceUpdate":{"surfaceId":"s","components":[` +
    `{"id":"root","component":{"List":{"children":{"template":{"dataBinding":"/items","componentId":"row"}}}}},` +
    `{"id":"row","component":{"Text":{"text":{"path":"name"}}}}]}}]</a2ui-json>`;

  test.each([
    ['v0.9', v09, V09, '"path":"/items",'],
    ['v0.8', v08, V08, '"dataBinding":"/items",'],
  ] as const)('%s, every cut between the path and the componentId', (_version, text, catalog, cutAfter) => {
    const from = text.indexOf(cutAfter) + cutAfter.length - 8;
    const to = text.indexOf('"componentId":"row"') + 4;
    for (let cut = from; cut < to; cut++) {
      const parser = new A2uiStreamParser(catalog, { validate: false });
      const parts = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut)), ...parser.end()];
      const components = parts
        .flatMap((part) => (part.type === 'a2ui' ? part.messages : []))
        .flatMap((message) => {
          const body = (message.updateComponents ?? (message as { surfaceUpdate?: { components?: unknown } }).surfaceUpdate) as
            | { components?: Component[] }
            | undefined;
          return body?.components ?? [];
        });
      expect(
        components.map((c) => c.id),
        `cut at ${cut}: ${text.slice(cut - 12, cut)}|`,
      ).not.toContain('/items');
      const roots = components.filter((c) => c.id === 'root').map((c) => JSON.stringify(c));
      for (const root of roots) expect(root, `cut at ${cut}`).toContain('"componentId":"row"');
    }
  });
});
