/**
 * Hostile AG-UI conversations for `bench/hostile.ts`: each read back (`a2uiActivityHistory`, the
 * middleware's read of a run's messages) against a benign conversation of the same size.
 */
import type { Message } from '@ag-ui/core';
import { a2uiActivityHistory } from '../src/ag-ui/index.js';
import { basicCatalog } from '../src/index.js';
import { keep } from './figures.js';

const catalogId = basicCatalog('0.9').id;
const v = 'v0.9';

/** A hostile conversation, its finding, and the benign one it is timed against. */
export interface AgUiHostileCase {
  readonly name: string;
  readonly finding: string;
  /** Characters of each conversation as JSON. */
  readonly chars: number;
  readonly hostile: () => void;
  readonly benign: () => void;
}

const activity = (id: string, operations: object[]): Message => ({
  id,
  role: 'activity',
  activityType: 'a2ui-surface',
  content: { a2ui_operations: operations },
});
const text = (surfaceId: string, value: string) => ({
  version: v,
  updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text: value }] },
});

/**
 * `surfaces` surfaces of 50 components each, then `pairs` times an activity message and an
 * assistant text updating surface `x`. Hostile: the activity message makes `x` again (probe 13
 * finding 4: the text's parser was made again before each text, seeded from every card); benign:
 * it sets a data value of `x` as long as that `createSurface`.
 */
function remakeBeforeEachAnswer(surfaces: number, pairs: number, hostile: boolean): Message[] {
  const big = (b: number) => [
    { version: v, createSurface: { surfaceId: `big${b}`, catalogId } },
    {
      version: v,
      updateComponents: {
        surfaceId: `big${b}`,
        components: [
          { id: 'root', component: 'Column', children: Array.from({ length: 49 }, (_, i) => `c${i}`) },
          ...Array.from({ length: 49 }, (_, i) => ({ id: `c${i}`, component: 'Text', text: `${b}-${i}` })),
        ],
      },
    },
  ];
  const create = { version: v, createSurface: { surfaceId: 'x', catalogId } };
  const unpadded = JSON.stringify({ version: v, updateDataModel: { surfaceId: 'x', path: '/p', value: '' } }).length;
  const set = { version: v, updateDataModel: { surfaceId: 'x', path: '/p', value: 'x'.repeat(JSON.stringify(create).length - unpadded) } };
  const messages = [...Array.from({ length: surfaces }, (_, b) => activity(`big${b}`, big(b))), activity('x', [create, text('x', 'x')])];
  for (let i = 0; i < pairs; i++) {
    messages.push(activity(`a${i}`, [hostile ? create : set, text('x', `a${i}`)]));
    messages.push({ id: `m${i}`, role: 'assistant', content: `ok <a2ui-json>${JSON.stringify([text('x', `m${i}`)])}</a2ui-json>` });
  }
  return messages;
}

/** The cases, at their full size or (`smoke`) an eighth. */
export function agUiHostileCases(smoke: boolean): AgUiHostileCase[] {
  const scale = smoke ? 8 : 1;
  const hostile = remakeBeforeEachAnswer(200 / scale, 40 / scale, true);
  const benign = remakeBeforeEachAnswer(200 / scale, 40 / scale, false);
  const chars = JSON.stringify(hostile).length;
  if (JSON.stringify(benign).length !== chars) throw new Error('the benign conversation is not the size of the hostile one');
  return [
    {
      name: `AG-UI: a history making a surface again before each answer (${200 / scale} surfaces of 50 components, ${40 / scale} pairs), against one updating it`,
      finding: 'P13-4',
      chars,
      hostile: () => keep(a2uiActivityHistory(hostile).length),
      benign: () => keep(a2uiActivityHistory(benign).length),
    },
  ];
}
