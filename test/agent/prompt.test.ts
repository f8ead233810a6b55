import { describe, expect, it } from 'vitest';
import {
  basicCatalogDocuments,
  catalogDocuments,
  catalogInstructions,
  DEFAULT_WORKFLOW_RULES,
  examplesText,
  pruneCatalog,
  systemPrompt,
  validateExamples,
  type Example,
} from '../../src/agent/index.js';
import { A2uiCatalogError, basicCatalog, catalogFromJsonSchema, defineCatalog, type A2uiMessage } from '../../src/index.js';
import * as v from 'valibot';

const ROOTS: Record<string, { component: string; [property: string]: unknown }> = {
  Column: { component: 'Column', children: ['x'] },
  Button: { component: 'Button', child: 'x', action: { event: { name: 'e' } } },
  Carousel: { component: 'Carousel', children: ['x'] },
};
const surface = (component = 'Column'): A2uiMessage[] => [
  { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog('0.9').id } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', ...(ROOTS[component] as { component: string }) },
        { id: 'x', component: 'Text', text: 'x' },
      ],
    },
  },
];

describe('catalogInstructions', () => {
  it('renders the documents exactly, compact, non-ASCII as written', () => {
    const catalog = catalogFromJsonSchema({
      version: '0.9',
      catalog: { catalogId: 'c', description: 'Café ✓' },
      s2c: { s2c: 'schema' },
      commonTypes: { $defs: { T: {} } },
    });
    expect(catalogInstructions(catalog)).toBe(
      '---BEGIN A2UI JSON SCHEMA---\n\n### Server To Client Schema:\n{"s2c":"schema"}\n\n### Common Types Schema:\n{"$defs":{"T":{}}}\n\n' +
        '### Catalog Schema:\n{"catalogId":"c","description":"Café ✓"}\n\n---END A2UI JSON SCHEMA---',
    );
  });

  it('shows {} without a server-to-client schema and leaves out empty common types', () => {
    for (const commonTypes of [{}, { $defs: {} }, { other: 1 }]) {
      const text = catalogInstructions(catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'c' }, commonTypes }));
      expect(text).toBe(
        '---BEGIN A2UI JSON SCHEMA---\n\n### Server To Client Schema:\n{}\n\n### Catalog Schema:\n{"catalogId":"c"}\n\n---END A2UI JSON SCHEMA---',
      );
    }
  });

  it('renders a catalog defined with valibot from its export and the version envelope', () => {
    const catalog = defineCatalog({
      id: 'mine',
      version: '0.9',
      components: { Badge: v.object({ id: v.string(), component: v.literal('Badge'), label: v.string() }) },
    });
    const text = catalogInstructions(catalog);
    expect(text).toContain('"catalogId":"mine"');
    expect(text).toContain('"Badge"');
    expect(text).toContain('"$id":"https://a2ui.org/specification/v0_9/server_to_client.json"');
    expect(catalogDocuments(catalog).commonTypes).toEqual(catalogDocuments(basicCatalog('0.9')).commonTypes);
  });
});

describe('catalogDocuments: basic catalogs and catalogs that share their id', () => {
  it('gives the spec documents for every basic catalog', () => {
    for (const version of ['0.8', '0.9', '0.9.1', '1.0'] as const) {
      expect(catalogDocuments(basicCatalog(version))).toEqual(basicCatalogDocuments(version));
    }
  });

  it('gives its own documents for a defined catalog that reuses the basic id with other components', () => {
    const badge = v.object({ id: v.string(), component: v.literal('Badge'), label: v.string() });
    const extended = defineCatalog({ id: basicCatalog('0.9').id, version: '0.9', components: { Badge: badge } });
    const components = Object.keys(catalogDocuments(extended).catalog.components as object);
    expect(components).toEqual(['Badge']);
    expect(catalogInstructions(extended)).toContain('"Badge"');
    expect([...pruneCatalog(extended, { allowedComponents: ['Badge'] }).components.keys()]).toEqual(['Badge']);
  });
});

