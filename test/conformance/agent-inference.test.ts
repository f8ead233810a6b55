/**
 * `agent/inference_format.yaml` through `a2ui-stream/agent`: selection, loading catalogs, the prompt.
 * A case key, argument or `expect` key the runner does not read fails the case.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { catalogDocuments, pruneCatalog, removeStrictValidation, selectCatalog, systemPrompt, type SchemaModifier } from '../../src/agent/index.js';
import { basicCatalog, catalogFromJsonSchema, type ProtocolVersion } from '../../src/index.js';
import { dispatch, expectContainsIgnoringWhitespace, expectKnownKeys, loadCaseExamples, type Actions } from './agent-support.js';
import { CONFORMANCE_DIR, SPEC_DIR, conformanceSuite, expectThrows, sharedSuite, type ConformanceCase } from './runner.js';

type Json = Record<string, unknown>;

interface Args {
  supported_catalogs?: Json[];
  accepts_inline_catalogs?: boolean;
  client_capabilities?: unknown;
  client_ui_capabilities?: unknown;
  version?: string;
  role_description?: string;
  workflow_description?: string;
  ui_description?: string;
  allowed_components?: string[];
  allowed_messages?: string[];
  include_schema?: boolean;
  include_examples?: boolean;
  validate_examples?: boolean;
  examples_path?: string;
}

interface InferenceCase extends ConformanceCase {
  args?: Args;
  catalog_configs?: { name: string; path: string }[];
  modifiers?: string[];
  expect_selected?: string;
  expect_catalog_schema?: Json;
  expect_contains?: string[];
}

const MODIFIERS: Readonly<Record<string, SchemaModifier>> = { remove_strict_validation: removeStrictValidation };

/** The case keys each action reads (besides `name`, `description` and `action`). */
const CASE_KEYS: Readonly<Record<string, readonly string[]>> = {
  select_catalog: ['args', 'expect_selected', 'expect_catalog_schema', 'expect_error'],
  load_catalog: ['catalog_configs', 'modifiers', 'expect'],
  generate_prompt: ['args', 'expect_contains', 'expect_error'],
};
const ARGS: Readonly<Record<string, readonly string[]>> = {
  select_catalog: ['supported_catalogs', 'accepts_inline_catalogs', 'client_capabilities'],
  generate_prompt: [
    'version',
    'role_description',
    'workflow_description',
    'ui_description',
    'client_ui_capabilities',
    'accepts_inline_catalogs',
    'allowed_components',
    'allowed_messages',
    'include_schema',
    'include_examples',
    'validate_examples',
    'examples_path',
  ],
};

