/**
 * Linearity of the cases whose work once grew faster than their input (they were timing asserts
 * in test/; the tests now count the work): each is run at `n` and `2n` in the same rounds, and the
 * figure is `2n ÷ n` (linear work doubles; quadratic work quadruples). Its target is
 * {@link LINEAR_LIMIT}: larger maps and heaps cost more per entry (a flat list of 32,000 components
 * checks at 1.1 µs each, of 64,000 at 2.4 µs on the machine of bench/RESULTS.md), so linear work
 * can read above 2.3 where quadratic work reads 4.
 */
import type { Message } from '@ag-ui/core';
import { a2uiActivityHistory } from '../src/ag-ui/index.js';
import { basicCatalog, parseResponse, validateMessages } from '../src/index.js';
import { checkTopology, componentsById } from '../src/validate/index.js';
import { core, keep } from './figures.js';
import { ratio, timeSideBySide, type Budget, type Timing } from './measure.js';
import { chunksOf } from './workloads.js';
import { fmtRatio, fmtTiming, renderTable } from './table.js';

/** The target of `2n ÷ n`. */
export const LINEAR_LIMIT = 3;

const catalog = basicCatalog('0.9');
const CATALOG_ID = catalog.id;
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CATALOG_ID}"}}`;

/** A case: what `n` counts, and the work at `n` (prepared outside the timed function). */
export interface LinearCase {
  readonly name: string;
  /** `n` of the full run; the smoke run takes a tenth. */
  readonly n: number;
  readonly unit: string;
  readonly prepare: (n: number) => () => unknown;
}

/** `n` diamond lattices of 40 layers under one root (2^40 paths each): the walk must measure shared sub-trees once. */
function lattices(n: number) {
  const heads = Array.from({ length: n }, (_, k) => [`k${k}l0a`, `k${k}l0b`]).flat();
  const components: Record<string, unknown>[] = [{ id: 'root', component: 'Column', children: heads }];
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < 40; i++) {
      const children = i + 1 < 40 ? [`k${k}l${i + 1}a`, `k${k}l${i + 1}b`] : [];
      components.push({ id: `k${k}l${i}a`, component: 'Column', children }, { id: `k${k}l${i}b`, component: 'Column', children });
    }
  }
  return componentsById(components);
}

const update = (components: object[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
const columnMessage = (id: string, children: readonly string[]) => update([{ id, component: 'Column', children }]);

/** `validateMessages` of the surface's start, then the messages `after` makes of `n` ids. */
function validating(n: number, after: (ids: string[]) => object[]): () => void {
  const messages = [JSON.parse(create), ...after(Array.from({ length: n }, (_, i) => `t${i}`))];
  return () => {
    validateMessages(messages, catalog);
    keep(messages.length);
  };
}

export const LINEAR_CASES: readonly LinearCase[] = [
  {
    name: 'white space runs (parseResponse, cleanEdges)',
    n: 400_000,
    unit: 'spaces',
    prepare: (n) => {
      const spaces = ' '.repeat(n / 4);
      const text = `a${spaces}b<a2ui-json>${spaces}\`\`\`json${spaces}[${create}]${spaces}\`\`\`${spaces}</a2ui-json>`;
      return () => keep(parseResponse(text).length);
    },
  },
  {
    name: 'shared sub-trees (checkTopology, diamond lattices)',
    n: 100,
    unit: 'lattices',
    prepare: (n) => {
      const graph = lattices(n);
      return () => {
        checkTopology(graph, 'root', catalog);
        keep(graph.size);
      };
    },
  },
  {
    name: 'open data-model array (core, 16-char chunks)',
    n: 40_000,
    unit: 'items',
    prepare: (n) => {
      const items = Array.from({ length: n }, (_, i) => i).join(', ');
      const text = `<a2ui-json>[${create},{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"items":[${items}]}}}]</a2ui-json>`;
      const chunks = chunksOf(text, 16);
      return () => core(catalog, chunks, undefined, { maxBufferSize: 2 * text.length });
    },
  },
  {
    name: 'component text still streaming (core, 4 KiB chunks)',
    n: 4 * 2 ** 20,
    unit: 'characters',
    prepare: (n) => {
      const text = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"${'z'.repeat(n)}"}]}}]</a2ui-json>`;
      const chunks = chunksOf(text, 4_096);
      return () => core(catalog, chunks, undefined, { maxBufferSize: 2 * text.length });
    },
  },
  {
    name: 'absent children (core, full snapshots, 16-char chunks)',
    n: 20_000,
    unit: 'children',
    prepare: (n) => {
      const children = JSON.stringify(Array.from({ length: n }, (_, i) => `c${i}`));
      const text = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":${children}}]}}]</a2ui-json>`;
      const chunks = chunksOf(text, 16);
      return () => core(catalog, chunks, 'full', { maxComponentsPerSurface: 4 * n });
    },
  },
  {
    name: 'surfaces each holding a full snapshot back, their messages interleaved (core, full snapshots, 1-char chunks)',
    n: 150,
    unit: 'surfaces',
    prepare: (n) => {
      const chunks = chunksOf(surfacesWaiting(n, 8), 1);
      return () => core(catalog, chunks, 'full');
    },
  },
  {
    name: 'AG-UI read-back past maxSurfaces (a2uiActivityHistory, text and activity pairs)',
    n: 2_000,
    unit: 'pairs',
    prepare: (n) => {
      const conversation = textAndActivityPairs(n);
      return () => keep(a2uiActivityHistory(conversation).length);
    },
  },
  {
    name: 'a Column, then one message per child (validateMessages, its orphans)',
    n: 10_000,
    unit: 'children',
    prepare: (n) => validating(n, (ids) => [columnMessage('root', ids), ...ids.map((id) => update([{ id, component: 'Text', text: 'x' }]))]),
  },
  {
    name: 'a Column of n children, then n messages: the root dropping it, naming it again (validateMessages, its orphans)',
    n: 10_000,
    unit: 'children',
    prepare: (n) =>
      validating(n, (ids) => [
        update([
          { id: 'root', component: 'Column', children: ['h'] },
          { id: 'h', component: 'Column', children: ids },
          ...ids.map((id) => ({ id, component: 'Text', text: 'x' })),
        ]),
        ...ids.map((_, i) => columnMessage('root', i % 2 === 0 ? [] : ['h'])),
      ]),
  },
];

