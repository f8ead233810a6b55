/**
 * The inputs of the hostile bench (bench/hostile.ts): each hostile shape and the benign response
 * of the same size it is timed against, as functions of the characters wanted.
 */
import { basicCatalog } from '../src/index.js';

export const catalog = basicCatalog('0.9');
export const v09 = (key: string, body: object) => JSON.stringify({ version: 'v0.9', [key]: body });
export const create = v09('createSurface', { surfaceId: 's', catalogId: catalog.id });
/** `head`, then `unit` repeated, then `tail`: `n` characters in all. */
export const fill = (head: string, unit: string, tail: string, n: number) =>
  head + unit.repeat(Math.max(0, Math.ceil((n - head.length - tail.length) / unit.length))).slice(0, Math.max(0, n - head.length - tail.length)) + tail;
export const component = (props: string) => `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root",${props}`;
/** A benign response of `n` characters: one Text whose text fills it. */
export const benign = (n: number) => fill(component('"component":"Text","text":"'), 'word ', '"}]}}]</a2ui-json>', n);

/** The components of a tree of `count` components in breadth-first order: each a Column listing the next `fan`, the leaves Texts. */
const treeText = (count: number, fan: number): string => {
  const components: string[] = [];
  for (let i = 0; i < count; i++) {
    const children = Array.from({ length: fan }, (_, k) => i * fan + 1 + k).filter((child) => child < count);
    const id = i === 0 ? 'root' : `t${i}`;
    components.push(
      children.length === 0
        ? `{"id":"${id}","component":"Text","text":"x"}`
        : `{"id":"${id}","component":"Column","children":${JSON.stringify(children.map((c) => `t${c}`))}}`,
    );
  }
  return `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${components.join(',')}`;
};

/**
 * A benign component graph of `n` characters: a valid tree (each Column listing `fan` distinct
 * children, the leaves Texts) of as many small components as fit, cut at `n` as the hostile graphs are.
 */
export const benignTree = (fan: number) => (n: number) => {
  let low = 1;
  let high = 2;
  while (treeText(high, fan).length < n) high *= 2;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (treeText(mid, fan).length < n) low = mid + 1;
    else high = mid;
  }
  return treeText(low, fan).slice(0, n);
};

/** `n` characters of components, each listing the next ten times (a graph drawing 10^depth components). */
export const fanOut = (n: number) => {
  let text = component('"component":"Column","children":["l1","l1","l1","l1","l1","l1","l1","l1","l1","l1"]},');
  for (let i = 1; text.length < n; i++) text += `{"id":"l${i}","component":"Column","children":${JSON.stringify(Array(10).fill(`l${i + 1}`))}},`;
  return text.slice(0, n);
};

/** `n` characters of components, each the child of the one before (a chain no root reaches). */
export const chain = (n: number) => {
  let text = component('"component":"Text","text":"x"},');
  for (let i = 0; text.length < n; i++) text += `{"id":"c${i}","component":"Column","children":["c${i + 1}"]},`;
  return text.slice(0, n);
};

/** A data-model list of numbers filling `n` characters: a valid answer with as many values as the error flood. */
export const numberList = (n: number) =>
  fill(`<a2ui-json>[${create},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/xs","value":[1`, ',1', ']}}]</a2ui-json>', n);

/**
 * `n` characters: `count` Columns under the root (behind a chain of `depth` Columns), each drawing
 * `x` per item of the list at `pathOf(i)`, then data updates `update(i)` until the end.
 */
const templatesThen = (count: (n: number) => number, depth: number, pathOf: (i: number) => string, update: (i: number) => object) => (n: number) => {
  const ids = Array.from({ length: count(n) }, (_, i) => `l${i}`);
  const chain = Array.from({ length: depth }, (_, d) => ({ id: `c${d}`, component: 'Column', children: [d + 1 < depth ? `c${d + 1}` : 'h'] }));
  const components = [
    { id: 'root', component: 'Column', children: [depth > 0 ? 'c0' : 'h'] },
    ...chain,
    { id: 'h', component: 'Column', children: ids },
    ...ids.map((id, i) => ({ id, component: 'Column', children: { componentId: 'x', path: pathOf(i) } })),
    { id: 'x', component: 'Text', text: 'x' },
  ];
  let text = `<a2ui-json>[${create},${v09('updateComponents', { surfaceId: 's', components })}`;
  for (let i = 0; text.length < n; i++) text += `,${v09('updateDataModel', { surfaceId: 's', ...update(i) })}`;
  return text.slice(0, n);
};
/** Data updates that change no bound list: the benign side of the template cases. */
export const unbound = (i: number) => ({ path: `/v${i % 1000}`, value: i % 2 === 0 ? 'x' : 'y' });
/** One template per 400 characters of input, each bound to its own list; updates at the root alternately name one of them. */
export const manyLists = (update: (i: number) => object) =>
  templatesThen(
    (n) => Math.max(1, Math.floor(n / 400)),
    0,
    (i) => `/a${i}`,
    update,
  );
/** Sixteen templates on one list behind a chain of 40 Columns; updates alternately empty and fill it. */
export const oneList = (update: (i: number) => object) =>
  templatesThen(
    () => 16,
    40,
    () => '/a',
    update,
  );

