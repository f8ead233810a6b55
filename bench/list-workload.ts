/**
 * The list workload: one v0.9 `Column` whose `N` `Text` children arrive one by one after it (the
 * parent's child list streams first, then each child), in one block, as a model writes a long list.
 */
import { basicCatalog } from '../src/index.js';
import type { A2uiMessage } from '../src/index.js';

const CATALOG_ID = basicCatalog('0.9').id;

/** The list workload with `n` children: the response text and its own messages. */
export function listResponse(n: number): { text: string; messages: A2uiMessage[] } {
  const ids = Array.from({ length: n }, (_, i) => `item${i}`);
  const messages: A2uiMessage[] = [
    { version: 'v0.9', createSurface: { surfaceId: 'list', catalogId: CATALOG_ID } },
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'list',
        components: [{ id: 'root', component: 'Column', children: ids }, ...ids.map((id) => ({ id, component: 'Text', text: `${id}: some words to show` }))],
      },
    },
  ];
  return { text: `Here is the list.\n<a2ui-json>${JSON.stringify(messages)}</a2ui-json>\nDone.`, messages };
}
