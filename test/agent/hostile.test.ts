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
  pruneCatalog,
  selectCatalog,
  systemPrompt,
  validateExamples,
} from '../../src/agent/index.js';
import { basicCatalog } from '../../src/index.js';

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

describe('hostile input is a typed error with details', () => {
  it.each(catalogRows)('%s', (_, call, pattern, path) => {
    const e = error(call);
    expect(e.message).toMatch(pattern);
    expect(e.details[0]?.path).toBe(path);
    expect(e.details[0]?.message).toBeTruthy();
  });
});
