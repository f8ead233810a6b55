/**
 * Linear output while a child list streams: a Column whose N Text children arrive one by one
 * after it. With delta snapshots the bytes sent per byte read stay the same as N grows (the parent
 * is re-sent at geometric growth of its list, not per child), and each child still shows within a
 * chunk or two of its object closing, in both modes (delta: `GROWTH_WAIT` characters more at most).
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { GROWTH_WAIT } from '../../src/stream/delta-snapshots.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { A2uiMessage } from '../../src/types.js';
import { componentDefinitions } from '../support/component-offsets.js';
import { normalized } from '../support/no-flicker.js';
import { errorsOf } from './helpers.js';

const CHUNK = 16;
// Full snapshots each change, as the reader shows them: the output budget that holds them back is tested in `test/hostile/output-budget.test.ts`.
const LIMITS = { maxComponentsPerSurface: 1e6, outputBytesPerChar: Number.POSITIVE_INFINITY };

/** The list workload in v0.9 or v0.8 with `n` children. */
function listResponse(version: '0.9' | '0.8', n: number): string {
  const ids = Array.from({ length: n }, (_, i) => `item${i}`);
  const words = (id: string) => `${id}: some words to show`;
  const messages =
    version === '0.9'
      ? [
          { version: 'v0.9', createSurface: { surfaceId: 'list', catalogId: basicCatalog('0.9').id } },
          {
            version: 'v0.9',
            updateComponents: {
              surfaceId: 'list',
              components: [{ id: 'root', component: 'Column', children: ids }, ...ids.map((id) => ({ id, component: 'Text', text: words(id) }))],
            },
          },
        ]
      : [
          { beginRendering: { surfaceId: 'list', root: 'root' } },
          {
            surfaceUpdate: {
              surfaceId: 'list',
              components: [
                { id: 'root', component: { Column: { children: { explicitList: ids } } } },
                ...ids.map((id) => ({ id, component: { Text: { text: { literalString: words(id) } } } })),
              ],
            },
          },
        ];
  return `Here is the list.\n<a2ui-json>${JSON.stringify(messages)}</a2ui-json>\nDone.`;
}

/** The children of a v0.9 or v0.8 list component. */
function childrenOf(component: Record<string, unknown>): unknown[] {
  const v09 = component.children;
  if (Array.isArray(v09)) return v09;
  const nested = Object.values(component.component as Record<string, { children: { explicitList: unknown[] } }>)[0];
  return nested?.children.explicitList ?? [];
}

/** Every component sent, with the characters read when it went out. */
function sent(version: ProtocolVersion, text: string, snapshots: 'full' | 'delta'): { component: Record<string, unknown>; at: number; bytes: number }[] {
  const parser = new A2uiStreamParser(basicCatalog(version), { snapshots, ...LIMITS });
  const out: { component: Record<string, unknown>; at: number; bytes: number }[] = [];
  const take = (messages: A2uiMessage[], at: number) => {
    for (const message of messages) {
      const body = (message.updateComponents ?? message.surfaceUpdate) as { components?: Record<string, unknown>[] } | undefined;
      for (const component of body?.components ?? []) out.push({ component, at, bytes: JSON.stringify(component).length });
    }
  };
  for (let i = 0; i < text.length; i += CHUNK) {
    take(
      parser.push(text.slice(i, i + CHUNK)).flatMap((p) => (p.type === 'a2ui' ? p.messages : [])),
      Math.min(text.length, i + CHUNK),
    );
  }
  take(
    parser.end().flatMap((p) => (p.type === 'a2ui' ? p.messages : [])),
    text.length,
  );
  return out;
}

describe.each(['0.9', '0.8'] as const)('v%s list workload', (version) => {
  it('delta: bytes out ÷ bytes in stays the same from N=50 to N=1600', () => {
    const ratios = [50, 200, 800, 1600].map((n) => {
      const text = listResponse(version, n);
      return sent(version, text, 'delta').reduce((sum, c) => sum + c.bytes, 0) / text.length;
    });
    // Re-sent per child, the ratio grew about linearly with N (v0.9: 2.9 at N=50, 8.7 at N=800; now 2.8–3.2).
    expect(Math.max(...ratios) / Math.min(...ratios), ratios.map((r) => r.toFixed(2)).join(', ')).toBeLessThan(1.2);
  });

  it('delta: the parent is shown while its list streams, its forms adding up to a few times its final size', () => {
    const n = 800;
    const text = listResponse(version, n);
    const roots = sent(version, text, 'delta').filter((c) => c.component.id === 'root');
    const final = roots[roots.length - 1] as (typeof roots)[number];
    const listEnd = text.indexOf(']', text.indexOf(`item${n - 1}`));
    // Shown as it streams: once it has a first child, then each time it has tripled (by four at least).
    const counts = roots.filter((c) => c.at < listEnd).map((c) => childrenOf(c.component).length);
    expect(counts.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < counts.length; i++) {
      const before = counts[i - 1] as number;
      expect(counts[i]).toBeGreaterThanOrEqual(before === 0 ? 1 : Math.max(before + 4, 3 * before));
    }
    expect(roots.reduce((sum, c) => sum + c.bytes, 0) / final.bytes).toBeLessThan(3);
  });

  // Delta: a form that only lengthens a text waits for the next snapshot, GROWTH_WAIT characters at most.
  it.each(['full', 'delta'] as const)(
    '%s: each child shows in its final form within two chunks of its object closing (delta: and GROWTH_WAIT)',
    (snapshots) => {
      const text = listResponse(version, snapshots === 'full' ? 120 : 400);
      const shown = sent(version, text, snapshots);
      const lags = componentDefinitions(text).map((definition) => {
        const want = JSON.stringify(normalized(definition.value));
        const at = shown.find((c) => c.component.id === definition.value.id && JSON.stringify(normalized(c.component)) === want)?.at;
        return at === undefined ? Number.POSITIVE_INFINITY : at - definition.end;
      });
      expect(Math.max(...lags)).toBeLessThanOrEqual(2 * CHUNK + (snapshots === 'delta' ? GROWTH_WAIT : 0));
    },
  );
});

