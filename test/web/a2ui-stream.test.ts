import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiError, A2uiValidationError } from '../../src/errors.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { A2uiStream, a2uiStream } from '../../src/web/index.js';
import { OVER_BUDGET_ANSWER } from '../support/express-answer.js';
import { run, summarize } from './helpers.js';

const CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const createSurface = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: CATALOG_ID } };
const components = [
  { id: 'root', component: 'Column', children: ['t'] },
  { id: 't', component: 'Text', text: 'Grüße 👋🏽' },
];
const updateComponents = { version: 'v0.9', updateComponents: { surfaceId: 's', components } };
const block = (messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const response = `Hé ✓ ${block([createSurface, updateComponents])} 日本 end`;

/** The last emitted form of each component, and all messages, from a list of parts. */
function messagesOf(parts: readonly Part[]): A2uiMessage[] {
  return parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
}
function finalComponents(parts: readonly Part[]): Record<string, unknown> {
  const byId: Record<string, unknown> = {};
  for (const message of messagesOf(parts)) {
    const update = message.updateComponents as { components: { id: string }[] } | undefined;
    for (const component of update?.components ?? []) byId[component.id] = component;
  }
  return byId;
}
const textOf = (parts: readonly Part[]) => parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');

describe('a2uiStream over the streaming parser', () => {
  it('is a TransformStream; A2uiStream is the same thing as a class', () => {
    expect(a2uiStream(basicCatalog('0.9'))).toBeInstanceOf(TransformStream);
    expect(new A2uiStream(basicCatalog('0.9'))).toBeInstanceOf(TransformStream);
  });

  it('reads bytes cut inside multi-byte characters into the same parts as whole strings', async () => {
    const whole = await run(a2uiStream(basicCatalog('0.9')), [response]);
    const bytes = new TextEncoder().encode(response);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.slice(i * 3, i * 3 + 3));
    const cut = await run(a2uiStream(basicCatalog('0.9')), pieces);
    for (const { out, error } of [whole, cut]) {
      expect(error).toBeUndefined();
      expect(textOf(out)).toBe('Hé ✓  日本 end');
      expect(finalComponents(out)).toMatchObject({ root: components[0], t: components[1] });
      expect(messagesOf(out)[0]).toEqual(createSurface);
    }
    expect(messagesOf(cut.out).length).toBeGreaterThan(messagesOf(whole.out).length);
  });

  it('merges the text parts one chunk produces', async () => {
    // Components for a surface not created yet are held back: the blocks emit nothing (the end
    // of the response says that they were never sent).
    const held = block([{ version: 'v0.9', updateComponents: { surfaceId: 'later', components } }]);
    const chunk = `a ${held} b ${held} c`;
    const { out } = await run(a2uiStream(basicCatalog('0.9')), [chunk]);
    expect(out.slice(0, 1)).toEqual([{ type: 'text', text: 'a  b  c' }]);
    expect(summarize(out.slice(1))).toBe('[error:IntegrityError]');
  });

  const selfReference = `Hi ${block([
    createSurface,
    { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['root'] }] } },
  ])} after`;

  it("'emit': the parts before the error, the error part, then the rest of the response", async () => {
    const { out, error } = await run(a2uiStream(basicCatalog('0.9')), [selfReference, ' more']);
    expect(error).toBeUndefined();
    // ' after' follows the failing block in its chunk, so it goes out with that chunk.
    expect(summarize(out)).toBe('Hi |[a2ui]|[error:RecursionError]| after| more');
  });

  it("'emit': text after two failing blocks in the last chunk still arrives", async () => {
    const last = 'A <a2ui-json>junk</a2ui-json> B <a2ui-json>more junk</a2ui-json> C';
    const { out, error } = await run(a2uiStream(basicCatalog('0.9')), [last]);
    expect(error).toBeUndefined();
    expect(summarize(out)).toBe('A |[error:ParseError]| B |[error:ParseError]| C');
  });

  it("'terminate': the stream errors with the parser's error and its partial parts", async () => {
    const { out, error } = await run(a2uiStream(basicCatalog('0.9'), { onError: 'terminate' }), [selfReference]);
    expect(out).toEqual([]);
    expect(error).toBeInstanceOf(A2uiError);
    expect((error as A2uiError).category).toBe('RecursionError');
    expect(summarize((error as A2uiError).partialParts)).toBe('Hi |[a2ui]');
  });

  it('a LimitError ends the stream after its error part and cancels the source', async () => {
    let cancelled = false;
    const chunks = ['Hi <a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"', 'a'.repeat(100), '"}}]</a2ui-json> never'];
    const source = new ReadableStream<string>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(next);
      },
      cancel() {
        cancelled = true;
      },
    });
    const parts: Part[] = [];
    for await (const part of source.pipeThrough(a2uiStream(basicCatalog('0.9'), { maxBufferSize: 20 })) as unknown as AsyncIterable<Part>) {
      parts.push(part);
    }
    expect(summarize(parts)).toBe('Hi |[error:LimitError]');
    expect(cancelled).toBe(true);
  });

  it("passes the parser's options through (wrapped: false, text: 'trim')", async () => {
    const unwrapped = await run(a2uiStream(basicCatalog('0.9'), { wrapped: false }), [JSON.stringify([createSurface, updateComponents])]);
    expect(finalComponents(unwrapped.out)).toMatchObject({ root: components[0], t: components[1] });
    const trimmed = await run(a2uiStream(basicCatalog('0.9'), { text: 'trim' }), ['  padded  ', ' text  ']);
    expect(textOf(trimmed.out)).toBe('padded   text');
  });

  it('reads on past an Express statement left out by a limit (a validation error part, not a LimitError)', async () => {
    const { out: parts, error } = await run(a2uiStream(basicCatalog('1.0')), [OVER_BUDGET_ANSWER]);
    expect(error).toBeUndefined();
    const errors = parts.flatMap((p) => (p.type === 'error' ? [p.error] : []));
    expect(errors.map((e) => [e.category, e.details[0]?.code])).toEqual([['ValidationError', 'limit_exceeded']]);
    expect(textOf(parts)).toContain('After.');
    const surfaces = messagesOf(parts).flatMap((m) => (m.createSurface ? [(m.createSurface as { surfaceId: string }).surfaceId] : []));
    expect(surfaces).toEqual(['default_surface', 'two']);
  });
});

// Probe 15 finding 4: an unknown policy acted as 'emit' unseen.
it('an onError that is no policy is refused with a ValidationError', () => {
  expect(() => a2uiStream(basicCatalog('0.9'), { onError: 'ignore' as never })).toThrow(A2uiValidationError);
});
