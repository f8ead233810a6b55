import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { basicCatalogV10, basicCatalogV10Current, catalogFromJsonSchema, defineCatalog } from '../../src/catalog/index.js';
import { catalogDocuments, systemPrompt } from '../../src/agent/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** How a text inside the catalog document's `instructions` reads in the prompt (JSON-escaped). */
const shown = (text: string) => JSON.stringify(text).slice(1, -1);

const answer = (binding: string) =>
  `Here:\n<a2ui-json>[{"version": "v1.0", "createSurface": {"surfaceId": "s", "catalogId": "${BASIC}", "components": [{"id": "root", "component": "TextField", "label": "Name", "value": {"${binding}": "/name"}}]}}]</a2ui-json>`;

describe('the agent side prompts in the dialect of the catalog it is given', () => {
  it('a current-dialect basic catalog: @ examples and schemas, and a catalog that reads @path answers', () => {
    const { prompt, catalog } = systemPrompt({ catalog: basicCatalogV10Current(), includeSchema: true });
    expect(prompt).toContain(shown('{"@path": "/form/rep"}'));
    expect(prompt).not.toContain(shown('{"path": "/form/rep"}'));
    expect(prompt).toContain(shown('{"@call": "required"}'));
    expect(prompt).toContain('"@call":{"const":"formatString"}');
    expect(prompt).not.toContain('"call":{"const":"formatString"}');
    // The ChildList template keeps its plain path.
    expect(prompt).toContain(shown('"path": "/breeds"'));
    expect(catalog.dialect).toBe('current');
    const parser = new A2uiStreamParser(catalog);
    const parts = [...parser.push(answer('@path')), ...parser.end()];
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    expect(parts.some((part) => part.type === 'a2ui')).toBe(true);
  });

  it('the respelt documents compile into a catalog that reads @path and rejects plain path', () => {
    const documents = catalogDocuments(basicCatalogV10Current());
    const compiled = catalogFromJsonSchema({
      version: '1.0',
      dialect: 'current',
      catalog: documents.catalog,
      commonTypes: documents.commonTypes,
      ...(documents.serverToClient === undefined ? {} : { s2c: documents.serverToClient }),
    });
    const read = (text: string) => {
      const parser = new A2uiStreamParser(compiled);
      return [...parser.push(text), ...parser.end()].filter((part) => part.type === 'error');
    };
    expect(read(answer('@path'))).toEqual([]);
    expect(read(answer('path')).length).toBeGreaterThan(0);
    const pruned = systemPrompt({ catalog: basicCatalogV10Current(), allowedComponents: ['TextField'] }).catalog;
    const parser = new A2uiStreamParser(pruned);
    expect([...parser.push(answer('@path')), ...parser.end()].filter((part) => part.type === 'error')).toEqual([]);
  });

  it('the default stays August: plain path in the examples', () => {
    const { prompt, catalog } = systemPrompt({ catalog: basicCatalogV10(), includeSchema: true });
    expect(prompt).toContain(shown('{"path": "/form/rep"}'));
    expect(prompt).not.toContain('@path');
    expect(catalog.dialect).toBeUndefined();
  });

  it('a custom current-dialect catalog exports its functions with @call and the common types respelt', () => {
    const custom = defineCatalog({
      id: 'custom',
      version: '1.0',
      dialect: 'current',
      components: { Badge: v.looseObject({ id: v.string(), component: v.literal('Badge') }) },
      functions: { shout: v.strictObject({ value: v.string() }) },
    });
    const documents = catalogDocuments(custom);
    expect(JSON.stringify(documents.catalog.functions)).toContain('"@call":{"const":"shout"}');
    const defs = documents.commonTypes.$defs as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(defs.DataBinding?.properties ?? {})).toEqual(['@path']);
  });
});
