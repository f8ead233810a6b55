/**
 * The response shapes that once multiplied the output (issue #27): one long cut string, a long
 * child list, a deep tree, a large data-model array, many small components. All v0.9, one
 * surface. `bench/output-bound.ts` measures delta bytes out ÷ bytes in on them; the first-paint
 * test reads them too.
 */
import { basicCatalog, decompile, type A2uiMessage } from '../../src/index.js';

const CATALOG_ID = basicCatalog('0.9').id;
const V = 'v0.9';
const create = (surfaceId: string): A2uiMessage => ({ version: V, createSurface: { surfaceId, catalogId: CATALOG_ID } });
const components = (surfaceId: string, list: Record<string, unknown>[]): A2uiMessage =>
  ({ version: V, updateComponents: { surfaceId, components: list } }) as A2uiMessage;
const WORDS = 'Our café near the Zócalo serves crème brûlée, churros and a very good piña colada. ';
const words = (n: number) => WORDS.repeat(Math.ceil(n / WORDS.length)).slice(0, n);

/** A shape: what it is, and its messages. */
export interface OutputShape {
  readonly name: string;
  readonly messages: () => A2uiMessage[];
}

/** The shapes of issue #27 (all v0.9, one surface but the last). */
export const OUTPUT_SHAPES: readonly OutputShape[] = [
  {
    name: 'one long cut string (10 KB Text)',
    messages: () => [create('s'), components('s', [{ id: 'root', component: 'Text', text: words(10_000) }])],
  },
  {
    name: 'a long child list (400 short Texts)',
    messages: () => {
      const ids = Array.from({ length: 400 }, (_, i) => `item${i}`);
      return [
        create('s'),
        components('s', [
          { id: 'root', component: 'Column', children: ids },
          ...ids.map((id) => ({ id, component: 'Text', text: `${id}: some words to show` })),
        ]),
      ];
    },
  },
  {
    name: 'a deep tree (45 nested Columns)',
    messages: () => {
      const list: Record<string, unknown>[] = [];
      for (let d = 0; d < 45; d++) {
        const id = d === 0 ? 'root' : `level${d}`;
        list.push({ id, component: 'Column', children: [`title${d}`, ...(d < 44 ? [`level${d + 1}`] : [])] });
        list.push({ id: `title${d}`, component: 'Text', text: `Level ${d}: ${words(40)}` });
      }
      return [create('s'), components('s', list)];
    },
  },
  {
    name: 'a large data-model array (400 items)',
    messages: () => [
      create('s'),
      components('s', [{ id: 'root', component: 'Text', text: { path: '/items/0/label' } }]),
      {
        version: V,
        updateDataModel: {
          surfaceId: 's',
          value: { items: Array.from({ length: 400 }, (_, i) => ({ id: i, label: `Item ${i}`, text: words(60), price: i * 1.5, done: i % 2 === 0 })) },
        },
      } as A2uiMessage,
    ],
  },
  {
    name: 'many small components (100 rows of 4)',
    messages: () => {
      const rows = Array.from({ length: 100 }, (_, i) => `row${i}`);
      const list: Record<string, unknown>[] = [{ id: 'root', component: 'Column', children: rows }];
      for (const row of rows) {
        list.push({ id: row, component: 'Row', children: [`${row}_icon`, `${row}_name`, `${row}_check`, `${row}_line`] });
        list.push({ id: `${row}_icon`, component: 'Icon', name: 'star' });
        list.push({ id: `${row}_name`, component: 'Text', text: `Name ${row}` });
        list.push({ id: `${row}_check`, component: 'CheckBox', label: 'Done', value: { path: `/${row}/done` } });
        list.push({ id: `${row}_line`, component: 'Divider' });
      }
      return [create('s'), components('s', list)];
    },
  },
];

/** The response of `messages` in one block, indented as models write or compact. */
export function shapeResponse(messages: readonly A2uiMessage[], layout: 'indented' | 'compact'): string {
  const json = layout === 'indented' ? decompile(messages) : JSON.stringify(messages);
  return `Here it is.\n<a2ui-json>\n${json}\n</a2ui-json>\nDone.`;
}