describe.each(['full', 'delta'] as const)('a list left open when its block ends (%s snapshots)', (snapshots) => {
  const ids = Array.from({ length: 100 }, (_, i) => `i${i}`);
  const head = `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${basicCatalog('0.9').id}"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":[${ids.map((id) => `"${id}"`).join(',')},`;
  const lastRoot = (messages: A2uiMessage[]) => {
    const roots = messages
      .flatMap((m) => (m.updateComponents as { components: Record<string, unknown>[] } | undefined)?.components ?? [])
      .filter((c) => c.id === 'root');
    return roots[roots.length - 1]?.children;
  };
  const feed = (parser: A2uiStreamParser, text: string) => {
    const out: A2uiMessage[] = [];
    for (let i = 0; i < text.length; i += CHUNK) out.push(...parser.push(text.slice(i, i + CHUNK)).flatMap((p) => (p.type === 'a2ui' ? p.messages : [])));
    return out;
  };
  const shown = (children: unknown) => (children as string[]).map((id) => id.replace(/^loading_/, ''));
  // The children never arrive: without a budget each gets a placeholder (with the output budget,
  // delta placeholders past it wait: test/hostile/output-budget.test.ts).
  const options = { snapshots, outputBytesPerChar: Number.POSITIVE_INFINITY };

  it('the block closes: the parent goes out with every child read', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.9'), options);
    expect(shown(lastRoot(feed(parser, `${head}</a2ui-json>`)))).toEqual(ids);
  });

  it('the response ends inside the block: the error carries the parent with every child read', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.9'), options);
    const messages = feed(parser, head);
    const ending = parser.end();
    const error = ending.findIndex((p) => p.type === 'error');
    expect(error).toBeGreaterThanOrEqual(0);
    const parts = ending.slice(0, error);
    messages.push(...parts.flatMap((p) => (p.type === 'a2ui' ? p.messages : [])));
    expect(shown(lastRoot(messages))).toEqual(ids);
  });

  it('a read error inside the list: the parent goes out with every child read before it', () => {
    // One character at a time: the list is shown at geometric growth, so at the error it holds
    // children not yet shown (a read error skips the rest of the block, and its close looks no more).
    const parser = new A2uiStreamParser(basicCatalog('0.9'), options);
    const messages: A2uiMessage[] = [];
    let error: unknown;
    for (const char of `${head.slice(0, -1)} : ]}]}}]</a2ui-json>`) {
      const parts = parser.push(char);
      error ??= errorsOf(parts)[0];
      messages.push(...parts.flatMap((p) => (p.type === 'a2ui' ? p.messages : [])));
    }
    expect((error as Error).message).toContain('Failed to parse JSON');
    expect(shown(lastRoot(messages))).toEqual(ids);
  });

  it('a read error inside the list and the look at what it read fails: that error, then the read error', () => {
    const looped = head.replace('"i10",', '"root","i10",').slice(0, head.indexOf('"i10"') + '"root"'.length);
    const parser = new A2uiStreamParser(basicCatalog('0.9'), options);
    const errors: string[] = [];
    for (const char of `${looped} : ]}]}}]</a2ui-json>`) {
      for (const error of errorsOf(parser.push(char))) errors.push(error.message.replace(/:.*/, ''));
    }
    expect(errors).toEqual(['Self-reference detected', 'Failed to parse JSON']);
  });

  it('the response ends inside the block and its last look fails: that error, then the missing close tag', () => {
    // Fed one character at a time, the list is not shown at 11 children (geometric growth), so the
    // self-reference its 11th child makes is first seen by the last look.
    const looped = head.replace('"i10",', '"root","i10",').slice(0, head.indexOf('"i10"') + '"root",'.length);
    const parser = new A2uiStreamParser(basicCatalog('0.9'), options);
    for (const char of looped) parser.push(char);
    const messages = errorsOf(parser.end()).map((error) => error.message);
    expect(messages).toEqual([
      "Self-reference detected: Component 'root' references itself in field 'children'",
      "A2UI close tag '</a2ui-json>' not found in response.",
    ]);
  });
});
