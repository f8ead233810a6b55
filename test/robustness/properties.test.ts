/**
 * Properties over arbitrary input: the parser, `parseResponse` and `a2uiStream` throw nothing but
 * deliberate `A2uiError`s and always return; and `decompile` → `wrap` → `parseResponse` gives back
 * the messages it was given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { PROTOCOL_VERSIONS } from '../../src/protocol/versions.js';
import { parseResponse, wrap, type WrapPart } from '../../src/response/index.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { A2uiMessage, JsonValue } from '../../src/types.js';
import { isDeliberateError, runParser, runStream, splitAt, textOf } from '../support/robust.js';
import { applyMessages, applyParts, finalState } from '../support/apply-messages.js';

const RUNS = 300;

/** Pieces a model's output is made of, plus arbitrary strings, lone surrogates and control characters. */
const TOKENS = [
  '<a2ui-json>',
  '</a2ui-json>',
  '<A2UI-JSON foo="1">',
  '</A2UI-json>',
  '<a2ui-',
  '</a2ui',
  '<',
  '>',
  '/',
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '\\',
  '\\u12',
  '\\"',
  '“',
  '”',
  '```json\n',
  '```',
  '\n',
  ' ',
  'true',
  'null',
  '-1.5e3',
  '"version"',
  '"v0.9"',
  '"v0.8"',
  '"createSurface"',
  '"updateComponents"',
  '"updateDataModel"',
  '"deleteSurface"',
  '"surfaceUpdate"',
  '"beginRendering"',
  '"dataModelUpdate"',
  '"surfaceId"',
  '"s"',
  '"components"',
  '"id"',
  '"root"',
  '"component"',
  '"Text"',
  '"text"',
  '"children"',
  '"value"',
  '"path"',
  '"/a"',
  '"contents"',
  '"key"',
  '"valueString"',
  '"__proto__"',
  '"constructor"',
  '\u0000',
  '\u0007',
  '\u001b',
  '\ud800',
  '\udfff',
  '🎉',
  '\u2028',
  '\ufeff',
];

const soup = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) }), {
    maxLength: 120,
  })
  .map((tokens) => tokens.join(''));

/** Arbitrary text, or a valid response with tokens spliced in. */
const input = fc.oneof(soup, fc.string({ unit: 'binary', maxLength: 200 }));

/** Calls `fn`; fails the test if it throws anything but a deliberate `A2uiError`. */
function onlyA2uiErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (thrown) {
    if (!isDeliberateError(thrown)) throw thrown;
  }
}

