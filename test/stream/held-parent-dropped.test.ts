/**
 * Delta snapshots: a parent held back for a child no placeholder can stand in for (the catalog has
 * no type a placeholder could be) still goes out when a snapshot that would have released it is
 * dropped because another component's partial form is invalid.
 */
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { decompile, defineCatalog, type A2uiMessage } from '../../src/index.js';
import { messagesOf, parseChunks } from './helpers.js';

// Every type has a required property, and there is no Row: no placeholder is possible.
const catalog = defineCatalog({
  id: 'strict',
  version: '0.9',
  components: {
    Column: { schema: v.object({ id: v.string(), component: v.literal('Column'), children: v.array(v.string()) }), refs: { list: ['children'] } },
    Text: v.object({
      id: v.string(),
      component: v.literal('Text'),
      text: v.union([v.string(), v.object({ call: v.string(), args: v.record(v.string(), v.unknown()) })]),
    }),
  },
});

const messages: A2uiMessage[] = [
  { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'strict' } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: 'first' },
        { id: 'b', component: 'Text', text: { call: 'formatString', args: { value: 'You typed ${/x}' } } },
      ],
    },
  },
];

it('the held parent comes out once its children are there, though a snapshot was dropped', () => {
  const text = `<a2ui-json>\n${decompile(messages)}\n</a2ui-json>`;
  for (let size = 1; size <= 48; size++) {
    const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
    const sent = messagesOf(parseChunks(catalog, chunks, { snapshots: 'delta' }))
      .flatMap((m) => (m.updateComponents as { components?: { id: string }[] } | undefined)?.components ?? [])
      .map((c) => c.id);
    expect(sent, `chunks of ${size}`).toContain('root');
    expect(new Set(sent), `chunks of ${size}`).toEqual(new Set(['root', 'a', 'b']));
  }
});
