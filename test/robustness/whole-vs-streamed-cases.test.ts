/**
 * Issue #27, item 4: the cases where whole and streamed disagreed, each read whole
 * (`parseResponse` with the catalog) and streamed at every chunking in both snapshot modes.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { parseResponse } from '../../src/response/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { chunkings } from '../support/chunkings.js';
import { runParser } from '../support/robust.js';

const V09 = basicCatalog('0.9');
const create: A2uiMessage = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } };
const update = (components: Record<string, unknown>[]): A2uiMessage => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components } }) as A2uiMessage;
const block = (messages: readonly A2uiMessage[]) => `Here.\n<a2ui-json>\n${JSON.stringify(messages, null, 2)}\n</a2ui-json>\nDone.`;

/** Every way of reading `text`: whole, and streamed at every chunking, in both modes. */
function readings(text: string): { name: string; parts: Part[] }[] {
  const out: { name: string; parts: Part[] }[] = [];
  for (const snapshots of ['full', 'delta'] as const) {
    out.push({ name: `whole, ${snapshots}`, parts: parseResponse(text, V09, { snapshots }) });
    for (const { name, chunks } of chunkings(text, 27, 2)) out.push({ name: `${name}, ${snapshots}`, parts: runParser(V09, chunks, { snapshots }).parts });
  }
  return out;
}

const errorsOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
const messagesOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
/**
 * Each surface's components a renderer ends showing, by id: the type, `stand-in` for a placeholder
 * (full snapshots' `loading_<id>` read as `<id>`).
 */
function shown(parts: readonly Part[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [surfaceId, surface] of Object.entries(finalState(applyParts(new Map(), parts)))) {
    out[surfaceId] = Object.fromEntries(
      Object.entries(surface.components).map(([id, c]) => {
        const component = c as Record<string, unknown>;
        const standIn =
          component.component === 'Row' && Array.isArray(component.children) && component.children.length === 0 && Object.keys(component).length === 3;
        return [id.replace(/^loading_/, ''), standIn ? 'stand-in' : String(component.component)];
      }),
    );
  }
  return out;
}

describe('the cases where whole and streamed disagreed (issue #27, item 4)', () => {
  it('an empty message list: no message and no error, either way', () => {
    for (const { name, parts } of readings('<a2ui-json>[]</a2ui-json>')) {
      expect(errorsOf(parts), name).toEqual([]);
      expect(messagesOf(parts), name).toEqual([]);
    }
  });

  it('a block with no JSON, or not a message: the same error either way', () => {
    for (const [text, first, count] of [
      ['<a2ui-json>not json</a2ui-json>', 'ParseError: Failed to parse JSON', 1],
      // The delete names a surface this response does not know: named when it ends, not sent.
      [
        '<a2ui-json>[1, {"version": "v0.9", "deleteSurface": {"surfaceId": "x"}}]</a2ui-json>',
        'ValidationError: Validation failed: messages.0: Message must be an object',
        2,
      ],
    ] as const) {
      for (const { name, parts } of readings(text)) {
        const errors = errorsOf(parts).map((error) => `${error.category}: ${error.message}`);
        expect(errors.length, name).toBe(count);
        expect(errors[0]?.startsWith(first), `${name}: ${errors[0]}`).toBe(true);
      }
    }
  });

  it('a delete of a surface the response does not know: not sent, and one IntegrityError at the end naming it, either way (it was dropped without a word)', () => {
    const text = block([
      { version: 'v0.9', deleteSurface: { surfaceId: 'gone' } },
      { version: 'v0.9', deleteSurface: { surfaceId: 'gone-too' } },
    ] as never);
    for (const { name, parts } of readings(text)) {
      expect(messagesOf(parts), name).toEqual([]);
      const errors = errorsOf(parts);
      expect(
        errors.map((error) => [error.category, error.message]),
        name,
      ).toEqual([['IntegrityError', expect.stringMatching(/^deleteSurface of surface 'gone' was not sent: .* \(and 1 more\); .*knownSurfaces$/)]]);
    }
  });

  it('an update for a surface the response never creates: withheld, and an IntegrityError at the end, either way', () => {
    const text = block([update([{ id: 'root', component: 'Text', text: 'orphan' }])]);
    for (const { name, parts } of readings(text)) {
      expect(messagesOf(parts), name).toEqual([]);
      expect(
        errorsOf(parts).map((error) => error.category),
        name,
      ).toEqual(['IntegrityError']);
    }
  });

  it('an invalid component mid-block (a Button calling an unknown function): left out at every chunking and whole, the rest stands', () => {
    const text = block([
      create,
      update([
        { id: 'root', component: 'Column', children: ['title', 'go', 'after'] },
        { id: 'title', component: 'Text', text: 'Hello' },
        { id: 'go', component: 'Button', child: 'go_label', action: { functionCall: { call: 'noSuchFunction', args: {} } } },
        { id: 'go_label', component: 'Text', text: 'Go' },
        { id: 'after', component: 'Text', text: 'after the button' },
      ]),
      { version: 'v0.9', updateDataModel: { surfaceId: 's', value: { ready: true } } },
    ]);
    for (const { name, parts } of readings(text)) {
      // The button's place shows the placeholder; its label is not reachable.
      expect(shown(parts), name).toEqual({ s: { root: 'Column', title: 'Text', go: 'stand-in', after: 'Text' } });
      expect(finalState(applyParts(new Map(), parts)).s?.dataModel, name).toEqual({ ready: true });
      const errors = errorsOf(parts);
      expect(
        errors.map((error) => error.category),
        name,
      ).toEqual(['ValidationError']);
      // The cause in the first line, the message named by its index in the block (the second).
      expect(errors[0]?.message.split('\n')[0], name).toBe(
        "Validation failed: Button 'go' (surface 's'), property 'action': Unknown function: noSuchFunction (at messages.1.updateComponents.components.2.action.functionCall.call)",
      );
      expect(errors[0]?.details[0]?.path, name).toBe('messages.1.updateComponents.components.2.action.functionCall.call');
    }
  });

  it('a component whose partial was shown and whose closed form is invalid: the placeholder replaces it, as whole', () => {
    const text = block([
      create,
      update([
        { id: 'root', component: 'Column', children: ['note'] },
        { id: 'note', component: 'Text', text: 'A long note that streams for a while before its variant, which is wrong.', variant: 'shouting' },
      ]),
    ]);
    const readsAll = readings(text);
    // Small chunks did show a partial of the note (full snapshots show a cut text at every chunk).
    const oneChar = readsAll.find((reading) => reading.name === '1-char chunks, full') as { parts: Part[] };
    expect(JSON.stringify(messagesOf(oneChar.parts))).toContain('"id":"note","component":"Text","text":"A long');
    for (const { name, parts } of readsAll) {
      expect(shown(parts), name).toEqual({ s: { root: 'Column', note: 'stand-in' } });
      expect(
        errorsOf(parts).map((error) => error.message.split('\n')[0]),
        name,
      ).toEqual([
        "Validation failed: Text 'note' (surface 's'), property 'variant': 'shouting' is not one of the allowed values: 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'body' (at messages.1.updateComponents.components.1.variant)",
      ]);
    }
  });
});
