/**
 * Issue #37, no amplification: full snapshots (v0.8's default, `snapshots: 'full'` elsewhere)
 * re-send a surface's whole tree on each change, v0.8 data-model partials every entry of their
 * message so far, and a v0.9 data list streamed an update per item, so a valid answer streamed in
 * small chunks sent many times its input (an outside probe: a Column of 500 Texts at 16-character
 * chunks, 677 times; 200 data entries, 105 times). Delta snapshots re-send a component each time
 * it changes: a Button whose event context holds 400 values, 194 times at one character. The output
 * budget (`src/stream/held-resends.ts`) holds such a message back while it does not fit, the next
 * of its slot replacing it (a delta merged with it): with the text, the parts' framing and the last message the bytes stay within
 * 4 per character read plus 2 KiB (`OUTPUT_FLOOR`), and the renderer ends with the same state.
 */
import { describe, expect, it, vi } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { FullLayout } from '../../src/stream/full-layout.js';
import { OUTPUT_FLOOR } from '../../src/stream/held-resends.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

/** One v0.8 `surfaceUpdate`: a Column and its `n` Texts. */
function v08Column(n: number): string {
  const components = [
    { id: 'root', component: { Column: { children: { explicitList: ids(n) } } } },
    ...ids(n).map((id, i) => ({ id, component: { Text: { text: { literalString: `Item number ${i}` } } } })),
  ];
  return `Here.\n<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"root"}},{"surfaceUpdate":{"surfaceId":"s","components":${JSON.stringify(components)}}}]</a2ui-json>\nDone.`;
}

/** v0.8: the Column, then one `surfaceUpdate` per Text. */
function v08Messages(n: number): string {
  const messages: object[] = [
    { beginRendering: { surfaceId: 's', root: 'root' } },
    { surfaceUpdate: { surfaceId: 's', components: [{ id: 'root', component: { Column: { children: { explicitList: ids(n) } } } }] } },
    ...ids(n).map((id, i) => ({ surfaceUpdate: { surfaceId: 's', components: [{ id, component: { Text: { text: { literalString: `Item ${i}` } } } }] } })),
  ];
  return `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
}

/** v0.8: one `dataModelUpdate` of `n` entries (each partial re-sends every entry so far). */
function v08Data(n: number): string {
  const contents = Array.from({ length: n }, (_, i) => ({ key: `k${i}`, valueString: `value ${i}` }));
  const messages = [
    { beginRendering: { surfaceId: 's', root: 'root' } },
    { surfaceUpdate: { surfaceId: 's', components: [{ id: 'root', component: { Text: { text: { path: '/k1' } } } }] } },
    { dataModelUpdate: { surfaceId: 's', contents } },
  ];
  return `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
}

/** v0.9: a List template over one `updateDataModel` of `n` short strings (a message per item, before). */
function v09DataList(n: number): string {
  const components = [
    { id: 'root', component: 'List', children: { path: '/items', componentId: 'row' } },
    { id: 'row', component: 'Text', text: { path: '' } },
  ];
  const items = Array.from({ length: n }, (_, i) => `s${i}`);
  return (
    '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/basic_catalog.json"}},' +
    `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":${JSON.stringify(components)}}},` +
    `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/items","value":${JSON.stringify(items)}}}]</a2ui-json>`
  );
}

/** v0.9: one `updateComponents` of a Column and its `n` Texts. */
function v09Column(n: number): string {
  const components = [{ id: 'root', component: 'Column', children: ids(n) }, ...ids(n).map((id, i) => ({ id, component: 'Text', text: `Item number ${i}` }))];
  return (
    '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/basic_catalog.json"}},' +
    `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":${JSON.stringify(components)}}}]</a2ui-json>`
  );
}

/** v0.9: a Button whose event `context` holds `n` small values (the Button went out again as each value closed). */
function v09ButtonContext(n: number): string {
  const context = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  const components = [
    { id: 'root', component: 'Button', child: 'label', action: { event: { name: 'go', context } } },
    { id: 'label', component: 'Text', text: 'Go' },
  ];
  return (
    '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/basic_catalog.json"}},' +
    `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":${JSON.stringify(components)}}}]</a2ui-json>`
  );
}

function run(version: '0.8' | '0.9', text: string, chunk: number, options: StreamParserOptions = {}): { bytes: number; parts: Part[] } {
  const parser = new A2uiStreamParser(basicCatalog(version), { snapshots: 'full', ...options });
  const parts: Part[] = [];
  for (let i = 0; i < text.length; i += chunk) parts.push(...parser.push(text.slice(i, i + chunk)));
  parts.push(...parser.end());
  return { bytes: parts.reduce((sum, part) => sum + JSON.stringify(part).length, 0), parts };
}

