/**
 * Issue #27, item 5: v0.8 binding paths go out as the model wrote them, so what Google's v0.8
 * renderer (`@a2ui/web_core`'s v0.8 processor) shows from the streamed messages equals what it
 * shows from the model's own messages, inside templates too, where a relative path is read against
 * the item (the reference's rewrite to `/label` made a template row show its whole item).
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { parseResponse } from '../../src/response/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { chunkings } from '../support/chunkings.js';
import { webCoreV08Shown } from '../support/web-core-v08.js';
import { messagesOf, V08 } from './helpers.js';

/**
 * A template list of rows bound relatively (its items a JSON string the v0.8 processor parses, as a
 * flat v0.8 data model carries a list), and bindings at the root both relative and absolute.
 */
const MESSAGES: A2uiMessage[] = [
  { beginRendering: { surfaceId: 's', root: 'root' } },
  {
    surfaceUpdate: {
      surfaceId: 's',
      components: [
        { id: 'root', component: { Column: { children: { explicitList: ['heading', 'row_list'] } } } },
        { id: 'heading', component: { Text: { text: { path: 'title' }, usageHint: 'h1' } } },
        { id: 'row_list', component: { List: { children: { template: { componentId: 'row', dataBinding: '/rows' } } } } },
        { id: 'row', component: { Column: { children: { explicitList: ['row_label', 'row_note', 'row_title'] } } } },
        { id: 'row_label', component: { Text: { text: { path: 'label' } } } },
        { id: 'row_note', component: { Text: { text: { path: 'note' } } } },
        { id: 'row_title', component: { Text: { text: { path: '/title' } } } },
      ],
    },
  },
  {
    dataModelUpdate: {
      surfaceId: 's',
      contents: [
        { key: 'title', valueString: 'Rows' },
        { key: 'rows', valueString: JSON.stringify(['ROW1', 'ROW2'].map((label) => ({ label, note: `${label} note` }))) },
      ],
    },
  },
];

const RESPONSE = `Here are the rows.\n<a2ui-json>\n${JSON.stringify(MESSAGES, null, 2)}\n</a2ui-json>\nDone.`;

function streamed(chunks: readonly string[], snapshots: 'full' | 'delta'): Part[] {
  const parser = new A2uiStreamParser(V08, { snapshots });
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('v0.8 template paths (issue #27, item 5)', () => {
  const own = webCoreV08Shown(MESSAGES);

  it('the judge reads a template row: a relative path shows the item’s value, not the item', () => {
    const rows = JSON.stringify(own);
    expect(rows).toContain('{"reads":"/rows/0/label","shows":"ROW1"}');
    expect(rows).toContain('{"reads":"/rows/1/note","shows":"ROW2 note"}');
    expect(rows).not.toContain('"shows":{');
  });

  // Full snapshots only: this renderer rejects a parent whose child is not in the same message,
  // which delta snapshots send (why full is v0.8's default); delta's paths are checked below.
  it('full snapshots, every chunking: the renderer shows what the model’s own messages show', () => {
    for (const { name, chunks } of chunkings(RESPONSE, 8)) {
      const parts = streamed(chunks, 'full');
      expect(
        parts.filter((part) => part.type === 'error'),
        name,
      ).toEqual([]);
      expect(webCoreV08Shown(messagesOf(parts)), name).toEqual(own);
    }
  });

  it('paths go out as written: no leading slash is added, and a literal initialiser beside a path stays', () => {
    const paths = JSON.stringify(messagesOf(streamed([RESPONSE], 'full')));
    expect(paths).toContain('"path":"label"');
    expect(paths).toContain('"path":"title"');
    const initial = { id: 'root', component: { Text: { text: { path: 'greeting', literalString: 'Hello' } } } };
    const text = `<a2ui-json>${JSON.stringify([MESSAGES[0], { surfaceUpdate: { surfaceId: 's', components: [initial] } }])}</a2ui-json>`;
    for (const snapshots of ['full', 'delta'] as const) expect(JSON.stringify(messagesOf(streamed([text], snapshots)))).toContain(JSON.stringify(initial));
  });

  it('parseResponse, with the catalog, shows the same', () => {
    expect(webCoreV08Shown(messagesOf(parseResponse(RESPONSE, V08)))).toEqual(own);
  });
});
