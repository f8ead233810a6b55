import { describe, expect, it } from 'vitest';
import { A2uiLimitError, A2uiValidationError } from '../../src/errors.js';
import { ExpressBlock } from '../../src/express/index.js';
import { A2uiStreamParser, basicCatalog } from '../../src/index.js';

function recorder(fail?: (key: string | undefined, index: number, message: Readonly<Record<string, unknown>>) => Error | undefined) {
  const log: string[] = [];
  const sink = {
    message: (m: Readonly<Record<string, unknown>>, c: { index: number; offset: number; key: string | undefined; surfaceId: string | undefined }) => {
      const error = fail?.(c.key, c.index, m);
      if (error) throw error;
      log.push(`message ${c.index} ${c.key} ${c.surfaceId} @${c.offset}`);
    },
    report: (e: Error) => log.push(`report ${e.message}`),
    failed: (e: Error) => log.push(`failed ${e.message}`),
    flush: (at?: number) => log.push(`flush ${at ?? 'end'}`),
  };
  return { log, sink };
}

describe('ExpressBlock (the core reader boundary)', () => {
  it('hands complete messages with their context, reports errors, flushes at each piece end', () => {
    const { log, sink } = recorder();
    const block = new ExpressBlock(sink, { catalogs: basicCatalog('1.0') });
    block.read('root = Text("a")\nx = Nope()', true);
    expect(block.end(true)).toBeUndefined();
    expect(log).toEqual([
      'message 0 createSurface default_surface @0',
      'message 1 updateComponents default_surface @0',
      "report Line 2, 'x': Unknown component or function 'Nope' (catalog 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json')",
      'flush 27',
      'flush end',
    ]);
  });

  it('reads on after a message that fails whole, and stops on a limit', () => {
    // Statement a's component fails whole: the message merging a and b fails, then a's alone; b goes.
    const failsA = (_key: string | undefined, _index: number, message: Readonly<Record<string, unknown>>) =>
      JSON.stringify(message).includes('"id":"a"') ? new A2uiValidationError('bad') : undefined;
    const { log, sink } = recorder(failsA);
    const block = new ExpressBlock(sink, { catalogs: basicCatalog('1.0') });
    block.read('a = Text("1")\nb = Text("2")', false);
    block.end(true);
    expect(log.filter((l) => !l.startsWith('flush'))).toEqual([
      'message 0 createSurface default_surface @0',
      'failed bad',
      'message 3 updateComponents default_surface @14',
    ]);
    const limited = new ExpressBlock(recorder(() => new A2uiLimitError('too many')).sink, { catalogs: basicCatalog('1.0') });
    expect(() => limited.read('a = Text("1")', true)).toThrow('too many');
  });

  it('skips the rest after an interruption, and calls an empty block a ParseError', () => {
    const { log, sink } = recorder();
    const block = new ExpressBlock(sink, { catalogs: basicCatalog('1.0') });
    block.interrupt();
    block.read('a = Text("1")', true);
    expect(block.skipped).toBe(true);
    expect(block.end(true)).toBeUndefined();
    expect(log).toEqual([]);
    expect(new ExpressBlock(sink, { catalogs: basicCatalog('1.0') }).end(false)?.category).toBe('ParseError');
  });

  it('does not call a block empty when its only statement was dropped by a limit', () => {
    const { log, sink } = recorder();
    const block = new ExpressBlock(sink, { catalogs: basicCatalog('1.0'), reader: { maxStatementLength: 20 } });
    block.read('root = Text("a long text past the limit")', true);
    expect(block.end(true)).toBeUndefined();
    expect(log.filter((l) => l.startsWith('report'))).toEqual(["report Line 1: the statement 'root' is longer than 20 characters; it is skipped"]);
  });
});

describe('ExpressBlock: an unclosed block over prose gives its text back', () => {
  const catalog = basicCatalog('0.9');
  /** The parts as lines (text, error messages, A2UI), the input fed whole or in pieces of `size`. */
  function parse(text: string, size = text.length): string[] {
    const parser = new A2uiStreamParser(catalog);
    const parts = [];
    for (let i = 0; i < text.length; i += size) parts.push(...parser.push(text.slice(i, i + size)));
    parts.push(...parser.end());
    const lines: string[] = [];
    for (const part of parts) {
      const line = part.type === 'text' ? `text ${part.text}` : part.type === 'error' ? `error ${part.error.message}` : part.type;
      // Text comes in pieces when streamed: join them.
      const last = lines[lines.length - 1];
      if (line.startsWith('text ') && last?.startsWith('text ')) lines[lines.length - 1] = last + line.slice(5);
      else lines.push(line);
    }
    return lines;
  }

  it('as a JSON block does: the text back, one error (10 errors and the rest of the sentence lost before)', () => {
    const prose = 'The tag <a2ui> starts Express, and more prose follows here.';
    for (const size of [prose.length, 1, 7]) {
      expect(parse(prose, size)).toEqual([
        'text The tag ',
        "error A2UI close tag '</a2ui>' not found in response. The block opened at character 8 of the response could not be read (Line 1: A statement is an assignment or a call); its text is given back as text.",
        'text  starts Express, and more prose follows here.',
      ]);
    }
  });

  it('keeps reporting read errors in a closed block, and after a statement stood', () => {
    const error = 'error Line 1: A statement is an assignment or a call';
    // One error per word read as a statement (as before).
    expect(parse('A <a2ui>and prose</a2ui> B')).toEqual(['text A ', error, error, 'text  B']);
    const stood = parse('<a2ui>\nroot = Text("hi")\nand prose');
    expect(stood.filter((line) => line.startsWith('text'))).toEqual([]);
    expect(stood).toContain('error Line 3: A statement is an assignment or a call');
    expect(stood[stood.length - 1]).toBe("error A2UI close tag '</a2ui>' not found in response.");
  });

  it('a statement that parses but waits is no prose: not given back', () => {
    expect(parse('A <a2ui>\nroot = Column([a])').filter((line) => line.startsWith('text'))).toEqual(['text A ']);
  });
});

describe('ExpressBlock: messages of no surface', () => {
  it('a standalone renderer function call goes out through the core at every chunking (it was taken for a delete and dropped)', () => {
    const text = '<a2ui>\nroot = Text("x")\nopenUrl("https://example.com/a")\nformatString("b")\n</a2ui>';
    for (const size of [1, 16, text.length]) {
      const parser = new A2uiStreamParser(basicCatalog('1.0'));
      const parts = [];
      for (let i = 0; i < text.length; i += size) parts.push(...parser.push(text.slice(i, i + size)));
      parts.push(...parser.end());
      const calls = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : [])).filter((message) => 'callRendererFunction' in message);
      expect(
        calls.map((message) => JSON.stringify(message)),
        `${size}-character chunks`,
      ).toEqual([
        '{"version":"v1.0","callRendererFunction":{"functionCallId":"call_1","callFunction":{"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json","call":"openUrl","args":{"url":"https://example.com/a"}}}}',
        '{"version":"v1.0","callRendererFunction":{"functionCallId":"call_2","callFunction":{"catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json","call":"formatString","args":{"value":"b"}}}}',
      ]);
      expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    }
  });
});
