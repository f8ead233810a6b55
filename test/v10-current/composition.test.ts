import { describe, expect, it } from 'vitest';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import { shapedCatalog } from './catalogs.js';
import { compositionProblem, validateMessages } from '../../src/validate/index.js';

const catalog = shapedCatalog;

const surface = (components: unknown[]) => [{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'c', components } }];

describe('composition constraints', () => {
  it('judges one edge: allowedParents, then allowedChildren', () => {
    const header = { id: 'h', type: 'Header', def: catalog.components.get('Header') };
    expect(compositionProblem({ id: 'col', type: 'Column', def: catalog.components.get('Column') }, header)).toBeUndefined();
    expect(compositionProblem({ id: 'r', type: 'Row', def: catalog.components.get('Row') }, header)).toMatchObject({
      code: 'UNALLOWED_PARENT',
      message: "Component 'h' (Header) cannot be placed under parent 'r' (Row). Allowed parents: ['Column'].",
    });
    expect(
      compositionProblem({ id: 'b', type: 'Box', def: catalog.components.get('Box') }, { id: 'x', type: 'Row', def: catalog.components.get('Row') }),
    ).toMatchObject({
      code: 'UNALLOWED_CHILD',
      message: "Container 'b' (Box) cannot contain child 'x' (Row). Allowed children: ['Header'].",
    });
  });

  it('is checked by validateMessages, root under the implicit Surface', () => {
    expect(() =>
      validateMessages(
        surface([
          { id: 'root', component: 'Column', children: ['h'] },
          { id: 'h', component: 'Header' },
        ]),
        catalog,
      ),
    ).not.toThrow();
    expect(() =>
      validateMessages(
        surface([
          { id: 'root', component: 'Row', children: ['h'] },
          { id: 'h', component: 'Header' },
        ]),
        catalog,
      ),
    ).toThrow("Component 'h' (Header) cannot be placed under parent 'root' (Row). Allowed parents: ['Column'].");
    expect(() => validateMessages(surface([{ id: 'root', component: 'Page' }]), catalog)).not.toThrow();
    expect(() =>
      validateMessages(
        surface([
          { id: 'root', component: 'Column', children: ['p'] },
          { id: 'p', component: 'Page' },
        ]),
        catalog,
      ),
    ).toThrow(/UNALLOWED|cannot be placed under parent 'root' \(Column\)/);
    // The root itself is a child of the Surface container: a Header may not be the root.
    expect(() => validateMessages(surface([{ id: 'root', component: 'Header' }]), catalog)).toThrow(/parent 's' \(Surface\)/);
  });
});

describe('composition constraints of a JSON Schema catalog', () => {
  it('reads allowedParents and allowedChildren from the component schemas', () => {
    const catalog = catalogFromJsonSchema({
      version: '1.0',
      catalog: {
        catalogId: 'j',
        components: {
          Tabs: {
            type: 'object',
            properties: { component: { const: 'Tabs' }, children: { type: 'array', items: { type: 'string' } } },
            allowedChildren: ['Tab'],
          },
          Tab: { type: 'object', properties: { component: { const: 'Tab' } }, allowedParents: ['Tabs'] },
          Note: { type: 'object', properties: { component: { const: 'Note' } } },
        },
      },
    });
    expect(catalog.components.get('Tab')?.allowedParents).toEqual(['Tabs']);
    expect(catalog.components.get('Tabs')?.allowedChildren).toEqual(['Tab']);
    const tabs = catalog.components.get('Tabs');
    expect(compositionProblem({ id: 't', type: 'Tabs', def: tabs }, { id: 'n', type: 'Note', def: catalog.components.get('Note') })?.code).toBe(
      'UNALLOWED_CHILD',
    );
    expect(() =>
      validateMessages(
        surface([{ id: 'root', component: 'Tab' }]).map((m) => ({ ...m, createSurface: { ...m.createSurface, catalogId: 'j' } })),
        catalog,
      ),
    ).toThrow("Component 'root' (Tab) cannot be placed under parent 's' (Surface). Allowed parents: ['Tabs'].");
  });
});
