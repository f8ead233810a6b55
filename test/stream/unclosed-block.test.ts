/**
 * A block that never closes (#38): text after a stray open tag comes back as text, whole and
 * streamed alike, with an error part naming where the block began.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { errorsOf, messagesOf, textOf, V09 } from './helpers.js';

const sizes = [1, 3, 16, 100_000];
function read(input: string, size: number, options: StreamParserOptions = {}): Part[] {
  const parser = new A2uiStreamParser(V09, options);
  const parts: Part[] = [];
  for (let i = 0; i < input.length; i += size) parts.push(...parser.push(input.slice(i, i + size)));
  return [...parts, ...parser.end()];
}
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;

describe('text after a stray <a2ui-json> that never closes', () => {
  test.each(sizes)('nothing read as a message: the whole block comes back as text (%i-character chunks)', (size) => {
    const input = 'Wrap UI in the <a2ui-json> tag, then say more. And more.';
    const parts = read(input, size);
    expect(textOf(parts)).toBe('Wrap UI in the  tag, then say more. And more.');
    const errors = errorsOf(parts);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(
      /^A2UI close tag '<\/a2ui-json>' not found in response\. The block opened at character 15 of the response could not be read/,
    );
    // The error comes before the text it gives back.
    expect(parts.findIndex((part) => part.type === 'error')).toBeLessThan(parts.map((part) => part.type).lastIndexOf('text'));
  });

  test.each(sizes)('after a message: the message stands, the text from the read error on comes back (%i-character chunks)', (size) => {
    const parts = read(`Hi <a2ui-json>[${create}, oops, this is prose.`, size);
    expect(messagesOf(parts)).toEqual([JSON.parse(create)]);
    expect(textOf(parts)).toBe('Hi oops, this is prose.');
    expect(errorsOf(parts)).toHaveLength(1);
  });

  test('bounded by maxBufferSize: past it the text is not kept (as before)', () => {
    const parts = read(`a <a2ui-json> ${'x'.repeat(300)}`, 50, { maxBufferSize: 200 });
    expect(textOf(parts)).toBe('a ');
    expect(errorsOf(parts).map((error) => error.message)).toEqual(["A2UI close tag '</a2ui-json>' not found in response."]);
  });

  test('a block cut without a read error gives nothing back', () => {
    const parts = read(`<a2ui-json>[${create}, {"version":"v0.9"`, 7);
    expect(textOf(parts)).toBe('');
  });
});

describe('a cut stream names what it cut', () => {
  const update = `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["title"]},{"id":"title","component":"Text","text":"Hello, wor`;
  test.each(sizes)('inside a string of a component: its id, type and property (%i-character chunks)', (size) => {
    const messages = errorsOf(read(`<a2ui-json>[${create}, ${update}`, size)).map((error) => error.message);
    expect(messages).toEqual([
      "A2UI close tag '</a2ui-json>' not found in response. The stream ended inside component 'title' (Text), reading property 'text'.",
    ]);
  });

  test('inside a nested property, and inside a message outside its components', () => {
    const nested = `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"b","component":"Button","action":{"event":{"name":"go`;
    expect(errorsOf(read(`<a2ui-json>[${create}, ${nested}`, 5))[0]?.message).toMatch(
      /inside component 'b' \(Button\), reading property 'action\.event\.name'\.$/,
    );
    const model = `{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"a":"x`;
    expect(errorsOf(read(`<a2ui-json>[${create}, ${model}`, 5))[0]?.message).toMatch(/The stream ended inside the updateDataModel message for surface 's'\.$/);
  });
});
