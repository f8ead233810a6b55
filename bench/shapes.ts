/**
 * Scaling by shape: responses that grow along one dimension the generated workloads keep small
 * (a list's width, blocks for one surface, data-model messages, surfaces), each read at `n` and
 * `2n` in the same rounds. Linear work doubles; full snapshots re-send a surface's tree on each
 * change, so where each change adds to one surface they grow with its square (as the reference).
 */
import { basicCatalog } from '../src/index.js';
import { core } from './figures.js';
import { ratio, timeSideBySide, type Budget, type Timing } from './measure.js';
import { fmtRatio, fmtTiming, renderTable } from './table.js';
import { chunksOf } from './workloads.js';

const CATALOG_ID = basicCatalog('0.9').id;
const v09 = (key: string, body: object) => JSON.stringify({ version: 'v0.9', [key]: body });
const create = (surfaceId: string) => v09('createSurface', { surfaceId, catalogId: CATALOG_ID });
const ids = (n: number) => Array.from({ length: n }, (_, i) => `item${i}`);
const text = (id: string) => ({ id, component: 'Text', text: `${id}: some words to show` });

/** A shape: its name, what grows, and the response with `n` of it. */
export interface Shape {
  readonly name: string;
  readonly grows: string;
  /** Whether each change adds to one surface (full snapshots then re-send a tree growing with `n`). */
  readonly quadraticWhenFull: boolean;
  readonly response: (n: number) => string;
}

/** The shapes, all v0.9 (the other versions share the code these exercise). */
export const SHAPES: readonly Shape[] = [
  {
    name: 'wide list',
    grows: 'children of one Column, then each child, in one message',
    quadraticWhenFull: true,
    response: (n) =>
      `<a2ui-json>[${create('s')},${v09('updateComponents', {
        surfaceId: 's',
        components: [{ id: 'root', component: 'Column', children: ids(n) }, ...ids(n).map(text)],
      })}]</a2ui-json>`,
  },
  {
    name: 'blocks',
    grows: 'blocks, each adding one child to the same surface',
    quadraticWhenFull: true,
    response: (n) =>
      `<a2ui-json>[${create('s')},${v09('updateComponents', { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ids(n) }] })}]</a2ui-json>` +
      ids(n)
        .map((id) => `Next one.\n<a2ui-json>${v09('updateComponents', { surfaceId: 's', components: [text(id)] })}</a2ui-json>`)
        .join('\n'),
  },
  {
    name: 'data model',
    grows: '`updateDataModel` messages, each setting one path',
    quadraticWhenFull: false,
    response: (n) =>
      `<a2ui-json>[${create('s')},${v09('updateComponents', { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/item0' } }] })},` +
      ids(n)
        .map((id, i) => v09('updateDataModel', { surfaceId: 's', path: `/${id}`, value: { label: id, count: i } }))
        .join(',') +
      ']</a2ui-json>',
  },
  {
    name: 'surfaces',
    grows: 'blocks, each creating its own surface',
    quadraticWhenFull: false,
    response: (n) =>
      ids(n)
        .map((id) => `Surface ${id}.\n<a2ui-json>[${create(id)},${v09('updateComponents', { surfaceId: id, components: [text('root')] })}]</a2ui-json>`)
        .join('\n'),
  },
];

/** One shape's figures: each snapshot mode at `n` and `2n`. */
export interface ShapeRow {
  readonly shape: Shape;
  readonly n: number;
  readonly chars: number;
  readonly full: Timing;
  readonly fullAtDouble: Timing;
  readonly delta: Timing;
  readonly deltaAtDouble: Timing;
}

/** The shapes grow past the parser's default limits on surfaces and components. */
const LIMITS = { maxSurfaces: 1e6, maxComponentsPerSurface: 1e6 };

/** Times every shape at `n` and `2n` (16-character chunks), side by side per shape. */
export async function measureShapes(n: number, budget: Budget, rounds: number): Promise<ShapeRow[]> {
  const catalog = basicCatalog('0.9');
  const rows: ShapeRow[] = [];
  for (const shape of SHAPES) {
    const small = shape.response(n);
    const chunks = chunksOf(small, 16);
    const doubled = chunksOf(shape.response(2 * n), 16);
    const t = await timeSideBySide(
      {
        full: () => core(catalog, chunks, 'full', LIMITS),
        fullAtDouble: () => core(catalog, doubled, 'full', LIMITS),
        delta: () => core(catalog, chunks, 'delta', LIMITS),
        deltaAtDouble: () => core(catalog, doubled, 'delta', LIMITS),
      },
      budget,
      rounds,
    );
    rows.push({ shape, n, chars: small.length, ...t });
  }
  return rows;
}

/** `2n ÷ n` of each mode. */
export function shapeScaling(row: ShapeRow): { full: number; delta: number } {
  return { full: ratio(row.fullAtDouble, row.full) as number, delta: ratio(row.deltaAtDouble, row.delta) as number };
}

/** The shapes' table as text, then what grows in each shape. */
export function shapeTable(rows: readonly ShapeRow[]): string {
  const header = ['shape', 'n', 'chars', 'full n', 'full 2n', '2n/n', 'delta n', 'delta 2n', '2n/n'];
  const body = rows.map((r) => {
    const scaling = shapeScaling(r);
    return [
      r.shape.name,
      String(r.n),
      String(r.chars),
      fmtTiming(r.full),
      fmtTiming(r.fullAtDouble),
      fmtRatio(scaling.full),
      fmtTiming(r.delta),
      fmtTiming(r.deltaAtDouble),
      fmtRatio(scaling.delta),
    ];
  });
  const legend = rows.map((r) => `  ${r.shape.name}: ${r.shape.grows}`);
  return [renderTable(header, body), ...legend].join('\n');
}
