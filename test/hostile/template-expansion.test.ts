/**
 * `maxExpansion` counts a template by its data list's current length (#37 finding 3): a small
 * template written first and a long list after it (in the same block, in a later one, or growing
 * over several updates) would make the renderer draw far more than the bound. The data goes out
 * (nothing the model sent is lost); the template past the bound is withdrawn to its placeholder,
 * reported once.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { drawn } from '../support/drawn.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, V08, V09 } from '../stream/helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
/** The root lists a header and `list`, a Column drawing `row` (a Row of five Texts: six drawn) per item of `/rows`. */
const components = `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["header","list"]},{"id":"header","component":"Text","text":"Rows"},{"id":"list","component":"Column","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Row","children":["l","l","l","l","l"]},{"id":"l","component":"Text","text":"x"}]}}`;
const rows = (n: number) => JSON.stringify(Array(n).fill(1));
const data = (path: string, value: string) => `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"${path}","value":${value}}}`;
const block = (messages: string[]) => `<a2ui-json>[${messages.join(',')}]</a2ui-json>`;

function read(catalog: Catalog, input: string, size: number, options: StreamParserOptions = {}): Part[] {
  const parser = new A2uiStreamParser(catalog, options);
  return [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

const SIZES = [
  ['1-character chunks', 1],
  ['16-character chunks', 16],
  ['whole', Number.POSITIVE_INFINITY],
] as const;

/** One error naming `list`, at most 10,000 drawn (the root, the header, `list`'s placeholder), and the data all there. */
function expectWithdrawn(parts: Part[], length: number): void {
  const errors = errorsOf(parts);
  expect(errors).toHaveLength(1);
  expect(errors[0]?.details[0]).toMatchObject({ code: 'limit_exceeded', surfaceId: 's', componentId: 'list' });
  expect(errors[0]?.message).toMatch(/would draw \d+ components \(maxExpansion is 10000\)/);
  const surface = applyParts(new Map(), parts).get('s') as SurfaceState;
  expect(drawn(surface)).toBe(3);
  expect((surface.dataModel as { rows: unknown[] }).rows).toHaveLength(length);
}

describe('maxExpansion counts data that arrives after its template (v0.9)', () => {
  test.each(SIZES)('a long list after the template, in the same block, read at %s', (_name, size) => {
    const input = block([create, components, data('/', `{"rows":${rows(2000)}}`)]);
    expectWithdrawn(read(V09, input, Math.min(size, input.length)), 2000);
  });

  test.each(SIZES)('a long list in a later block, read at %s', (_name, size) => {
    const input = `${block([create, components])}Here are the rows.${block([data('/rows', rows(2000))])}`;
    expectWithdrawn(read(V09, input, Math.min(size, input.length)), 2000);
  });

  test.each(SIZES)('a list that grows over several updates, read at %s', (_name, size) => {
    const grow = [data('/rows', rows(800)), data('/rows', rows(1200)), data('/rows', rows(1600)), data('/rows', rows(2000))];
    const input = block([create, components, ...grow]);
    expectWithdrawn(read(V09, input, Math.min(size, input.length)), 2000);
  });

  test.each(SIZES)('a normal surface: a list of 100 items under the default bound is untouched, read at %s', (_name, size) => {
    const input = block([create, components, data('/', `{"rows":${rows(100)}}`)]);
    const parts = read(V09, input, Math.min(size, input.length));
    expect(errorsOf(parts)).toEqual([]);
    // The root, the header, the list, and six per row.
    expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(603);
  });
});

describe('maxExpansion counts data that arrives after its template (v0.8 dataBinding)', () => {
  const begin = '{"beginRendering":{"surfaceId":"s","root":"root"}}';
  const text = (id: string) => `{"id":"${id}","component":{"Text":{"text":{"literalString":"x"}}}}`;
  const surface08 = `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["header","list"]}}}},${text('header')},{"id":"list","component":{"Column":{"children":{"template":{"componentId":"row","dataBinding":"/rows"}}}}},{"id":"row","component":{"Row":{"children":{"explicitList":["l","l","l","l","l"]}}}},${text('l')}]}}`;
  const rows08 = (n: number) => Array.from({ length: n }, (_, i) => `{"key":"${i}","valueNumber":1}`).join(',');
  const data08 = (n: number) => `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"rows","valueMap":[${rows08(n)}]}]}}`;

  test.each(SIZES)('a long valueMap after the template, read at %s', (_name, size) => {
    const input = block([begin, surface08, data08(2000)]);
    const parts = read(V08, input, Math.min(size, input.length));
    const errors = errorsOf(parts);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.details[0]).toMatchObject({ code: 'limit_exceeded', surfaceId: 's', componentId: 'list' });
    const surface = applyParts(new Map(), parts).get('s') as SurfaceState;
    expect(drawn(surface)).toBe(3);
    expect(Object.keys((surface.dataModel as { rows: object }).rows)).toHaveLength(2000);
  });

  test('a valueMap of 100 under the default is untouched', () => {
    const input = block([begin, surface08, data08(100)]);
    const parts = read(V08, input, 16);
    expect(errorsOf(parts)).toEqual([]);
    expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(603);
  });
});
