/**
 * A message that fails whole (here "No root component") after a snapshot that sent nothing showed
 * a partial of one of its components (probe 16 finding 3): the roll-back counted that partial as
 * closed, so a later block naming the component sent the cut text as final ("Hello world, th" at
 * 16-character chunks). The failure skips the rest of the block, so the object never closes: its
 * partial goes, as whole, where nothing of the message stands.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { A2uiMessage } from '../../src/types.js';
import { chunksOf, CHUNK_SIZES } from '../support/chunkings.js';
import { messagesOf, V09 } from './helpers.js';

const sentence = 'Hello world, this is the full sentence the model wrote.';
const block = (messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const update = (components: unknown[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's0', components } });
const input = `${block([
  update([
    { id: 'x', component: 'Text', text: 'xx' },
    { id: 'c0', component: 'Text', text: sentence },
  ]),
])} and ${block([update([{ id: 'root', component: 'Column', children: ['c0'] }])])}`;
const history = [{ version: 'v0.9', createSurface: { surfaceId: 's0', catalogId: V09.id } }] as A2uiMessage[];

/** The last form of `c0` the client got reading `input` at `size`. */
function lastC0(size: number): unknown {
  const parser = new A2uiStreamParser(V09, { history });
  const parts = [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const forms = messagesOf(parts).flatMap((message) => (message.updateComponents as { components: { id: string }[] } | undefined)?.components ?? []);
  return forms.filter((form) => form.id === 'c0').at(-1);
}

describe('a component of a message that fails whole', () => {
  it.each([...CHUNK_SIZES, input.length])('at %i-character chunks: whole, or its placeholder, never cut', (size) => {
    const form = lastC0(size) as { component?: string; text?: string };
    if (form.component === 'Text') expect(form.text).toBe(sentence);
    else expect(form).toEqual({ id: 'c0', component: 'Row', children: [] });
  });
});