/** About `n` characters: a Column and its Texts in one message, the Column first (listing them before they arrive) or last. */
export const columnListed = (first: boolean) => (n: number) => {
  const ids = Array.from({ length: Math.max(1, Math.floor(n / 45)) }, (_, i) => `t${i}`);
  const texts = ids.map((id) => ({ id, component: 'Text', text: 'x' }));
  const column = { id: 'root', component: 'Column', children: ids };
  return `<a2ui-json>[${create},${v09('updateComponents', { surfaceId: 's', components: first ? [column, ...texts] : [...texts, column] })}]</a2ui-json>`;
};

/** A Column of ~n/95 Texts, each Text in a message of its own after it. */
export const columnThenMessages = (n: number) => {
  const ids = Array.from({ length: Math.max(1, Math.floor(n / 95)) }, (_, i) => `t${i}`);
  const column = v09('updateComponents', { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ids }] });
  const texts = ids.map((id) => v09('updateComponents', { surfaceId: 's', components: [{ id, component: 'Text', text: 'x' }] }));
  return `<a2ui-json>[${create},${[column, ...texts].join(',')}]</a2ui-json>`;
};

/** A Column of ~n/190 Texts bound to data, then per Text a data message and the Text's message (`interleaved`), or the data messages first. */
export const columnAndData = (interleaved: boolean) => (n: number) => {
  const ids = Array.from({ length: Math.max(1, Math.floor(n / 190)) }, (_, i) => `t${i}`);
  const column = v09('updateComponents', { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ids }] });
  const data = ids.map((id) => v09('updateDataModel', { surfaceId: 's', path: `/${id}`, value: `value of ${id}` }));
  const texts = ids.map((id) => v09('updateComponents', { surfaceId: 's', components: [{ id, component: 'Text', text: { path: `/${id}` } }] }));
  const messages = interleaved ? [column, ...texts.flatMap((text, i) => [data[i], text])] : [...data, column, ...texts];
  return `<a2ui-json>[${create},${messages.join(',')}]</a2ui-json>`;
};

/**
 * About `n` characters: a root naming `zz` and ~n/170 Texts, then per Text a message that
 * `repoint`s: sets `zz`'s one child to it (the hostile side), or changes its text (the benign).
 */
export const textsThenMessages = (repoint: boolean) => (n: number) => {
  const ids = Array.from({ length: Math.max(1, Math.floor(n / 170)) }, (_, i) => `t${i}`);
  const root = { id: 'root', component: 'Column', children: ['zz', ...ids] };
  const texts = ids.map((id) => ({ id, component: 'Text', text: 'x' }));
  const first = v09('updateComponents', { surfaceId: 's', components: [root, { id: 'zz', component: 'Column', children: [] }, ...texts] });
  const then = ids.map((id) =>
    v09('updateComponents', {
      surfaceId: 's',
      components: [repoint ? { id: 'zz', component: 'Column', children: [id] } : { id, component: 'Text', text: 'y!' }],
    }),
  );
  return `<a2ui-json>[${create},${[first, ...then].join(',')}]</a2ui-json>`;
};

/**
 * About `n` characters: a root naming `a` and ~n/200 Texts, then per Text a block whose message
 * fails on a cycle (`fail`), or re-points `a` through a new Column (the benign).
 */
export const blocksThatFail = (fail: boolean) => (n: number) => {
  const ids = Array.from({ length: Math.max(1, Math.floor(n / 200)) }, (_, i) => `t${i}`);
  const root = { id: 'root', component: 'Column', children: ['a', ...ids] };
  const first = v09('updateComponents', {
    surfaceId: 's',
    components: [root, { id: 'a', component: 'Column', children: [] }, ...ids.map((id) => ({ id, component: 'Text', text: 'x' }))],
  });
  const block = (id: string) =>
    v09('updateComponents', {
      surfaceId: 's',
      components: [
        { id: 'a', component: 'Column', children: ['b'] },
        { id: 'b', component: 'Column', children: [fail ? 'a' : id] },
      ],
    });
  return `<a2ui-json>[${create},${first}]</a2ui-json>${ids.map((id) => `<a2ui-json>[${block(id)}]</a2ui-json>`).join('')}`;
};

/**
 * About `n` characters: a root naming ~n/440 Texts and as many ids to come, then per id a message
 * bringing it as a Text whose long text shows as a partial before an unknown property leaves it
 * out (`invalid`), or a valid Text (the benign).
 */
export const childrenLeftOut = (invalid: boolean) => (n: number) => {
  const count = Math.max(1, Math.floor(n / 440));
  const texts = Array.from({ length: count }, (_, i) => `t${i}`);
  const later = Array.from({ length: count }, (_, i) => `v${i}`);
  const first = v09('updateComponents', {
    surfaceId: 's',
    components: [{ id: 'root', component: 'Column', children: [...texts, ...later] }, ...texts.map((id) => ({ id, component: 'Text', text: id }))],
  });
  const then = later.map((id) =>
    v09('updateComponents', {
      surfaceId: 's',
      components: [{ id, component: 'Text', text: `a longer text for the partial of ${id}`, ...(invalid ? { bogus: 1 } : { variant: 'body' }) }],
    }),
  );
  return `<a2ui-json>[${create},${[first, ...then].join(',')}]</a2ui-json>`;
};
