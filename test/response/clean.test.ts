import { describe, expect, it } from 'vitest';
import { cleanEdges } from '../../src/response/clean.js';

describe('cleanEdges', () => {
  it('trims and removes one fence at each edge', () => {
    expect(cleanEdges('\n```json\n[1]\n```\n')).toBe('[1]');
    expect(cleanEdges('Here:\n```json')).toBe('Here:');
    expect(cleanEdges('```\nplain```')).toBe('plain');
    expect(cleanEdges('``` a-b ```x-y')).toBe('a-b');
  });

  it('keeps fences in the middle and a fence followed by other text', () => {
    expect(cleanEdges('a\n```js\ncode\n```\nb')).toBe('a\n```js\ncode\n```\nb');
    expect(cleanEdges('x ``` 5.')).toBe('x ``` 5.');
  });

  it('leaves the rest of a language tag it does not know, as the reference does', () => {
    expect(cleanEdges('```json5\n{}')).toBe('5\n{}');
  });

  // That this stays linear (no backtracking over the white space) is timed in bench/ (linearity).
  it('keeps long runs of white space inside the text, trims them at the edges', () => {
    const spaces = ' '.repeat(200_000);
    expect(cleanEdges(`a${spaces}b`)).toBe(`a${spaces}b`);
    expect(cleanEdges(`${spaces}\`\`\`json${spaces}[1]${spaces}\`\`\`${spaces}`)).toBe('[1]');
    expect(cleanEdges(`x${spaces}\`\`\`${spaces}y`)).toBe(`x${spaces}\`\`\`${spaces}y`);
  });
});
