/**
 * One v1.0 answer written in both dialects: August (`{"path"}`, `{"call"}`) and current
 * (`{"@path"}`, `{"@call"}`), with bindings (absolute and, in a template, relative), a
 * `formatString` call, a template over a list and `@index` with and without arguments. The Lit
 * and React suites stream each twin into their renderer and compare what is drawn.
 */

const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** The answer in the dialect whose binding key is `path` (August) or `@path` (current). */
function answer(dialect: '2026-08' | 'current'): string {
  const at = dialect === 'current' ? '@' : '';
  const bind = (path: string) => ({ [`${at}path`]: path });
  const call = (name: string, args?: Record<string, unknown>) => ({ [`${at}call`]: name, ...(args ? { args } : {}) });
  const messages = [
    { version: 'v1.0', createSurface: { surfaceId: 'twin', catalogId: CATALOG } },
    {
      version: 'v1.0',
      updateComponents: {
        surfaceId: 'twin',
        components: [
          { id: 'root', component: 'Column', children: ['name', 'greeting', 'items', 'field'] },
          { id: 'name', component: 'Text', text: bind('/user/name') },
          { id: 'greeting', component: 'Text', text: call('formatString', { value: 'Hello ${/user/name}, party of ${/user/guests}' }) },
          { id: 'items', component: 'List', children: { componentId: 'item', path: '/items' } },
          { id: 'item', component: 'Row', children: ['position', 'from_zero', 'label'] },
          { id: 'position', component: 'Text', text: call('@index', { offset: 1 }) },
          { id: 'from_zero', component: 'Text', text: call('@index') },
          { id: 'label', component: 'Text', text: bind('label') },
          { id: 'field', component: 'TextField', label: 'Name', value: bind('/user/name') },
        ],
      },
    },
    {
      version: 'v1.0',
      updateDataModel: { surfaceId: 'twin', path: '/', value: { user: { name: 'Ada', guests: 4 }, items: [{ label: 'Tea' }, { label: 'Cake' }] } },
    },
  ];
  return `Here is your table.\n\n<a2ui-json>\n${JSON.stringify(messages)}\n</a2ui-json>\n\nAnything else?`;
}

/** The August twin and the current twin. */
export const DIALECT_TWINS = { august: answer('2026-08'), current: answer('current') } as const;

/** What both twins must draw (the surface's text, in order), and the text field's value. */
export const TWIN_TEXT = ['Ada', 'Hello Ada, party of 4', '1', '0', 'Tea', '2', '1', 'Cake'] as const;
export const TWIN_FIELD_VALUE = 'Ada';
