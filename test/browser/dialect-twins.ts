/**
 * One v1.0 answer written in both dialects: August (`{"path"}`, `{"call"}`) and current
 * (`{"@path"}`, `{"@call"}`), with bindings (absolute and, in a template, relative), a
 * `formatString` call, a template over a list and `@index` with and without arguments. The Lit
 * and React suites stream each twin into their renderer ({@link twinChunks}) and judge what is
 * drawn with {@link twinsCheck}.
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

/** What a renderer drew of one twin: its surfaces serialized, its text nodes in order, its inputs' values, its errors. */
export interface TwinDrawn {
  dom: string[];
  texts: string[];
  values: string[];
  errors: string[];
}

/** One check's outcome (as `options.ts`'s `OptionCheck`). */
export interface TwinsCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** A twin's text as a stream of 7-character chunks. */
export function twinChunks(text: string): ReadableStream<string> {
  let at = 0;
  return new ReadableStream<string>({
    pull(controller) {
      if (at >= text.length) return controller.close();
      controller.enqueue(text.slice(at, at + 7));
      at += 7;
    },
  });
}

/**
 * Both twins drawn without an error, the August one showing {@link TWIN_TEXT} and
 * {@link TWIN_FIELD_VALUE}, and the current one one surface with the August one's DOM.
 */
export function twinsCheck(august: TwinDrawn, current: TwinDrawn): TwinsCheck {
  const ok =
    august.errors.length === 0 &&
    current.errors.length === 0 &&
    august.texts.join('|').startsWith(TWIN_TEXT.join('|')) &&
    august.values.join() === TWIN_FIELD_VALUE &&
    current.dom.length === 1 &&
    JSON.stringify(current.dom) === JSON.stringify(august.dom);
  return {
    name: "v1.0 dialects: a current-dialect answer (@path, @call, @index in a template) with dialect: 'current' draws the DOM of its August twin",
    ok,
    detail: JSON.stringify({
      august: { texts: august.texts, values: august.values, errors: august.errors },
      current: { texts: current.texts, errors: current.errors },
    }),
  };
}
