/**
 * One error channel: an exceeded limit is the last part of the call that hit it (after the parts
 * that call made before it), nothing is thrown, and the parser reads nothing after it.
 */
import { describe, expect, test } from 'vitest';
import { A2uiLimitError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { limitOf, V09 } from './helpers.js';

const CATALOG = V09.id;
const create = (id: string) => `{"version":"v0.9","createSurface":{"surfaceId":"${id}","catalogId":"${CATALOG}"}}`;
const text = (id: string) => `{"id":"${id}","component":"Text","text":"x"}`;
const update = (surfaceId: string, components: string[]) =>
  `{"version":"v0.9","updateComponents":{"surfaceId":"${surfaceId}","components":[${components.join(',')}]}}`;

const kinds = (parts: readonly Part[]) => parts.map((part) => (part.type === 'error' ? `error:${part.error.category}` : part.type));

/** Each limit, with a response that hits it in its second chunk and text after the limit. */
const cases: [string, StreamOptions, string[]][] = [
  [
    'maxBufferSize',
    { maxBufferSize: 200 },
    [`Hi <a2ui-json>[${create('s')},`, `{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"t":"${'x'.repeat(300)}`, '"}}}]</a2ui-json> after'],
  ],
  ['maxDepth', { maxDepth: 8 }, [`Hi <a2ui-json>[${create('s')},`, `${'['.repeat(10)}`, `${']'.repeat(10)}]</a2ui-json> after`]],
  ['maxSurfaces', { maxSurfaces: 1 }, [`Hi <a2ui-json>[${create('s')},`, `${create('t')}]</a2ui-json> after`, ' more']],
  [
    'maxComponentsPerSurface',
    { maxComponentsPerSurface: 2 },
    [`Hi <a2ui-json>[${create('s')},`, `${update('s', [text('a'), text('b'), text('c')])}]</a2ui-json> after`, ' more'],
  ],
];
type StreamOptions = ConstructorParameters<typeof A2uiStreamParser>[1];

describe('a limit is the last part, and the parser stops reading', () => {
  test.each(cases)('%s', (name, options, chunks) => {
    const parser = new A2uiStreamParser(V09, options);
    const first = parser.push(chunks[0] as string);
    expect(kinds(first)).toEqual(['text', 'a2ui']);
    let second: Part[] = [];
    expect(() => {
      second = parser.push(chunks[1] as string);
    }).not.toThrow();
    const last = second[second.length - 1];
    expect(last?.type).toBe('error');
    const error = (last as Extract<Part, { type: 'error' }>).error;
    expect(error).toBeInstanceOf(A2uiLimitError);
    expect(error.message).toContain(name);
    // Only one error part: the limit, last.
    expect(second.filter((part) => part.type === 'error')).toHaveLength(1);
    // Nothing is read after it, and `end()` owes nothing (no unclosed block, no held-back text).
    expect(parser.push(chunks[2] as string)).toEqual([]);
    expect(parser.push('<a2ui-json>[]</a2ui-json> text')).toEqual([]);
    expect(parser.end()).toEqual([]);
    expect(parser.end()).toEqual([]);
  });

  test('the parts the call made before the limit come first', () => {
    const parser = new A2uiStreamParser(V09, { maxSurfaces: 1 });
    const parts = parser.push(`Hi <a2ui-json>[${create('s')},${create('t')}]</a2ui-json> after`);
    expect(kinds(parts)).toEqual(['text', 'a2ui', 'error:LimitError']);
    expect((parts[1] as Extract<Part, { type: 'a2ui' }>).messages).toEqual([JSON.parse(create('s'))]);
  });

  test('a limit hit by end() is its last part too', () => {
    const parser = new A2uiStreamParser(V09, { maxComponentsPerSurface: 3 });
    const open = `<a2ui-json>[${create('s')},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a"`;
    expect(kinds(parser.push(open))).toEqual(['a2ui']);
    // The list has not grown enough to be put again (rule 5); the last look puts it with every child.
    expect(parser.push(',"b","c"')).toEqual([]);
    const parts = parser.end();
    expect(kinds(parts)).toEqual(['error:LimitError']);
    expect(parser.end()).toEqual([]);
  });
});

describe('maxBufferSize bounds a value where a message belongs (#37 item 5)', () => {
  test.each([
    ['a string', '["'],
    ['a number', '[1'],
  ])('%s in the top-level list, fed in small chunks, reaches the limit', (_name, start) => {
    const parser = new A2uiStreamParser(V09, { maxBufferSize: 1000 });
    const filler = start === '["' ? 'x' : '1';
    let parts = parser.push(`<a2ui-json>${start}`);
    for (let i = 0; i < 200 && parts.length === 0; i++) parts = parser.push(filler.repeat(10));
    expect(limitOf(parts).message).toBe('Limit exceeded: maxBufferSize (1000)');
  });

  test('messages in small chunks, many times the limit in all, do not reach it', () => {
    const parser = new A2uiStreamParser(V09, { maxBufferSize: 1000 });
    const parts = [parser.push(`<a2ui-json>[${create('s')}`)];
    for (let i = 0; i < 100; i++) parts.push(parser.push(`,{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/n","value":${i}}}`));
    parts.push(parser.push(']</a2ui-json>'), parser.end());
    expect(parts.flat().filter((part) => part.type === 'error')).toEqual([]);
  });
});

describe('maxComponents bounds the components of every surface together (#37 finding 10)', () => {
  const texts = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => text(i === 0 ? 'root' : `${prefix}${i}`));

  test('two surfaces of three components each pass maxComponentsPerSurface but not maxComponents 5', () => {
    const parser = new A2uiStreamParser(V09, { maxComponents: 5 });
    const parts = parser.push(`<a2ui-json>[${create('s')},${create('t')},${update('s', texts('a', 3))},${update('t', texts('b', 3))}]</a2ui-json>`);
    expect(limitOf(parts).message).toBe('Limit exceeded: maxComponents (5)');
  });

  test('a deleted surface and a message rolled back no longer count', () => {
    const parser = new A2uiStreamParser(V09, { maxComponents: 4 });
    const deleted = `{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}`;
    // A cycle fails its message: the components it put are rolled back.
    const cycle = update('u', [`{"id":"root","component":"Column","children":["x"]}`, `{"id":"x","component":"Column","children":["root"]}`]);
    const parts = [
      ...parser.push(`<a2ui-json>[${create('s')},${update('s', texts('a', 4))},${deleted}]</a2ui-json>`),
      ...parser.push(`<a2ui-json>[${create('u')},${cycle}]</a2ui-json>`),
      ...parser.push(`<a2ui-json>[${create('t')},${update('t', texts('b', 4))}]</a2ui-json>`),
      ...parser.end(),
    ];
    expect(kinds(parts).filter((kind) => kind.startsWith('error'))).toEqual(['error:RecursionError']);
  });
});
