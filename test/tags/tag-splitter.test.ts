import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TAG_LENGTH, TagSplitter, type TagEvent } from '../../src/tags/index.js';

type Flat = { type: 'text' | 'block'; text: string } | { type: 'open' | 'close' | 'unclosed' };

/** Merges adjacent text and adjacent block pieces, so that chunkings can be compared. */
function normalise(events: readonly TagEvent[]): Flat[] {
  const out: Flat[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if ((event.type === 'text' || event.type === 'block') && last?.type === event.type) {
      out[out.length - 1] = { type: event.type, text: (last as { text: string }).text + event.text };
    } else if (event.type === 'text' || event.type === 'block') {
      expect(event.text).not.toBe('');
      out.push({ type: event.type, text: event.text });
    } else {
      out.push({ type: event.type });
    }
  }
  return out;
}

function split(chunks: readonly string[], wrapped = true): Flat[] {
  const splitter = new TagSplitter({ wrapped });
  const events: TagEvent[] = [];
  for (const chunk of chunks) events.push(...splitter.push(chunk));
  events.push(...splitter.end());
  return normalise(events);
}

/** Every 2-way split and 1-character chunks give the same events as the whole input. */
function expectChunkingInvariant(input: string): Flat[] {
  const whole = split([input]);
  for (let at = 0; at <= input.length; at++) {
    expect(split([input.slice(0, at), input.slice(at)]), `split at ${at}`).toEqual(whole);
  }
  expect(split([...input]), '1-char chunks').toEqual(whole);
  return whole;
}

/** A direct, non-incremental reading of the tag rules (regular expressions at each position). */
function oracle(input: string): Flat[] {
  const openTag = /<a2ui-json(?![\p{L}\p{N}_])[^>]*>/iuy;
  const closeTag = /<\/a2ui-json\s*>/iy;
  const out: Flat[] = [];
  let run = '';
  let inBlock = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  const flush = (type: 'text' | 'block') => {
    if (run !== '') out.push({ type, text: run });
    run = '';
  };
  for (let i = 0; i < input.length; ) {
    const ch = input[i] as string;
    if (!inBlock) {
      openTag.lastIndex = i;
      const m = openTag.exec(input);
      if (m && m[0].length <= MAX_TAG_LENGTH) {
        flush('text');
        out.push({ type: 'open' });
        inBlock = true;
        i += m[0].length;
        continue;
      }
    } else if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '<') {
      closeTag.lastIndex = i;
      const m = closeTag.exec(input);
      if (m && m[0].length <= MAX_TAG_LENGTH) {
        flush('block');
        out.push({ type: 'close' });
        inBlock = false;
        depth = 0;
        i += m[0].length;
        continue;
      }
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth = Math.max(0, depth - 1);
    else if (ch === '"' && depth > 0) inString = true;
    run += ch;
    i++;
  }
  flush(inBlock ? 'block' : 'text');
  if (inBlock) out.push({ type: 'unclosed' });
  return out;
}

const text = (t: string): Flat => ({ type: 'text', text: t });
const block = (t: string): Flat => ({ type: 'block', text: t });
const open: Flat = { type: 'open' };
const close: Flat = { type: 'close' };
const unclosed: Flat = { type: 'unclosed' };