/** Fails a case with a key (or argument) its action does not read. */
function expectKnownCaseKeys(testCase: InferenceCase): void {
  expectKnownKeys(testCase, ['name', 'description', 'action', ...(CASE_KEYS[testCase.action] ?? [])], testCase.name);
  expectKnownKeys(testCase.args ?? {}, ARGS[testCase.action] ?? [], `${testCase.name} args`);
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Json;

const ACTIONS: Actions = {
  select_catalog(raw) {
    const testCase = raw as InferenceCase;
    const args = testCase.args ?? {};
    const s2c = readJson(resolve(SPEC_DIR, 'v0_9/json/server_to_client.json'));
    const commonTypes = readJson(resolve(SPEC_DIR, 'v0_9/json/common_types.json'));
    const catalogs = (args.supported_catalogs ?? []).map((doc) =>
      catalogFromJsonSchema({ version: '0.9', catalog: doc, s2c, commonTypes, id: String(doc.catalogId) }),
    );
    const select = () =>
      pruneCatalog(
        selectCatalog(catalogs, (args.client_capabilities ?? {}) as never, {
          acceptsInlineCatalogs: args.accepts_inline_catalogs ?? false,
        }),
      );
    if (testCase.expect_error !== undefined) {
      expectThrows(select, testCase.expect_error);
      return;
    }
    const selected = select();
    const checks = [testCase.expect_selected, testCase.expect_catalog_schema].filter((c) => c !== undefined);
    expect(checks.length, 'the case checks something').toBeGreaterThan(0);
    if (testCase.expect_selected !== undefined) expect(catalogDocuments(selected).catalog.catalogId).toBe(testCase.expect_selected);
    if (testCase.expect_catalog_schema !== undefined) expect(catalogDocuments(selected).catalog).toEqual(testCase.expect_catalog_schema);
  },
  load_catalog(raw) {
    const testCase = raw as InferenceCase;
    const modifiers = (testCase.modifiers ?? []).map((name) => {
      const modifier = MODIFIERS[name];
      if (modifier === undefined) throw new Error(`unknown modifier '${name}'`);
      return modifier;
    });
    const s2c = readJson(resolve(SPEC_DIR, 'v0_8/json/server_to_client.json'));
    const catalogs = (testCase.catalog_configs ?? []).map(({ path }) => {
      const doc = readJson(resolve(CONFORMANCE_DIR, path));
      if (typeof doc.catalogId !== 'string') throw new Error(`${path} has no catalogId`);
      return catalogFromJsonSchema({ version: '0.8', catalog: doc, s2c, id: doc.catalogId });
    });
    const expected = testCase.expect as { catalog_schema?: Json; supported_catalog_ids?: string[] };
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expectKnownKeys(expected, ['catalog_schema', 'supported_catalog_ids'], `${testCase.name} expect`);
    if (expected.catalog_schema !== undefined) {
      expect(catalogDocuments(selectCatalog(catalogs, undefined, { modifiers })).catalog).toEqual(expected.catalog_schema);
    }
    if (expected.supported_catalog_ids !== undefined) expect(catalogs.map((c) => c.id)).toEqual(expected.supported_catalog_ids);
  },
  async generate_prompt(raw) {
    const testCase = raw as InferenceCase;
    const args = testCase.args ?? {};
    const catalog = basicCatalog((args.version ?? '0.8') as ProtocolVersion);
    const examples = args.examples_path === undefined ? undefined : { [catalog.id]: await loadCaseExamples(args.examples_path) };
    const generate = () =>
      systemPrompt({
        catalog,
        role: args.role_description ?? '',
        workflow: args.workflow_description ?? '',
        ui: args.ui_description ?? '',
        clientCapabilities: (args.client_ui_capabilities ?? null) as never,
        acceptsInlineCatalogs: args.accepts_inline_catalogs ?? false,
        ...(args.allowed_components === undefined ? {} : { allowedComponents: args.allowed_components }),
        ...(args.allowed_messages === undefined ? {} : { allowedMessages: args.allowed_messages }),
        includeSchema: args.include_schema ?? false,
        includeExamples: args.include_examples ?? false,
        validateExamples: args.validate_examples ?? false,
        ...(examples === undefined ? {} : { examples }),
      });
    if (testCase.expect_error !== undefined) {
      expectThrows(generate, testCase.expect_error);
      return;
    }
    const expected = testCase.expect_contains ?? [];
    expect(expected.length, 'the case checks something').toBeGreaterThan(0);
    expectContainsIgnoringWhitespace(generate().prompt, expected);
  },
};

// The cases also read the spec's message schemas.
sharedSuite('inference with the spec schemas', SPEC_DIR, () =>
  conformanceSuite('agent/inference_format.yaml', (cases) => {
    for (const testCase of cases) {
      it(testCase.name, () => {
        expectKnownCaseKeys(testCase as InferenceCase);
        return dispatch(ACTIONS, testCase);
      });
    }
    it('an action the runner does not know fails the case', async () => {
      await expect(dispatch(ACTIONS, { name: 'made_up', action: 'made_up_action' })).rejects.toThrow(/unknown action 'made_up_action'/);
    });
    it('a key the runner does not read fails the case: in the case, its args or its expect', async () => {
      const load = cases.find((c) => c.action === 'load_catalog' && c.expect !== undefined) as InferenceCase;
      const select = cases.find((c) => c.action === 'select_catalog') as InferenceCase;
      expect(() => expectKnownCaseKeys({ ...select, expect_selected_version: '0.9' } as InferenceCase)).toThrow(/expect_selected_version/);
      expect(() => expectKnownCaseKeys({ ...select, args: { ...select.args, client_version: 2 } } as InferenceCase)).toThrow(/client_version/);
      await expect(dispatch(ACTIONS, { ...load, expect: { ...(load.expect as Json), catalog_count: 1 } })).rejects.toThrow(/catalog_count/);
    });
  }),
);