const CASES = [
  { name: 'v0.8, one message of a Column and 300 Texts', version: '0.8', text: v08Column(300) },
  { name: 'v0.8, a Column and 300 messages of one Text', version: '0.8', text: v08Messages(300) },
  { name: 'v0.9 with full snapshots, a Column and 300 Texts', version: '0.9', text: v09Column(300) },
  { name: 'v0.8, a dataModelUpdate of 1,000 entries', version: '0.8', text: v08Data(1000) },
  { name: 'v0.9 (delta snapshots), a data list of 1,500 short strings', version: '0.9', text: v09DataList(1500), snapshots: 'delta' },
  { name: 'v0.9 (delta snapshots), a Column and 300 Texts', version: '0.9', text: v09Column(300), snapshots: 'delta' },
  { name: 'v0.9 (delta snapshots), a Button whose event context holds 400 values', version: '0.9', text: v09ButtonContext(400), snapshots: 'delta' },
] as const;

/** v0.8: a Column of `n` children, then per child a data message and its Text (probe 11 finding 1). */
function v08Interleaved(n: number): string {
  const ids = Array.from({ length: n }, (_, i) => `t${i}`);
  const messages: object[] = [
    { beginRendering: { surfaceId: 's', root: 'root' } },
    { surfaceUpdate: { surfaceId: 's', components: [{ id: 'root', component: { Column: { children: { explicitList: ids } } } }] } },
  ];
  ids.forEach((id, i) => {
    messages.push({ dataModelUpdate: { surfaceId: 's', contents: [{ key: `k${i}`, valueString: `v${i}` }] } });
    messages.push({ surfaceUpdate: { surfaceId: 's', components: [{ id, component: { Text: { text: { path: `/k${i}` } } } }] } });
  });
  return `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
}

describe('full snapshots, delta snapshots and data-model updates stay within the output budget (issue #37)', () => {
  for (const c of CASES) {
    it(`${c.name}: within 4 bytes per character read plus 2 KiB, at 1 to 4,096 characters; the same final state`, () => {
      const options: StreamParserOptions = 'snapshots' in c ? { snapshots: c.snapshots } : {};
      const whole = run(c.version, c.text, c.text.length, options);
      const expected = finalState(applyParts(new Map(), whole.parts));
      for (const chunk of [1, 16, 256, 4096]) {
        const { bytes, parts } = run(c.version, c.text, chunk, options);
        // The budget (2 per character), the last message (which goes out at the block's close whatever the budget), the text and the parts' framing.
        expect(bytes, `${chunk}-character chunks`).toBeLessThanOrEqual(4 * c.text.length + OUTPUT_FLOOR);
        expect(finalState(applyParts(new Map(), parts))).toEqual(expected);
      }
    });
  }

  const undefinedIds = (version: '0.8' | '0.9') => (version === '0.8' ? v08Column(600) : v09Column(600)).replace(/,\{"id":"t0".*\]\}\}\]/, ']}}]');
  for (const [version, snapshots] of [
    ['0.9', 'delta'],
    ['0.9', 'full'],
    ['0.8', 'full'],
  ] as const) {
    it(`a child list of ids never defined (v${version}, ${snapshots} snapshots): placeholders within the budget, then the parent waits and an error says why`, () => {
      const text = undefinedIds(version);
      expect(text).not.toContain('"t0","component"');
      for (const chunk of [1, 16, 256, 4096, text.length]) {
        const { bytes, parts } = run(version, text, chunk, { snapshots });
        // Without the budget: a placeholder (45 to 70 bytes) for each 5-character id, 7 to 14 times the input.
        expect(bytes, `${chunk}-character chunks`).toBeLessThanOrEqual(4 * text.length + OUTPUT_FLOOR);
        const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error.message] : []));
        expect(errors, `${chunk}-character chunks`).toEqual([
          expect.stringContaining('the output budget (outputBytesPerChar) has no room for their placeholders'),
        ]);
      }
    });
  }

  for (const snapshots of ['delta', 'full'] as const) {
    it(`a parent waiting for room for its placeholders is looked at again when the response ends, its error said only then (probe 9 findings 9 and 10, ${snapshots} snapshots)`, () => {
      // The children in a second block: whole, no error; streamed, the first block's close said the root was held back.
      const [layout, items] = [v09Column(100).replace(/,\{"id":"t0".*\]\}\}\]/, ']}}]'), v09Column(100).replace(/^.*"children":\[[^\]]*\]\},/, '[')];
      const split = `Here is the layout: ${layout} and the items: <a2ui-json>{"version":"v0.9","updateComponents":{"surfaceId":"s","components":${items.replace(/\}\}\]<\/a2ui-json>$/, '')}}}</a2ui-json>`;
      // Ids never defined, then prose: whole shows all the placeholders; streamed showed those that fitted as the list streamed.
      const prose = `${layout}${' Some prose.'.repeat(1_000)}`;
      for (const chunk of [1, 16, Number.POSITIVE_INFINITY]) {
        for (const [text, texts] of [
          [split, 100],
          [prose, 0],
        ] as const) {
          const { parts } = run('0.9', text, Math.min(chunk, text.length), { snapshots });
          const forms = new Map<string, Record<string, unknown>>();
          for (const part of parts)
            if (part.type === 'a2ui')
              for (const message of part.messages)
                for (const form of (message as { updateComponents?: { components: Record<string, unknown>[] } }).updateComponents?.components ?? [])
                  forms.set(form.id as string, form);
          expect(
            parts.filter((part) => part.type === 'error'),
            `${chunk}-character chunks`,
          ).toEqual([]);
          expect((forms.get('root')?.children as string[] | undefined)?.length, `${chunk}-character chunks`).toBe(100);
          expect([...forms.values()].filter((form) => form.component === 'Text')).toHaveLength(texts);
        }
      }
    });
  }

  it('without a budget (`Infinity`), the output grows with the square of the surface, as before', () => {
    const text = v08Column(300);
    expect(run('0.8', text, 16, { outputBytesPerChar: Number.POSITIVE_INFINITY }).bytes).toBeGreaterThan(100 * text.length);
  });

  it('what was held goes out when its block closes, before any text after it', () => {
    const text = v08Column(300);
    const close = text.indexOf('</a2ui-json>');
    // No budget but the floor: the tree (some 20 KB) is held from the moment it outgrows it.
    const parser = new A2uiStreamParser(basicCatalog('0.8'), { outputBytesPerChar: 0 });
    const parts: Part[] = [];
    for (let i = 0; i < close; i += 8) parts.push(...parser.push(text.slice(i, Math.min(i + 8, close))));
    const beforeClose = finalState(applyParts(new Map(), parts));
    const atClose = parser.push(text.slice(close));
    const shown = finalState(applyParts(new Map(), [...parts, ...atClose]));
    expect(Object.keys(beforeClose.s?.components ?? {}).length).toBeLessThan(301);
    expect(Object.keys(shown.s?.components ?? {}).length).toBe(301);
    expect(atClose.map((part) => part.type)).toEqual(['a2ui', 'text']);
  });

  it('many small blocks changing one Text of a big tree: each block’s close releases the tree whole only once per surface, then as the budget allows (probe 13 finding 1: 148 times the input)', () => {
    for (const version of ['0.8', '0.9'] as const) {
      const v08 = version === '0.8';
      const text = (id: string, value: string) =>
        v08 ? { id, component: { Text: { text: { literalString: value } } } } : { id, component: 'Text', text: value };
      const components = (list: object[]) =>
        v08 ? { surfaceUpdate: { surfaceId: 's', components: list } } : { version: 'v0.9', updateComponents: { surfaceId: 's', components: list } };
      const start = v08
        ? { beginRendering: { surfaceId: 's', root: 'root' } }
        : { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog('0.9').id } };
      const children = ids(300);
      const root = v08 ? { id: 'root', component: { Column: { children: { explicitList: children } } } } : { id: 'root', component: 'Column', children };
      let input = `Here. <a2ui-json>${JSON.stringify([start, components([root, ...children.map((id) => text(id, 'x'))])])}</a2ui-json>`;
      for (let i = 0; i < 60; i++) input += ` ok <a2ui-json>${JSON.stringify([components([text(`t${i}`, `y${i}`)])])}</a2ui-json>`;
      const { bytes, parts } = run(version, input, 16);
      expect(bytes, `v${version}`).toBeLessThanOrEqual(4 * input.length + OUTPUT_FLOOR);
      expect(finalState(applyParts(new Map(), parts)), `v${version}`).toEqual(finalState(applyParts(new Map(), run(version, input, input.length).parts)));
      expect(JSON.stringify(finalState(applyParts(new Map(), parts)).s?.components.t59)).toContain('y59');
    }
  });

  it('many surfaces, each a Column of ids never defined: their placeholders share the allowance, not one each (eight times the input)', () => {
    for (const version of ['0.8', '0.9'] as const) {
      const messages = Array.from({ length: 40 }, (_, k) => {
        const surfaceId = `s${k}`;
        return version === '0.8'
          ? [
              { beginRendering: { surfaceId, root: 'root' } },
              { surfaceUpdate: { surfaceId, components: [{ id: 'root', component: { Column: { children: { explicitList: ids(100) } } } }] } },
            ]
          : [
              { version: 'v0.9', createSurface: { surfaceId, catalogId: basicCatalog('0.9').id } },
              { version: 'v0.9', updateComponents: { surfaceId, components: [{ id: 'root', component: 'Column', children: ids(100) }] } },
            ];
      }).flat();
      const input = `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
      for (const chunk of [64, input.length]) {
        const { bytes, parts } = run(version, input, chunk);
        expect(bytes, `v${version} at ${chunk}`).toBeLessThanOrEqual(4 * input.length + OUTPUT_FLOOR);
        // The trees past the room are held back and named, as one tree past it alone is.
        expect(
          parts.some((part) => part.type === 'error' && /is held back/.test(part.error.message)),
          `v${version} at ${chunk}`,
        ).toBe(true);
      }
    }
  });

  it('delta snapshots: a long Text held by the budget, then data of its surface: both go soon after, not at the block’s close (probe 14 finding 1)', () => {
    const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog('0.9').id } };
    const tree = {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['t'] },
          { id: 't', component: 'Text', text: `${'y'.repeat(4_000)}END` },
        ],
      },
    };
    const data = Array.from({ length: 300 }, (_, i) => ({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: `/k${i}`, value: 'v'.repeat(50) } }));
    const input = `<a2ui-json>${JSON.stringify([create, tree, ...data])}</a2ui-json>`;
    for (const chunk of [1, 16]) {
      const parser = new A2uiStreamParser(basicCatalog('0.9'));
      let textAt = -1;
      for (let i = 0; i < input.length && textAt < 0; i += chunk) {
        const parts = parser.push(input.slice(i, i + chunk));
        if (JSON.stringify(parts).includes('END')) textAt = i + chunk;
      }
      // Sent within a few thousand characters of its end (at 4,303), not at the block's close (43,499).
      expect(textAt, `at ${chunk}`).toBeGreaterThan(0);
      expect(textAt, `at ${chunk}`).toBeLessThan(8_000);
    }
  });

  it('what was held goes out before another message of its surface', () => {
    const column = v08Column(300);
    const data = '{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"b"}]}}';
    const text = column.replace(']</a2ui-json>', `,${data}]</a2ui-json>`);
    const { parts } = run('0.8', text, 8);
    const messages = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
    const at = messages.findIndex((message) => 'dataModelUpdate' in message);
    const before = finalState(applyParts(new Map(), [{ type: 'a2ui', messages: messages.slice(0, at) }]));
    expect(Object.keys(before.s?.components ?? {}).length).toBe(301);
  });

  it('a tree waiting for room for its placeholders is not laid out again at every chunk (probe 9 finding 2: quadratic time)', () => {
    // The Column lists its 2,000 children before any arrives: their placeholders do not fit, so the tree waits.
    const text = v08Column(2000);
    const layouts = vi.spyOn(FullLayout.prototype, 'placeholderBytes', 'get');
    try {
      const { parts } = run('0.8', text, 16);
      // 9,000 chunks; laid out again only once the allowance grew by half what the tree lacked.
      expect(layouts.mock.calls.length).toBeLessThan(100);
      expect(finalState(applyParts(new Map(), parts))).toEqual(finalState(applyParts(new Map(), run('0.8', text, text.length).parts)));
    } finally {
      layouts.mockRestore();
    }
  });

  // Each Text that arrives changes the Column's form (its placeholder id gives way): a full snapshot
  // per message, or one laid out before each data message, laid out 1,000 children each time
  // (the data shape: 0.46 s; 4,000 children 7.8 s).
  it.each([
    ['one message per Text', 'the tree is not laid out per message while its snapshot is held back', () => v08Messages(1000)],
    ['a data message and a Text per child', 'the held tree is not laid out before each data message', () => v08Interleaved(1000)],
  ])('a Column, then %s: %s (time quadratic in the messages)', (_shape, _what, make) => {
    const text = make();
    const layouts = vi.spyOn(FullLayout.prototype, 'placeholderBytes', 'get');
    try {
      const unbounded = finalState(applyParts(new Map(), run('0.8', text, text.length, { outputBytesPerChar: Number.POSITIVE_INFINITY }).parts));
      for (const chunk of [16, text.length]) {
        layouts.mockClear();
        const { parts } = run('0.8', text, chunk);
        expect(layouts.mock.calls.length, `${chunk}-character chunks`).toBeLessThan(100);
        expect(finalState(applyParts(new Map(), parts)), `${chunk}-character chunks`).toEqual(unbounded);
      }
    } finally {
      layouts.mockRestore();
    }
  });

  it('a Column, then a data message and a Text per child: the data waits behind the held tree, not the tree re-sent before each (probe 11 finding 1)', () => {
    const text = v08Interleaved(150);
    const unbounded = finalState(applyParts(new Map(), run('0.8', text, text.length, { outputBytesPerChar: Number.POSITIVE_INFINITY }).parts));
    for (const chunk of [1, 16, text.length]) {
      const { bytes, parts } = run('0.8', text, chunk);
      // Before: each data message let the held tree go first, 52 times the input here (373 times for 1,000 children).
      expect(bytes, `${chunk}-character chunks`).toBeLessThanOrEqual(4 * text.length + OUTPUT_FLOOR);
      expect(finalState(applyParts(new Map(), parts)), `${chunk}-character chunks`).toEqual(unbounded);
    }
  });

  it('Express, full snapshots, a Column then a Text and a data statement per child: the tree waiting for room is not laid out before each data statement', () => {
    // 2,000 children at 16 characters: 499 data statements laid the whole tree out (1.8 s for 4,000; probe 12 finding 3).
    const ids = Array.from({ length: 1_000 }, (_, i) => `c${i}`);
    const lines = [`root = Column([${ids.join(', ')}])`, ...ids.map((id, i) => `${id} = Text($/k${i})\n$/k${i} = "v${i}"`)];
    const text = `Here. <a2ui>\n${lines.join('\n')}\n</a2ui> Done.`;
    const layouts = vi.spyOn(FullLayout.prototype, 'placeholderBytes', 'get');
    try {
      const read = (chunk: number) => {
        const parser = new A2uiStreamParser(basicCatalog('1.0'), { snapshots: 'full' });
        const parts: Part[] = [];
        for (let i = 0; i < text.length; i += chunk) parts.push(...parser.push(text.slice(i, i + chunk)));
        return [...parts, ...parser.end()];
      };
      const whole = finalState(applyParts(new Map(), read(text.length)));
      layouts.mockClear();
      const parts = read(16);
      expect(layouts.mock.calls.length).toBeLessThan(100);
      expect(finalState(applyParts(new Map(), parts))).toEqual(whole);
    } finally {
      layouts.mockRestore();
    }
  });

  it('a component carried over from a held snapshot goes in the form it has now: one held while its text streamed is not left cut (probe 13 finding 2)', () => {
    const long = 'The full sentence that the model wrote for t, complete and long enough to stream in pieces.';
    const messages = (version: '0.8' | '0.9', pad: number) => {
      const v08 = version === '0.8';
      const text = (id: string, value: string) =>
        v08 ? { id, component: { Text: { text: { literalString: value } } } } : { id, component: 'Text', text: value };
      const column = (id: string, children: string[]) =>
        v08 ? { id, component: { Column: { children: { explicitList: children } } } } : { id, component: 'Column', children };
      const components = (list: object[]) =>
        v08 ? { surfaceUpdate: { surfaceId: 's', components: list } } : { version: 'v0.9', updateComponents: { surfaceId: 's', components: list } };
      const start = v08
        ? { beginRendering: { surfaceId: 's', root: 'root' } }
        : { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog('0.9').id } };
      const tree = [column('root', ['a', 'g']), text('a', 'p'.repeat(pad)), column('g', ['t']), text('t', long)];
      return `<a2ui-json>${JSON.stringify([start, components(tree), components([column('root', ['a'])])])}</a2ui-json>`;
    };
    for (const version of ['0.8', '0.9'] as const) {
      for (const pad of [237, 1_500, 3_000]) {
        const { parts } = run(version, messages(version, pad), 16, version === '0.9' ? { snapshots: 'full' } : {});
        const held = applyParts(new Map(), parts).get('s')?.components.get('t');
        // Never cut: whole, or (the budget never let the tree with `g` out before `g` was dropped) none.
        if (held !== undefined || pad === 237) expect(JSON.stringify(held), `v${version}, pad ${pad}`).toContain(long);
      }
    }
  });

  it('refuses a budget that is not a number ≥ 0', () => {
    expect(() => new A2uiStreamParser(basicCatalog('0.8'), { outputBytesPerChar: -1 })).toThrow(/outputBytesPerChar/);
  });
});
