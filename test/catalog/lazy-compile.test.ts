/**
 * A catalog built from JSON Schema documents is its documents first: building it compiles
 * nothing; the stream parser and `validateMessages` compile it on entry, so an uncompilable
 * catalog still fails early, with the same A2uiCatalogError each time.
 */
import { describe, expect, it } from 'vitest';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import { A2uiCatalogError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { validateMessages } from '../../src/validate/index.js';
import { thrown } from '../support/thrown.js';

const uncompilable = {
  catalogId: 'odd',
  components: { Text: { type: 'object', dependentSchemas: {} } },
};

describe('catalogFromJsonSchema compiles on first use', () => {
  it('builds a catalog from documents it cannot compile, keeping them', () => {
    const s2c = { s2c: 'schema' };
    const catalog = catalogFromJsonSchema({ version: '0.9', catalog: uncompilable, s2c });
    expect(catalog.id).toBe('odd');
    expect(catalog.documents).toEqual({ catalog: uncompilable, serverToClient: s2c, commonTypes: {} });
    expect(catalog.documents?.catalog).toBe(uncompilable);
  });

  it('the parser and validateMessages fail on entry with the same CatalogError', () => {
    const catalog = catalogFromJsonSchema({ version: '0.9', catalog: uncompilable });
    const fromParser = thrown(() => new A2uiStreamParser(catalog, { snapshots: 'delta' }));
    const fromValidator = thrown(() => validateMessages([], catalog));
    expect(fromParser).toBeInstanceOf(A2uiCatalogError);
    expect((fromParser as Error).message).toContain("'dependentSchemas'");
    expect(fromValidator).toBe(fromParser);
    expect(thrown(() => catalog.components)).toBe(fromParser);
  });

  it('a minimal v0.9 catalog without the theme the spec envelope refers to still has documents', () => {
    const s2c = { $defs: { CreateSurfaceMessage: { properties: { theme: { $ref: 'catalog.json#/$defs/theme' } } } }, $ref: '#/$defs/CreateSurfaceMessage' };
    const catalog = catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'min', components: { Text: {} } }, s2c });
    expect(catalog.documents?.serverToClient).toBe(s2c);
    expect(() => catalog.messageSchema).toThrow(/theme/);
  });

  it('a compilable catalog validates once compiled', () => {
    const catalog = catalogFromJsonSchema({
      version: '0.9',
      catalog: { catalogId: 'c', components: { Text: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } },
    });
    expect([...catalog.components.keys()]).toEqual(['Text']);
    expect(catalog.components).toBe(catalog.components);
  });
});
