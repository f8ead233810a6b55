/**
 * Prose a model writes inside `<a2ui-json>` around its messages (issue #37, probe finding P10):
 * the messages stand and one error part per block names what was skipped (decision C37), whole
 * and streamed alike; what a block tolerates (whitespace, commas, fences, stray closers) stays
 * silent, and a block of prose alone keeps its own error (decision C37).
 */
import { describe, expect, test } from 'vitest';
import { parseResponse } from '../../src/response/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { errorsOf, messagesOf, textOf, V09 } from './helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const update = '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}';
const msgs = `[${create},${update}]`;

const sizes = [1, 3, 16, Infinity];

/** The message kinds in `parts`, each once (small chunks stream a message in several forms). */
function kindsOf(parts: readonly Part[]): string[] {
  return [...new Set(messagesOf(parts).map((m) => Object.keys(m).find((k) => k !== 'version')))] as string[];
}

function read(input: string, size: number): Part[] {
  const parser = new A2uiStreamParser(V09);
  const parts: Part[] = [];
  const step = size === Infinity ? input.length : size;
  for (let i = 0; i < input.length; i += step) parts.push(...parser.push(input.slice(i, i + step)));
  return [...parts, ...parser.end()];
}

const probe: [string, string, string][] = [
  [
    'prose before the messages',
    `A <a2ui-json>\nHere is the UI:\n${msgs}</a2ui-json> B`,
    '15 characters, the first at line 2 column 1 (char 1): "Here is the UI:"',
  ],
  [
    'prose after the messages',
    `A <a2ui-json>${msgs}\nThat's the form.</a2ui-json> B`,
    `16 characters, the first at line 2 column 1 (char ${msgs.length + 1}): "That's the form."`,
  ],
  ['prose on both sides', `A <a2ui-json>Sure! ${msgs} Done.</a2ui-json> B`, '10 characters in 2 places, the first at line 1 column 1 (char 0): "Sure!"…'],
];

describe('prose around the messages of a block: the messages stand, one error part names it', () => {
  for (const [name, input, what] of probe) {
    for (const size of sizes) {
      test(`${name} (${size}-character chunks)`, () => {
        const parts = read(input, size);
        expect(kindsOf(parts)).toEqual(['createSurface', 'updateComponents']);
        expect(textOf(parts)).toBe('A  B');
        const errors = errorsOf(parts);
        expect(errors.map((e) => e.message)).toEqual([`Text outside the JSON values of the A2UI block was skipped: ${what}`]);
        expect(errors[0]?.category).toBe('ParseError');
        expect(errors[0]?.details.map((d) => d.code)).toEqual(['skipped_text']);
        // At the block's end: after its messages, before the text that follows it.
        const types = parts.map((part) => part.type);
        const at = types.indexOf('error');
        expect(at).toBeGreaterThan(types.lastIndexOf('a2ui'));
        expect(textOf(parts.slice(at))).toBe(' B');
      });
    }
  }

  test('parseResponse with a catalog gives the same error part (whole = streamed)', () => {
    const [, input] = probe[2] as [string, string, string];
    const errors = errorsOf(parseResponse(input, V09));
    expect(errors.map((e) => e.message)).toEqual(errorsOf(read(input, 1)).map((e) => e.message));
    expect(errors).toHaveLength(1);
  });

  test('a block the response ends inside: the skipped prose is named before the missing close tag', () => {
    const parts = read(`A <a2ui-json>Sure! ${msgs}`, 16);
    expect(kindsOf(parts)).toEqual(['createSurface', 'updateComponents']);
    expect(errorsOf(parts).map((e) => e.message.split(':')[0])).toEqual([
      'Text outside the JSON values of the A2UI block was skipped',
      "A2UI close tag '</a2ui-json>' not found in response.",
    ]);
  });

  test('one error part per block: two blocks with prose give two, a clean block none', () => {
    const parts = read(`<a2ui-json>one ${msgs}</a2ui-json> <a2ui-json>${update}</a2ui-json> <a2ui-json>${update} three</a2ui-json>`, 7);
    expect(errorsOf(parts).map((e) => /: "(.*)"$/.exec(e.message)?.[1])).toEqual(['one', 'three']);
  });

  test('a megabyte of prose in a block costs one bounded error part', () => {
    const prose = 'la '.repeat(350_000);
    const input = `<a2ui-json>${prose}${msgs}\n${prose}</a2ui-json>`;
    const parts = read(input, 65_536);
    expect(kindsOf(parts)).toEqual(['createSurface', 'updateComponents']);
    const errors = errorsOf(parts);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(`${2 * prose.trimEnd().length} characters in 2 places`);
    expect(errors[0]?.message.length).toBeLessThan(250);
  });
});

describe('what a block tolerates stays silent', () => {
  const silent: [string, string][] = [
    ['a Markdown fence around the messages', `<a2ui-json>\n\`\`\`json\n${msgs}\n\`\`\`\n</a2ui-json>`],
    ['concatenated messages with commas and blank lines', `<a2ui-json>\n${create},\n\n${update},\n</a2ui-json>`],
    ['stray closers after the list (as the legacy suite writes them)', `<a2ui-json>${msgs}]}]\n</a2ui-json>`],
  ];
  for (const [name, input] of silent) {
    test.each(sizes)(`${name} (%s-character chunks)`, (size) => {
      const parts = read(input, size);
      expect(kindsOf(parts)).toEqual(['createSurface', 'updateComponents']);
      expect(errorsOf(parts)).toEqual([]);
    });
  }

  test.each(sizes)('a block of prose alone keeps its one error (%s-character chunks)', (size) => {
    const errors = errorsOf(read('A <a2ui-json> just prose </a2ui-json> B', size));
    expect(errors.map((e) => e.message)).toEqual(['Failed to parse JSON: No valid JSON object found in A2UI block.']);
  });
});
