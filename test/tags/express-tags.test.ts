import { describe, expect, it } from 'vitest';
import { newExpressScan, TagSplitter, type TagEvent } from '../../src/tags/index.js';

type Flat = { type: 'text' | 'block'; text: string } | { type: 'open'; format: string } | { type: 'close' | 'unclosed' };

function split(chunks: readonly string[], express = true): Flat[] {
  const splitter = new TagSplitter({ express: express ? newExpressScan : undefined });
  const events: TagEvent[] = [];
  for (const chunk of chunks) events.push(...splitter.push(chunk));
  events.push(...splitter.end());
  const out: Flat[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if ((event.type === 'text' || event.type === 'block') && last?.type === event.type) {
      out[out.length - 1] = { type: event.type, text: (last as { text: string }).text + event.text };
    } else if (event.type === 'open') out.push({ type: 'open', format: event.format });
    else out.push({ ...event } as Flat);
  }
  return out;
}

/** Every 2-way split, every 3-way split around the tags, and 1-character chunks read as the whole. */
function invariant(input: string, express = true): Flat[] {
  const whole = split([input], express);
  for (let at = 0; at <= input.length; at++) {
    expect(split([input.slice(0, at), input.slice(at)], express), `split at ${at}`).toEqual(whole);
    for (let to = at + 1; to <= Math.min(input.length, at + 12); to++) {
      expect(split([input.slice(0, at), input.slice(at, to), input.slice(to)], express), `split at ${at}, ${to}`).toEqual(whole);
    }
  }
  expect(split([...input], express), '1-char chunks').toEqual(whole);
  return whole;
}

const text = (t: string): Flat => ({ type: 'text', text: t });
const block = (t: string): Flat => ({ type: 'block', text: t });
const json: Flat = { type: 'open', format: 'json' };
const express: Flat = { type: 'open', format: 'express' };
const close: Flat = { type: 'close' };

describe('TagSplitter with Express blocks', () => {
  it('tells <a2ui> blocks from <a2ui-json> blocks at every chunk boundary of both tags', () => {
    const input = 'A<a2ui>root = Text("x")</a2ui>B<a2ui-json>[1]</a2ui-json>C<A2UI lang="x">y = 1</A2UI >D';
    expect(invariant(input)).toEqual([
      text('A'),
      express,
      block('root = Text("x")'),
      close,
      text('B'),
      json,
      block('[1]'),
      close,
      text('C'),
      express,
      block('y = 1'),
      close,
      text('D'),
    ]);
  });

  it('leaves <a2ui> as text unless Express is asked for', () => {
    expect(invariant('a<a2ui>b</a2ui>c', false)).toEqual([text('a<a2ui>b</a2ui>c')]);
  });

  it('does not take <a2uix> or <a2ui-x> for an Express tag', () => {
    expect(invariant('<a2uix>1</a2uix> <a2ui-x>')).toEqual([text('<a2uix>1</a2uix> <a2ui-x>')]);
  });

  it('does not close an Express block inside strings or comments, and an apostrophe opens nothing', () => {
    const body = [
      'a = Text("</a2ui>")',
      'b = Text("""say "</a2ui>" """)',
      'c = Text(r"C:\\</a2ui>")',
      "# it's </a2ui>",
      '// </a2ui>',
      '/* </a2ui> */',
      'd = Text("\\"</a2ui>")',
      "e = Text(it's)",
    ].join('\n');
    expect(invariant(`<a2ui>${body}</a2ui>t`)).toEqual([express, block(body), close, text('t')]);
  });

  it('ends a raw string at the line end, so a broken one does not swallow the close tag', () => {
    expect(invariant('<a2ui>x = r"open\n</a2ui>t')).toEqual([express, block('x = r"open\n'), close, text('t')]);
  });

  it('reports an Express block left open', () => {
    expect(invariant('<a2ui>root = Text("a</a2ui>')).toEqual([express, block('root = Text("a</a2ui>'), { type: 'unclosed' }]);
  });

  it('closes on </a2ui> but not on </a2ui-json> inside an Express block', () => {
    expect(invariant('<a2ui>x</a2ui-json>y</a2ui>')).toEqual([express, block('x</a2ui-json>y'), close]);
  });
});

describe('TagSplitter without tags', () => {
  it('names the notation of the one block the input is', () => {
    const express = new TagSplitter({ wrapped: false, format: 'express' });
    expect([...express.push('root = Text("<a2ui-json>")'), ...express.end()]).toEqual([
      { type: 'open', format: 'express', offset: 0 },
      { type: 'block', text: 'root = Text("<a2ui-json>")' },
      { type: 'close' },
    ]);
    const json = new TagSplitter({ wrapped: false });
    expect(json.end()[0]).toEqual({ type: 'open', format: 'json', offset: 0 });
  });
});
