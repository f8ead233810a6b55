/**
 * Deep input to the compiler and the writers: `compileExpress` leaves out a data path the
 * streaming core leaves out (more than 256 segments), with the same error; `decompile` and
 * `decompileExpress` refuse messages nested past `MAX_WRITE_DEPTH` with an `A2uiLimitError`
 * instead of running out of stack (a plain `RangeError` before).
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError, A2uiValidationError } from '../../src/errors.js';
import { compileExpress, decompileExpress } from '../../src/express/index.js';
import { decompile } from '../../src/response/decompile.js';
import { MAX_WRITE_DEPTH } from '../../src/response/nesting.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { A2uiMessage } from '../../src/types.js';

const catalog = basicCatalog('0.9');
const deepSet = (segments: number) => `$${'/a'.repeat(segments)} = 1\n`;

/** `{a: {a: … 1}}`, `depth` objects deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
const messagesWith = (value: unknown): A2uiMessage[] => [
  { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: catalog.id } },
  { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/', value } } as A2uiMessage,
];

describe('compileExpress: a data path the streaming core leaves out', () => {
  it('throws the error the streaming parser reports for it, where it returned a value 8,000 deep', () => {
    const streamed = new A2uiStreamParser(catalog).push(`<a2ui>\n${deepSet(8000)}</a2ui>`);
    const reported = streamed.flatMap((part) => (part.type === 'error' ? [part.error.message] : []));
    expect(reported).toContain('Data-model path of 8000 segments left out: at most 256');
    expect(() => compileExpress(deepSet(8000), catalog)).toThrow(A2uiValidationError);
    expect(() => compileExpress(deepSet(8000), catalog)).toThrow('Data-model path of 8000 segments left out: at most 256');
    expect(() => compileExpress(deepSet(257), catalog)).toThrow('Data-model path of 257 segments left out');
  });

  it('keeps a path of 256 segments, which decompiles and compiles back', () => {
    const messages = compileExpress(deepSet(256), catalog) as A2uiMessage[];
    expect(messages).toEqual([{ version: 'v0.9', updateDataModel: { surfaceId: 'default_surface', path: '/', value: nested(256) } }]);
    expect(compileExpress(decompileExpress(messages, catalog), catalog)).toEqual(messages);
    expect(JSON.parse(decompile(messages))).toEqual(messages);
  });
});

describe('decompile and decompileExpress: deep messages', () => {
  it.each([MAX_WRITE_DEPTH, 20_000])('a value %i deep: an A2uiLimitError, not a RangeError', (depth) => {
    const messages = messagesWith(nested(depth));
    expect(() => decompile(messages)).toThrow(A2uiLimitError);
    expect(() => decompileExpress(messages, catalog)).toThrow(A2uiLimitError);
    expect(() => decompile(messages[1] as A2uiMessage)).toThrow(A2uiLimitError);
  });

  it('writes what nests just within the bound', () => {
    // The list holds the message (1), its body (2), then the value's objects.
    const messages = messagesWith(nested(MAX_WRITE_DEPTH - 3));
    expect(JSON.parse(decompile(messages))).toEqual(messages);
    expect(decompileExpress(messages, catalog)).toContain(`$${'/a'.repeat(MAX_WRITE_DEPTH - 3)} = 1`);
  });
});
