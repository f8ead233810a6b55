/**
 * Hostile input to every public function of `a2ui-stream/agent`: malformed catalogs, documents,
 * capabilities, examples and options are an `A2uiCatalogError` with a message and details that
 * say what is wrong, never a TypeError, a stack overflow or a silently wrong result.
 */
import { describe, expect, it } from 'vitest';
import { catalogError as error } from './catalog-error.js';
import {
  basicCatalogDocuments,
  catalogDocuments,
  catalogInstructions,
  examplesText,
  pruneCatalog,
  removeStrictValidation,
  selectCatalog,
  systemPrompt,
  validateExamples,
} from '../../src/agent/index.js';
import { A2uiCatalogError, basicCatalog } from '../../src/index.js';
import { loadExamples } from '../../src/node/index.js';

const basic = basicCatalog('0.9');
const examples = [{ name: 'a', content: '[]' }];

/** [what, call, message pattern, path of the first detail]. */
type Row = [string, () => unknown, RegExp, string];

const notCatalogs: [string, unknown, RegExp, string][] = [
  ['null', null, /is not a catalog \(make one with/, 'catalog'],
  ['{}', {}, /is not a catalog \(make one with/, 'catalog'],
  ['an id without documents or components', { id: 'x', version: '0.9' }, /is not a catalog \(make one with/, 'catalog'],
  ['documents without a catalog document', { id: 'x', version: '0.9', documents: {} }, /is not a catalog \(make one with/, 'catalog'],
  ['an unknown version', { id: 'x', version: '7', components: new Map() }, /^Unknown A2UI specification version: 7\. Supported: 0\.8/, 'catalog.version'],
];

const catalogRows: Row[] = [
  ['basicCatalogDocuments of an unknown version', () => basicCatalogDocuments('2.0' as never), /^Unknown A2UI specification version: 2\.0/, 'version'],
  ...notCatalogs.flatMap(([what, value, pattern, path]): Row[] => [
    [`catalogDocuments of ${what}`, () => catalogDocuments(value as never), pattern, path],
    [`catalogInstructions of ${what}`, () => catalogInstructions(value as never), pattern, path],
    [`pruneCatalog of ${what}`, () => pruneCatalog(value as never, { allowedComponents: ['Text'] }), pattern, path],
    [`validateExamples against ${what}`, () => validateExamples(examples, value as never), pattern, path],
    [`selectCatalog of [basic, ${what}]`, () => selectCatalog([basic, value as never]), pattern, path.replace('catalog', 'catalogs.1')],
    [`systemPrompt with catalog ${what}`, () => systemPrompt({ catalog: value as never }), pattern, path.replace('catalog', 'catalogs.0')],
  ]),
];

const identity = (schema: object) => ({ ...schema });
const optionRows: Row[] = [
  ['pruneCatalog options null', () => pruneCatalog(basic, null as never), /^pruneCatalog: options must be an object/, 'options'],
  ['pruneCatalog options a list', () => pruneCatalog(basic, ['Text'] as never), /^pruneCatalog: options must be an object/, 'options'],
  [
    'pruneCatalog allowedComponents a string',
    () => pruneCatalog(basic, { allowedComponents: 'Text' as never }),
    /^pruneCatalog: option allowedComponents must be a list of strings/,
    'allowedComponents',
  ],
  [
    'pruneCatalog allowedComponents [1]',
    () => pruneCatalog(basic, { allowedComponents: [1] as never }),
    /allowedComponents must be a list of strings/,
    'allowedComponents',
  ],
  [
    'pruneCatalog allowedComponents {}',
    () => pruneCatalog(basic, { allowedComponents: {} as never }),
    /allowedComponents must be a list of strings/,
    'allowedComponents',
  ],
  [
    'pruneCatalog allowedMessages a string',
    () => pruneCatalog(basic, { allowedMessages: 'createSurface' as never }),
    /allowedMessages must be a list of strings/,
    'allowedMessages',
  ],
  [
    'pruneCatalog a misspelt option',
    () => pruneCatalog(basic, { allowedComponent: ['Text'] } as never),
    /^pruneCatalog: unknown option 'allowedComponent' \(known: allowedComponents, allowedMessages\)/,
    'allowedComponent',
  ],
  ['selectCatalog options null', () => selectCatalog(basic, undefined, null as never), /^selectCatalog: options must be an object/, 'options'],
  [
    'selectCatalog modifiers not a list',
    () => selectCatalog(basic, undefined, { modifiers: identity as never }),
    /option modifiers must be a list of functions/,
    'modifiers',
  ],
  [
    'selectCatalog a modifier not a function',
    () => selectCatalog(basic, undefined, { modifiers: [identity, 5] as never }),
    /option modifiers must be a list of functions/,
    'modifiers',
  ],
  [
    'selectCatalog acceptsInlineCatalogs a string',
    () => selectCatalog(basic, undefined, { acceptsInlineCatalogs: 'yes' as never }),
    /option acceptsInlineCatalogs must be a boolean/,
    'acceptsInlineCatalogs',
  ],
  [
    'selectCatalog a modifier returning nothing',
    () => selectCatalog(basic, undefined, { modifiers: [identity, () => undefined as never] }),
    /^modifiers\.1 returned undefined, not a JSON Schema object/,
    'modifiers.1',
  ],
  [
    'selectCatalog a modifier returning a list for an inline catalog',
    () =>
      selectCatalog(
        basic,
        { inlineCatalogs: [{ catalogId: 'i' }] },
        { acceptsInlineCatalogs: true, modifiers: [(s) => ('catalogId' in s && s.catalogId === 'i' ? [] : s) as never] },
      ),
    /^modifiers\.0 returned a list, not a JSON Schema object/,
    'modifiers.0',
  ],
  ['systemPrompt without options', () => systemPrompt(undefined as never), /^No supported catalogs found\./, 'catalogs'],
  ['systemPrompt options null', () => systemPrompt(null as never), /^systemPrompt: options must be an object/, 'options'],
  ['systemPrompt role a number', () => systemPrompt({ catalog: basic, role: 5 as never }), /^systemPrompt: option role must be a string/, 'role'],
  ['systemPrompt ui an object', () => systemPrompt({ catalog: basic, ui: {} as never }), /option ui must be a string/, 'ui'],
  [
    'systemPrompt includeSchema a string',
    () => systemPrompt({ catalog: basic, includeSchema: 'yes' as never }),
    /option includeSchema must be a boolean/,
    'includeSchema',
  ],
  [
    'systemPrompt allowedComponents a string',
    () => systemPrompt({ catalog: basic, allowedComponents: 'Text' as never }),
    /option allowedComponents must be a list of strings/,
    'allowedComponents',
  ],
  [
    'systemPrompt a misspelt option',
    () => systemPrompt({ catalog: basic, allowedComponent: ['Text'] } as never),
    /^systemPrompt: unknown option 'allowedComponent'/,
    'allowedComponent',
  ],
];

/** `levels` nested objects: `{"properties":{"x":{"properties":{"x":…{}}}}}`. */
const nested = (levels: number): Record<string, unknown> => JSON.parse(`${'{"properties":{"x":'.repeat(levels)}{}${'}}'.repeat(levels)}`);
const cyclic: Record<string, unknown> = { type: 'object' };
cyclic.items = { anyOf: [cyclic] };
const inline = (component: unknown) => ({ inlineCatalogs: [{ catalogId: 'i', components: { X: component } }] }) as never;
const documentRows: Row[] = [
  [
    'selectCatalog an inline catalog nested 2,000 levels deep',
    () => selectCatalog(basic, inline(nested(1000)), { acceptsInlineCatalogs: true }),
    /^Invalid client capabilities format: inlineCatalogs\.0 is nested deeper than 128 levels/,
    'inlineCatalogs.0',
  ],
  [
    'systemPrompt an inline catalog nested 2,000 levels deep',
    () => systemPrompt({ catalog: basic, clientCapabilities: inline(nested(1000)), acceptsInlineCatalogs: true }),
    /nested deeper than 128 levels/,
    'inlineCatalogs.0',
  ],
  [
    'selectCatalog a cyclic inline catalog',
    () => selectCatalog(basic, inline(cyclic), { acceptsInlineCatalogs: true }),
    /inlineCatalogs\.0 is nested deeper than 128 levels/,
    'inlineCatalogs.0',
  ],
  [
    'removeStrictValidation of null',
    () => removeStrictValidation(null as never),
    /^removeStrictValidation: a schema must be an object or a boolean, got null/,
    '',
  ],
  ['removeStrictValidation of a string', () => removeStrictValidation('schema' as never), /must be an object or a boolean, got a string/, ''],
  ['removeStrictValidation of a list', () => removeStrictValidation([] as never), /must be an object or a boolean, got a list/, ''],
  [
    'removeStrictValidation of a cyclic schema',
    () => removeStrictValidation(cyclic),
    /^removeStrictValidation: the schema contains itself at items\.anyOf\.0/,
    'items.anyOf.0',
  ],
];

const circular: Record<string, unknown> = { version: 'v0.9' };
circular.self = circular;
const exampleRows: Row[] = [
  [
    'examplesText of a message that is a number',
    () => examplesText([{ name: 'a', messages: [{}, 1] as never }]),
    /^Example 'a': messages\.1 is not a message object/,
    'examples.0.messages.1',
  ],
  [
    'examplesText of a message that is null',
    () => examplesText([{ name: 'a', messages: [null] as never }]),
    /messages\.0 is not a message object/,
    'examples.0.messages.0',
  ],
  [
    'examplesText of a message that is a list',
    () => examplesText([{ name: 'a', messages: [[{}]] as never }]),
    /messages\.0 is not a message object/,
    'examples.0.messages.0',
  ],
  [
    'examplesText of a name with a line break',
    () => examplesText([{ name: 'a\n---END a---', content: '[]' }]),
    /^Example name 'a\\n---END a---' must be one line/,
    'examples.0.name',
  ],
  [
    'examplesText of a circular message',
    () => examplesText([{ name: 'c', messages: circular as never }]),
    /^Example 'c' cannot be written as JSON: /,
    'examples.0.messages',
  ],
  [
    'validateExamples of a message that is a number',
    () => validateExamples([{ name: 'a', messages: [1] as never }], basic),
    /^Failed to validate example a: .*Message must be an object/,
    'messages.0',
  ],
];

describe('hostile input is a typed error with details', () => {
  it.each([...catalogRows, ...optionRows, ...documentRows, ...exampleRows])('%s', (_, call, pattern, path) => {
    const e = error(call);
    expect(e.message).toMatch(pattern);
    expect(e.details[0]?.path).toBe(path);
    expect(e.details[0]?.message).toBeTruthy();
  });

  it('an inline catalog nested 125 levels deep, or a boolean schema, is still read', () => {
    const deep = { inlineCatalogs: [{ catalogId: 'i', components: { X: nested(61) } }] };
    expect(Object.keys(catalogDocuments(selectCatalog(basic, deep, { acceptsInlineCatalogs: true })).catalog.components as object)).toContain('X');
    expect(removeStrictValidation(true as never)).toBe(true);
  });
});

const EXAMPLES_DIR = new URL('../fixtures/', import.meta.url);
/** [what, call, message pattern, path of the first detail], for `loadExamples` (async). */
const loadRows: [string, () => Promise<unknown>, RegExp, string][] = [
  ['a number for the path', () => loadExamples(5 as never), /^loadExamples: pathOrGlob must be a string, a URL, null or undefined, got a number/, 'pathOrGlob'],
  ['an object for the path', () => loadExamples({} as never), /pathOrGlob must be a string, a URL, null or undefined, got an object/, 'pathOrGlob'],
  ['options null', () => loadExamples(EXAMPLES_DIR, null as never), /^loadExamples: options must be an object/, 'options'],
  ['validate a string', () => loadExamples(EXAMPLES_DIR, { validate: 'yes' as never }), /^loadExamples: option validate must be a boolean/, 'validate'],
  [
    'a misspelt option',
    () => loadExamples(EXAMPLES_DIR, { validated: true } as never),
    /^loadExamples: unknown option 'validated' \(known: catalog, validate\)/,
    'validated',
  ],
  ['validate without a catalog', () => loadExamples(EXAMPLES_DIR, { validate: true }), /^loadExamples: validate needs a catalog/, 'catalog'],
  [
    'a catalog that is not one',
    () => loadExamples(EXAMPLES_DIR, { validate: true, catalog: {} as never }),
    /^loadExamples: catalog is not a catalog/,
    'catalog',
  ],
  ['an http URL', () => loadExamples('https://example.com/x'), /^Unsupported examples location https:\/\/example\.com\/x/, ''],
];

describe('loadExamples: hostile input is a typed error with details', () => {
  it.each(loadRows)('%s', async (_, call, pattern, path) => {
    const e = await call().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(e).toBeInstanceOf(A2uiCatalogError);
    expect((e as A2uiCatalogError).message).toMatch(pattern);
    expect((e as A2uiCatalogError).details[0]?.path).toBe(path);
    expect((e as A2uiCatalogError).details[0]?.message).toBeTruthy();
  });
});
