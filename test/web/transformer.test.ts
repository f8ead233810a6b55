import { describe, expect, it, vi } from 'vitest';
import { A2uiError, A2uiLimitError } from '../../src/errors.js';
import type { Part } from '../../src/types.js';
import { a2uiTransformer, mergeTextParts } from '../../src/web/transformer.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import { basicCatalog } from '../../src/catalog/basic/index.js';
import { FakeParser, fakeStream, run, summarize } from './helpers.js';

describe('mergeTextParts', () => {
  it('merges each run of text parts and keeps other parts in place', () => {
    const a2ui: Part = { type: 'a2ui', messages: [] };
    const merged = mergeTextParts([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }, a2ui, { type: 'text', text: 'c' }]);
    expect(merged).toEqual([{ type: 'text', text: 'ab' }, a2ui, { type: 'text', text: 'c' }]);
    expect(merged[1]).toBe(a2ui);
  });
});

describe('a2uiTransformer with a fake parser', () => {
  it('passes strings to the parser unchanged and merges the text parts of one chunk', async () => {
    const { parser, stream } = fakeStream();
    const { out } = await run(stream, ['hello ', 'wor#ld']);
    expect(parser.chunks).toEqual(['hello ', 'wor#ld']);
    expect(summarize(out)).toBe('hello |wor|[a2ui]|ld|<end>');
  });

  it('calls end() on close and enqueues what it returns', async () => {
    const parser = new FakeParser([{ type: 'text', text: 'tail' }]);
    const { out } = await run(fakeStream('emit', parser).stream, ['x']);
    expect(parser.ended).toBe(true);
    expect(summarize(out)).toBe('x|tail');
  });

  it("'emit': parts before the error, then the error part, then parsing goes on", async () => {
    const { out, error } = await run(fakeStream('emit').stream, ['ab!c', 'de']);
    expect(error).toBeUndefined();
    expect(summarize(out)).toBe('ab|[error:ParseError]|de|<end>');
    const errorPart = out[1] as Extract<Part, { type: 'error' }>;
    expect(errorPart.error).toBeInstanceOf(A2uiError);
  });

  it("'terminate': the stream errors; the failing chunk's parts are on the error", async () => {
    const { out, error } = await run(fakeStream('terminate').stream, ['ok', 'ab!c', 'de']);
    expect(summarize(out)).toBe('ok');
    expect(error).toBeInstanceOf(A2uiError);
    expect(summarize((error as A2uiError).partialParts)).toBe('a|b');
  });

  it('a callback receives the error; parts before it are enqueued and parsing goes on', async () => {
    const onError = vi.fn();
    const { out, error } = await run(fakeStream(onError).stream, ['ab!c', 'de']);
    expect(error).toBeUndefined();
    expect(summarize(out)).toBe('ab|de|<end>');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].category).toBe('ParseError');
  });

  it('a throwing callback errors the stream with what it threw', async () => {
    const boom = new Error('boom');
    const { error } = await run(
      fakeStream(() => {
        throw boom;
      }).stream,
      ['a!'],
    );
    expect(error).toBe(boom);
  });

  it("a LimitError under 'emit' is the last part and closes the stream without calling end()", async () => {
    const { parser, stream } = fakeStream('emit');
    const { out, error } = await run(stream, ['ab%c', 'more']);
    expect(error).toBeUndefined();
    expect(summarize(out)).toBe('ab|[error:LimitError]');
    expect(parser.chunks).toEqual(['ab%c']);
    expect(parser.ended).toBe(false);
  });

  it('a LimitError under a callback calls it, then errors the stream', async () => {
    const onError = vi.fn();
    const { out, error } = await run(fakeStream(onError).stream, ['x', 'ab%c']);
    expect(summarize(out)).toBe('x');
    expect(error).toBeInstanceOf(A2uiLimitError);
    expect(onError).toHaveBeenCalledWith(error);
  });

  it("a LimitError under 'terminate' errors the stream", async () => {
    const { error } = await run(fakeStream('terminate').stream, ['%']);
    expect(error).toBeInstanceOf(A2uiLimitError);
  });

  it("an error end() returns is handled by the policy ('emit')", async () => {
    const parser = new FakeParser();
    parser.end = () => parser.push('z!');
    const { out } = await run(fakeStream('emit', parser).stream, ['a']);
    expect(summarize(out)).toBe('a|z|[error:ParseError]');
  });

  it('errors that are not A2uiErrors (bugs) error the stream as they are', async () => {
    const parser = new FakeParser();
    const bug = new TypeError('bug');
    parser.push = () => {
      throw bug;
    };
    const { error } = await run(fakeStream('emit', parser).stream, ['a']);
    expect(error).toBe(bug);
  });
});

describe('a2uiTransformer with the real parser', () => {
  it('what follows a failing block in the same chunk goes out with that chunk, not with the next', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.9'), { snapshots: 'delta' });
    const transformer = a2uiTransformer(parser, 'emit');
    const parts: Part[] = [];
    const controller = { enqueue: (part: Part) => parts.push(part) } as unknown as TransformStreamDefaultController<Part>;
    const good = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${basicCatalog('0.9').id}"}}`;
    void transformer.transform?.(`<a2ui-json>{"oops"</a2ui-json>after<a2ui-json>[${good}]</a2ui-json>`, controller);
    expect(summarize(parts)).toBe('[error:ParseError]|after|[a2ui]');
    // Nothing was left waiting for a next call.
    expect(parser.push('')).toEqual([]);
  });
});