describe('examplesText and validateExamples', () => {
  const examples: Example[] = [
    { name: 'verbatim', content: '[{"beginRendering": {"surfaceId": "id"}}]\n' },
    { name: 'messages', messages: surface() },
  ];

  it('renders content verbatim and messages decompiled, blocks joined by a blank line', () => {
    const text = examplesText(examples);
    expect(
      text.startsWith(
        '---BEGIN verbatim---\n[{"beginRendering": {"surfaceId": "id"}}]\n\n---END verbatim---\n\n---BEGIN messages---\n[\n  {\n    "version": "v0.9",\n    "createSurface"',
      ),
    ).toBe(true);
    expect(text.endsWith('\n]\n---END messages---')).toBe(true);
    expect(examplesText([])).toBe('');
  });

  it('rejects malformed examples', () => {
    expect(() => examplesText([{ name: '', content: '' }])).toThrow(A2uiCatalogError);
    expect(() => examplesText([{ name: 'x' } as never])).toThrow(/needs either content/);
    expect(() => examplesText([{ name: 'x', content: '[]', messages: [] } as never])).toThrow(/needs either content/);
    expect(() => examplesText('x' as never)).toThrow(/must be a list/);
  });

  it('reads an example with messages and `content: undefined` (as a spread object gives) by its messages', () => {
    const spread = { name: 'spread', messages: surface(), content: undefined } as unknown as Example;
    expect(examplesText([spread])).toBe(examplesText([{ name: 'spread', messages: surface() }]));
    expect(() => validateExamples([spread], basicCatalog('0.9'))).not.toThrow();
  });

  it('validates against the catalog, naming the failing example', () => {
    expect(() => validateExamples([examples[1]!], basicCatalog('0.9'))).not.toThrow();
    expect(() => validateExamples([{ name: 'bad', content: '[{' }], basicCatalog('0.9'))).toThrow(/^Failed to validate example bad: /);
    const unknown = { name: 'unknown', messages: surface('Carousel') };
    let error: unknown;
    try {
      validateExamples([unknown], basicCatalog('0.9'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(A2uiCatalogError);
    expect((error as Error).message).toMatch(/^Failed to validate example unknown: .*Carousel/);
    expect((error as A2uiCatalogError).details.length).toBeGreaterThan(0);
  });
});

describe('systemPrompt', () => {
  const catalog = basicCatalog('0.9');

  it('joins role, workflow, UI, schema and examples with blank lines', () => {
    const { prompt, catalog: chosen } = systemPrompt({
      catalog,
      role: 'You are a travel agent.',
      workflow: 'Always show a card.',
      ui: 'Cards with a title.',
      includeSchema: true,
      examples: [{ name: 'one', messages: surface() }],
    });
    expect(chosen).toBe(catalog);
    const expected = [
      'You are a travel agent.',
      `## Workflow Description:\n${DEFAULT_WORKFLOW_RULES}\nAlways show a card.`,
      '## UI Description:\nCards with a title.',
      catalogInstructions(catalog),
      `### Examples:\n${examplesText([{ name: 'one', messages: surface() }])}`,
    ].join('\n\n');
    expect(prompt).toBe(expected);
    expect(DEFAULT_WORKFLOW_RULES.split('\n')[1]).toBe('The generated response MUST follow these rules:');
  });

  it('leaves out empty parts and the schema by default; selection still runs', () => {
    expect(systemPrompt({ catalog }).prompt).toBe(`## Workflow Description:\n${DEFAULT_WORKFLOW_RULES}`);
    expect(() => systemPrompt({ catalog, clientCapabilities: { supportedCatalogIds: ['nope'] } })).toThrow(/No client-supported catalog found/);
    expect(() => systemPrompt({})).toThrow(/No supported catalogs found/);
    expect(() => systemPrompt({ catalog, catalogs: [catalog] })).toThrow(/either catalog or catalogs/);
  });

  it('returns the pruned catalog and uses the examples of its id', () => {
    const other = catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'other', components: { Text: {} } } });
    const { prompt, catalog: chosen } = systemPrompt({
      catalogs: [other, catalog],
      clientCapabilities: { supportedCatalogIds: [catalog.id] },
      allowedComponents: ['Text', 'Button'],
      includeSchema: true,
      examples: { [catalog.id]: [{ name: 'mine', messages: surface('Button') }], other: [{ name: 'theirs', content: '[]' }] },
      validateExamples: true,
    });
    expect(chosen.id).toBe(catalog.id);
    expect([...chosen.components.keys()]).toEqual(['Text', 'Button']);
    expect(prompt).toContain('---BEGIN mine---');
    expect(prompt).not.toContain('theirs');
    expect(prompt).not.toContain('"TextField"');
  });

  it('reads examples: null as none, and refuses examples that are not a list or lists by id with a CatalogError', () => {
    expect(systemPrompt({ catalog, examples: null as never }).prompt).toBe(systemPrompt({ catalog }).prompt);
    expect(() => systemPrompt({ catalog, examples: 'x' as never })).toThrow(/must be a list/);
    expect(() => systemPrompt({ catalog, examples: { [catalog.id]: 5 } as never })).toThrow(A2uiCatalogError);
  });

  it('validates examples against the pruned catalog', () => {
    const options = { catalog, allowedComponents: ['Text'], examples: [{ name: 'uses-button', messages: surface('Button') }] };
    expect(() => systemPrompt({ ...options, validateExamples: true })).toThrow(/Failed to validate example uses-button/);
    expect(systemPrompt({ ...options, includeExamples: false }).prompt).not.toContain('uses-button');
  });

  it('is pure: the same options give the same prompt, whatever came between', () => {
    const first = systemPrompt({ catalog, includeSchema: true });
    systemPrompt({ catalogs: [catalog], allowedComponents: ['Text'], includeSchema: true });
    expect(systemPrompt({ catalog, includeSchema: true }).prompt).toBe(first.prompt);
  });
});
