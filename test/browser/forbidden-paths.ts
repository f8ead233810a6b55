/**
 * Probe 17 finding 2: components bound to a data path web_core's data model refuses (`__proto__`,
 * `constructor`, `prototype`) throw as they render. The parser leaves them out (validation); these
 * messages reach a renderer without it (a seeded history, `validate: false`, an app's own
 * messages), to check that the renderer entries contain the throw to its surface: the text and the
 * other surfaces stay, the error goes to `onError`, typed, and nothing is uncaught.
 */
import { basicCatalog, type A2uiMessage } from '../../src/index.js';

const CATALOG = basicCatalog('0.9').id;

/** The surfaces that throw, each bound its own way, and the one that draws. */
export const FAILING_SURFACES = ['fp-text', 'fp-image', 'fp-template'] as const;
export const GOOD_SURFACE = 'good';

function surface(surfaceId: string, components: Record<string, unknown>[]): A2uiMessage[] {
  return [
    { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOG } },
    { version: 'v0.9', updateComponents: { surfaceId, components } },
  ] as unknown as A2uiMessage[];
}

/** Four surfaces: three with a forbidden binding next to a Text that draws, and one that draws whole. */
export function forbiddenPathMessages(): A2uiMessage[] {
  const column = (bad: Record<string, unknown>) => [
    { id: 'root', component: 'Column', children: ['ok', 'bad'] },
    { id: 'ok', component: 'Text', text: 'visible' },
    { id: 'bad', ...bad },
  ];
  return [
    ...surface('fp-text', column({ component: 'Text', text: { path: '/constructor/x' } })),
    ...surface('fp-image', column({ component: 'Image', url: { path: '/__proto__' } })),
    ...surface('fp-template', [
      ...column({ component: 'List', children: { componentId: 'row', path: '/items' } }),
      { id: 'row', component: 'Text', text: { path: 'constructor' } },
    ]),
    { version: 'v0.9', updateDataModel: { surfaceId: 'fp-template', path: '/items', value: [{ name: 'a' }] } } as unknown as A2uiMessage,
    ...surface(GOOD_SURFACE, [{ id: 'root', component: 'Text', text: 'still here' }]),
  ];
}

/** The probe's answer as text: a failing surface between two sentences (the parser leaves its bad component out). */
export const FORBIDDEN_PATH_ANSWER = `Hello, here is your answer.\n\n<a2ui-json>${JSON.stringify(
  surface('fp', [
    { id: 'root', component: 'Column', children: ['ok', 'bad'] },
    { id: 'ok', component: 'Text', text: 'visible' },
    { id: 'bad', component: 'Text', text: { path: '/constructor/x' } },
  ]),
)}</a2ui-json>\n\nAfter.`;
