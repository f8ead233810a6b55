/**
 * A two-step answer with A2UI (v0.9, basic catalog): step 1 draws a booking surface, a tool call
 * runs, step 2 changes the surface step 1 drew. Plus what a spec-following renderer
 * (`@a2ui/web_core`) holds after a list of messages, to compare streamed parts against.
 */
import { MessageProcessor, type ComponentApi } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import type { A2uiMessage } from '../../src/index.js';
import { BASIC_CATALOG_ID_V09 } from '../../src/index.js';
import { Rng } from '../support/rng.js';
import { webCoreV09State } from '../support/web-core-state.js';

const v = 'v0.9';
export const BOOKING_TURN_1: A2uiMessage[] = [
  { version: v, createSurface: { surfaceId: 'booking', catalogId: BASIC_CATALOG_ID_V09 } },
  {
    version: v,
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'when'] },
        { id: 'title', component: 'Text', text: 'Dinner at Lumen' },
        { id: 'when', component: 'Text', text: { path: '/when' } },
      ],
    },
  },
  { version: v, updateDataModel: { surfaceId: 'booking', path: '/', value: { when: '7pm', guests: 2 } } },
];
export const BOOKING_UPDATE: A2uiMessage[] = [
  { version: v, updateComponents: { surfaceId: 'booking', components: [{ id: 'title', component: 'Text', text: 'Dinner at Lumen, 8pm' }] } },
  { version: v, updateDataModel: { surfaceId: 'booking', path: '/when', value: '8pm' } },
];

export const block = (messages: readonly A2uiMessage[]): string => `<a2ui-json>\n${JSON.stringify(messages, null, 1)}\n</a2ui-json>`;

/** The text of step 1, step 2, and what the user reads of them (text outside the blocks). */
export const STEP_1 = `Let me check availability.\n${block(BOOKING_TURN_1)}\nOne moment.`;
export const STEP_2 = `It is free at 8pm.\n${block(BOOKING_UPDATE)}\nAnything else?`;
export const STEP_1_TEXT = 'Let me check availability.\n\nOne moment.';
export const STEP_2_TEXT = 'It is free at 8pm.\n\nAnything else?';

/** `text` cut into deltas of 1 to 12 characters, seeded so that a failure replays. */
export function deltas(text: string, seed: number): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = rng.int(1, 12);
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

/**
 * A v0.9 renderer's surfaces after `messages`: per surface the components reachable from `root`,
 * and the data model. The renderer gets copies: it changes the data-model values it keeps in place.
 */
export function renderedSurfaces(messages: readonly A2uiMessage[]): Record<string, unknown> {
  const processor = new MessageProcessor<ComponentApi>([webCoreBasicCatalog]);
  for (const message of messages) processor.processMessages([structuredClone(message) as never]);
  return webCoreV09State(processor);
}
