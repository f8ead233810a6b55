import { describe, expect, it } from 'vitest';
import { hasA2ui, unwrap } from '../../src/response/unwrap.js';

describe('unwrap', () => {
  it('splits text and blocks, keeping both verbatim', () => {
    expect(unwrap('Hello\n<a2ui-json>[{"id": "t"}]</a2ui-json>\n Bye ')).toEqual([
      { type: 'text', text: 'Hello\n' },
      { type: 'block', raw: '[{"id": "t"}]', closed: true },
      { type: 'text', text: '\n Bye ' },
    ]);
  });

  it('recognises uppercase tags and attributes', () => {
    expect(unwrap('<A2UI-JSON id="x" >[1]</A2UI-JSON>')).toEqual([{ type: 'block', raw: '[1]', closed: true }]);
  });

  it('ignores a close tag inside a JSON string', () => {
    const raw = '[{"text": "write </a2ui-json> to end"}]';
    expect(unwrap(`<a2ui-json>${raw}</a2ui-json>`)).toEqual([{ type: 'block', raw, closed: true }]);
  });

  it('closes a block after an apostrophe or a # (unlike the reference lexer)', () => {
    expect(unwrap("<a2ui-json>[1] it's # x</a2ui-json>ok")).toEqual([
      { type: 'block', raw: "[1] it's # x", closed: true },
      { type: 'text', text: 'ok' },
    ]);
  });

  it('marks an unclosed block', () => {
    expect(unwrap('Hi <a2ui-json>[{"a": 1')).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'block', raw: '[{"a": 1', closed: false },
    ]);
  });

  it('keeps an empty block and leaves out empty text between blocks', () => {
    expect(unwrap('<a2ui-json></a2ui-json><a2ui-json>{}</a2ui-json>')).toEqual([
      { type: 'block', raw: '', closed: true },
      { type: 'block', raw: '{}', closed: true },
    ]);
  });

  it('keeps a close tag without an open tag as text', () => {
    expect(unwrap('a </a2ui-json> b')).toEqual([{ type: 'text', text: 'a </a2ui-json> b' }]);
    expect(unwrap('')).toEqual([]);
  });
});

describe('hasA2ui', () => {
  it('sees an open tag, or with complete: true a closed block', () => {
    expect(hasA2ui('Hello <a2ui-json>[]</a2ui-json> World')).toBe(true);
    expect(hasA2ui('Hello <a2ui-json>[]</a2ui-json> World', { complete: true })).toBe(true);
    expect(hasA2ui('Hello <A2UI-JSON v="1">[', {})).toBe(true);
    expect(hasA2ui('Hello <a2ui-json>[', { complete: true })).toBe(false);
    expect(hasA2ui('Hello World')).toBe(false);
  });

  it('does not take tags out of order or inside strings for a complete block', () => {
    expect(hasA2ui('</a2ui-json><a2ui-json>', { complete: true })).toBe(false);
    expect(hasA2ui('<a2ui-json>["</a2ui-json>', { complete: true })).toBe(false);
  });
});