/**
 * `n` surfaces, each a Column listing `per` Texts that come later, one by one with a data message
 * after each, the surfaces' messages interleaved (probe 13 finding 3): the output budget holds back
 * the snapshots of many surfaces at once, which every piece of input walked.
 */
function surfacesWaiting(n: number, per: number): string {
  const ids = Array.from({ length: n }, (_, s) => `s${s}`);
  const kids = Array.from({ length: per }, (_, i) => `c${i}`);
  const message = (key: string, body: object) => JSON.stringify({ version: 'v0.9', [key]: body });
  const messages = [
    ...ids.flatMap((surfaceId) => [
      message('createSurface', { surfaceId, catalogId: CATALOG_ID }),
      message('updateComponents', { surfaceId, components: [{ id: 'root', component: 'Column', children: kids }] }),
    ]),
    ...kids.flatMap((id, i) =>
      ids.flatMap((surfaceId) => [
        message('updateComponents', { surfaceId, components: [{ id, component: 'Text', text: `text ${i}` }] }),
        message('updateDataModel', { surfaceId, path: `/d${i}`, value: `value ${i}` }),
      ]),
    ),
  ];
  return `<a2ui-json>[${messages.join(',')}]</a2ui-json>`;
}

/**
 * `n` assistant texts making a surface each, every one followed by an activity message making
 * another: past 500 pairs the surfaces exceed `maxSurfaces`, and the parser reading the texts is
 * made again from the newest (decisions U10) once per 500 or so surfaces.
 */
function textAndActivityPairs(n: number): Message[] {
  const surface = (surfaceId: string) => [
    { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOG_ID } },
    { version: 'v0.9', updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text: surfaceId }] } },
  ];
  return Array.from({ length: n }, (_, i): Message[] => [
    { id: `m${i}`, role: 'assistant', content: `<a2ui-json>${JSON.stringify(surface(`t${i}`))}</a2ui-json>` },
    { id: `a${i}`, role: 'activity', activityType: 'a2ui-surface', content: { a2ui_operations: surface(`a${i}`) } },
  ]).flat();
}

/** One case's figures. */
export interface LinearRow {
  readonly name: string;
  readonly n: number;
  readonly unit: string;
  readonly atN: Timing;
  readonly atDouble: Timing;
  /** `2n ÷ n`, the median of the per-round ratios. */
  readonly scaling: number;
}

/** Times every case at `n` and `2n` side by side (`smoke`: a tenth of `n`). */
export async function measureLinearity(budget: Budget, rounds: number, smoke: boolean): Promise<LinearRow[]> {
  const rows: LinearRow[] = [];
  for (const c of LINEAR_CASES) {
    const n = smoke ? Math.max(1, Math.round(c.n / 10)) : c.n;
    const t = await timeSideBySide({ atN: c.prepare(n), atDouble: c.prepare(2 * n) }, budget, rounds);
    rows.push({ name: c.name, n, unit: c.unit, ...t, scaling: ratio(t.atDouble, t.atN) as number });
  }
  return rows;
}

/** The linearity table. */
export function linearityTable(rows: readonly LinearRow[]): string {
  const header = ['case', 'n', 'at n', 'at 2n', '2n/n'];
  const body = rows.map((r) => [r.name, `${r.n} ${r.unit}`, fmtTiming(r.atN), fmtTiming(r.atDouble), fmtRatio(r.scaling)]);
  return renderTable(header, body);
}