describe('arbitrary input throws only A2uiErrors', () => {
  for (const version of PROTOCOL_VERSIONS) {
    it(`v${version}: push/end at any chunking, every option set`, () => {
      fc.assert(
        fc.property(
          input,
          fc.array(fc.nat(200), { maxLength: 20 }),
          fc.record({
            validate: fc.boolean(),
            wrapped: fc.boolean(),
            snapshots: fc.constantFrom('full', 'delta' as const),
            text: fc.constantFrom('raw', 'trim' as const),
          }),
          (text, cuts, options) => {
            const result = runParser(basicCatalog(version), splitAt(text, cuts), options);
            if (options.wrapped && options.text === 'raw' && !text.toLowerCase().includes('<a2ui')) {
              expect(textOf(result.parts)).toBe(text);
            }
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('a parser keeps going after every error: the next calls return or throw A2uiErrors', () => {
    fc.assert(
      fc.property(fc.array(input, { minLength: 1, maxLength: 6 }), (chunks) => {
        const parser = new A2uiStreamParser(basicCatalog('0.9'));
        for (const chunk of chunks) onlyA2uiErrors(() => parser.push(chunk));
        onlyA2uiErrors(() => parser.end());
      }),
      { numRuns: RUNS },
    );
  });

  it('parseResponse, with and without catalogs, wrapped or not', () => {
    fc.assert(
      fc.property(input, fc.boolean(), fc.constantFrom(...PROTOCOL_VERSIONS), (text, wrapped, version) => {
        onlyA2uiErrors(() => parseResponse(text, undefined, { wrapped }));
        onlyA2uiErrors(() => parseResponse(text, basicCatalog(version), { wrapped }));
      }),
      { numRuns: RUNS },
    );
  });

  it('a2uiStream on arbitrary bytes and strings, under every error policy', async () => {
    const chunk = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      input,
      input.map((s) => new TextEncoder().encode(s)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 8 }), fc.constantFrom('emit', 'terminate' as const), async (chunks, onError) => {
        const { parts, streamError } = await runStream(basicCatalog('0.9'), chunks, { onError });
        for (const part of parts) if (part.type === 'error') expect(isDeliberateError(part.error)).toBe(true);
        const limited = parts.some((p) => p.type === 'error' && p.error.category === 'LimitError');
        if (onError === 'emit' && !limited) expect(streamError).toBeUndefined();
        if (onError === 'terminate' && streamError !== undefined) expect(isDeliberateError(streamError)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

const CATALOG_V09 = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** JSON values as they come back from JSON (no `-0`), keys such as `__proto__` included. */
const jsonValue = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as JsonValue);

/** A list of v0.9 messages: a surface whose texts and data model are arbitrary. */
const messagesArb = fc
  .record({
    surfaceId: fc.string({ minLength: 1, maxLength: 10 }),
    // Without curly single quotes: parseResponse turns them into `'`, as the reference's fixer does.
    texts: fc.array(
      fc.string({ unit: 'binary', maxLength: 40 }).map((text) => text.replace(/[\u2018\u2019]/g, "'")),
      { minLength: 1, maxLength: 6 },
    ),
    model: fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 5 }),
  })
  .map(({ surfaceId, texts, model }): A2uiMessage[] => [
    { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOG_V09 } },
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'Column', children: texts.map((_, i) => `t${i}`) },
          ...texts.map((text, i) => ({ id: `t${i}`, component: 'Text', text })),
        ],
      },
    },
    { version: 'v0.9', updateDataModel: { surfaceId, value: model } },
  ]);

/** Conversational text that parseResponse gives back as it is: trimmed, no tags, no fences. */
const prose = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
  .map((s) => s.replace(/[<`]/g, '').trim())
  .filter((s) => s !== '');

describe('decompile → wrap → parseResponse round trip', () => {
  it('gives back every message and text; with the basic catalog, what a renderer shows of them, and no error', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            prose.map((text): WrapPart => ({ type: 'text', text })),
            messagesArb.map((messages): WrapPart => ({ type: 'a2ui', messages })),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        (parts) => {
          fc.pre(parts.some((p) => p.type === 'a2ui'));
          const merged: WrapPart[] = [];
          for (const part of parts) {
            const last = merged[merged.length - 1];
            if (part.type === 'text' && last?.type === 'text') merged[merged.length - 1] = { type: 'text', text: `${last.text}\n${part.text}` };
            // One surface per block: a second createSurface for a surface would be refused.
            else if (part.type === 'a2ui')
              merged.push({
                type: 'a2ui',
                messages: JSON.parse(JSON.stringify(part.messages).replaceAll('"surfaceId":"', `"surfaceId":"${merged.length}-`)) as A2uiMessage[],
              });
            else merged.push(part);
          }
          const text = wrap(merged);
          expect(parseResponse(text)).toEqual(merged);
          const read = parseResponse(text, basicCatalog('0.9'));
          expect(read.filter((part) => part.type === 'error')).toEqual([]);
          expect(read.filter((part) => part.type === 'text')).toEqual(merged.filter((part) => part.type === 'text'));
          const messages = merged.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
          expect(finalState(applyParts(new Map(), read))).toEqual(finalState(applyMessages(new Map(), messages)));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