describe('TagSplitter', () => {
  it('splits text and a block at every chunk boundary', () => {
    const input = 'Hello <a2ui-json>[{"a": 1}]</a2ui-json> bye';
    expect(expectChunkingInvariant(input)).toEqual([text('Hello '), open, block('[{"a": 1}]'), close, text(' bye')]);
  });

  it('recognises uppercase and mixed-case tags', () => {
    const input = 'A<A2UI-JSON>[1]</A2ui-Json>B';
    expect(expectChunkingInvariant(input)).toEqual([text('A'), open, block('[1]'), close, text('B')]);
  });

  it('accepts attributes on the open tag and white space in the close tag', () => {
    const input = '<a2ui-json id="x" data-v=\'1\'>{"b": 2}</a2ui-json \n >.';
    expect(expectChunkingInvariant(input)).toEqual([open, block('{"b": 2}'), close, text('.')]);
  });

  it('needs a word boundary after the tag name, as `\\b` does', () => {
    expect(expectChunkingInvariant('<a2ui-jsonx>[1]</a2ui-json>')).toEqual([text('<a2ui-jsonx>[1]</a2ui-json>')]);
    expect(expectChunkingInvariant('<a2ui-json-x>[1]</a2ui-json>')).toEqual([open, block('[1]'), close]);
  });

  it('does not close a block on a close tag inside a JSON string', () => {
    const input = '<a2ui-json>[{"t": "a </a2ui-json> \\" </a2ui-json> b"}]</a2ui-json>after';
    expect(expectChunkingInvariant(input)).toEqual([open, block('[{"t": "a </a2ui-json> \\" </a2ui-json> b"}]'), close, text('after')]);
  });

  it('handles escaped backslashes before a closing quote', () => {
    const input = '<a2ui-json>["a\\\\"]</a2ui-json>x';
    expect(expectChunkingInvariant(input)).toEqual([open, block('["a\\\\"]'), close, text('x')]);
  });

  it('does not start a string on a quote outside every object or array', () => {
    const input = '<a2ui-json>junk "quoted </a2ui-json> tail';
    expect(expectChunkingInvariant(input)).toEqual([open, block('junk "quoted '), close, text(' tail')]);
  });

  it("treats ' and # inside a block as data, not as string or comment markers", () => {
    const input = "<a2ui-json>[1] it's # note</a2ui-json>z";
    expect(expectChunkingInvariant(input)).toEqual([open, block("[1] it's # note"), close, text('z')]);
  });

  it('reports an unclosed block at the end, with its content flushed', () => {
    expect(expectChunkingInvariant('x<a2ui-json>[{"a":')).toEqual([text('x'), open, block('[{"a":'), unclosed]);
    expect(expectChunkingInvariant('<a2ui-json>[1]</a2ui')).toEqual([open, block('[1]</a2ui'), unclosed]);
    expect(expectChunkingInvariant('<a2ui-json>["</a2ui-json>')).toEqual([open, block('["</a2ui-json>'), unclosed]);
  });

  it('reports an empty block', () => {
    expect(expectChunkingInvariant('<a2ui-json></a2ui-json>')).toEqual([open, close]);
  });

  it('keeps a close tag without an open tag as text', () => {
    expect(expectChunkingInvariant('a</a2ui-json>b')).toEqual([text('a</a2ui-json>b')]);
  });

  it('flushes a held-back possible open tag at the end as text', () => {
    expect(expectChunkingInvariant('Talking <a2u')).toEqual([text('Talking <a2u')]);
    expect(expectChunkingInvariant('x <a2ui-json id="1"')).toEqual([text('x <a2ui-json id="1"')]);
  });

  it('handles several blocks, and state is reset between blocks', () => {
    const input = 'a<a2ui-json>["unterminated]</a2ui-json>"]</a2ui-json>b<a2ui-json>{}</a2ui-json>';
    expect(expectChunkingInvariant(input)).toEqual([text('a'), open, block('["unterminated]</a2ui-json>"]'), close, text('b'), open, block('{}'), close]);
  });

  it('emits text at once and holds back only what could still become an open tag', () => {
    const splitter = new TagSplitter();
    expect(splitter.push('Talking <a2u')).toEqual([{ type: 'text', text: 'Talking ' }]);
    expect(splitter.push('i-json')).toEqual([]);
    expect(splitter.push(' id="q"')).toEqual([]);
    // `offset`: where the tag began in the input, across the pieces held back.
    expect(splitter.push('>[')).toEqual([
      { type: 'open', format: 'json', offset: 8 },
      { type: 'block', text: '[' },
    ]);
    expect(splitter.inBlock).toBe(true);
    expect(splitter.push('1]</a2ui-js')).toEqual([{ type: 'block', text: '1]' }]);
    expect(splitter.push('on>')).toEqual([{ type: 'close' }]);
    expect(splitter.push('<b>bold')).toEqual([{ type: 'text', text: '<b>bold' }]);
    expect(splitter.end()).toEqual([]);
  });

  it('gives up on an open tag longer than MAX_TAG_LENGTH and emits it as text', () => {
    const long = `<a2ui-json ${'x'.repeat(MAX_TAG_LENGTH)}>[1]</a2ui-json>`;
    expect(split([long])).toEqual([text(long)]);
    const splitter = new TagSplitter();
    const events: TagEvent[] = [];
    for (const ch of long) events.push(...splitter.push(ch));
    // Before the end of input, everything past the bound has already been released as text.
    expect(normalise(events)).toEqual([text(long)]);
    const fits = `<a2ui-json ${'x'.repeat(MAX_TAG_LENGTH - 12)}>[1]</a2ui-json>`;
    expect(split([fits])).toEqual([open, block('[1]'), close]);
    expect(split([...fits])).toEqual([open, block('[1]'), close]);
  });

  it('finds a tag inside an over-long attribute run that was given up on', () => {
    const input = `<a2ui-json ${'y'.repeat(MAX_TAG_LENGTH)}<a2ui-json>[2]</a2ui-json>`;
    const whole = split([input]);
    expect(whole).toEqual([text(`<a2ui-json ${'y'.repeat(MAX_TAG_LENGTH)}`), open, block('[2]'), close]);
    expect(split([...input])).toEqual(whole);
  });

  it('with wrapped: false, treats the whole input as one block', () => {
    expect(split(['Hi <a2ui-json>', '[1]'], false)).toEqual([open, block('Hi <a2ui-json>[1]'), close]);
    expect(split([], false)).toEqual([open, close]);
  });

  it('is reusable after end()', () => {
    const splitter = new TagSplitter();
    splitter.push('<a2ui-json>["');
    expect(normalise(splitter.end())).toEqual([unclosed]);
    expect(normalise([...splitter.push('a<a2ui-json>[]</a2ui-json>'), ...splitter.end()])).toEqual([text('a'), open, block('[]'), close]);
  });

  it('gives the same events for any chunking (property)', () => {
    const piece = fc.constantFrom(
      '<a2ui-json>',
      '</a2ui-json>',
      '<A2UI-JSON x="1">',
      '</a2ui-json >',
      '<a2ui',
      '-json',
      ' id=1',
      'a'.repeat(400),
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      'text ',
      '<',
      '>',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 8 }), (pieces, cuts) => {
        const input = pieces.join('');
        const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let prev = 0;
        for (const p of points) {
          chunks.push(input.slice(prev, p));
          prev = p;
        }
        chunks.push(input.slice(prev));
        const whole = split([input]);
        expect(whole).toEqual(oracle(input));
        expect(split(chunks)).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });
});
