/** `core/catalog.yaml` through `a2ui-stream/agent`: pruning, rendering, examples, modifiers, cuttable keys. */
import { expect, it } from 'vitest';
import { catalogDocuments, catalogInstructions, examplesText, pruneCatalog, removeStrictValidation } from '../../src/agent/index.js';
import { dispatch, loadCaseExamples, type Actions } from './agent-support.js';
import { catalogsForCase, conformanceSuite, expectThrows, type ConformanceCase } from './runner.js';

interface Args {
  allowed_components?: string[];
  allowed_messages?: string[];
  path?: string | null;
  validate?: boolean;
  schema?: Record<string, unknown>;
}

const argsOf = (testCase: ConformanceCase) => ((testCase as { args?: Args }).args ?? {}) as Args;
const outputOf = (testCase: ConformanceCase) => String((testCase as { expect_output?: string }).expect_output ?? '').trim();
const catalogOf = (testCase: ConformanceCase) => {
  const [catalog] = catalogsForCase(testCase);
  if (catalog === undefined) throw new Error(`case ${testCase.name} has no catalog block`);
  return catalog;
};

const EXPECTED_DOCUMENT: Readonly<Record<string, 'catalog' | 'serverToClient' | 'commonTypes'>> = {
  catalog_schema: 'catalog',
  s2c_schema: 'serverToClient',
  common_types_schema: 'commonTypes',
};

const ACTIONS: Actions = {
  prune(testCase) {
    const args = argsOf(testCase);
    const pruned = pruneCatalog(catalogOf(testCase), {
      allowedComponents: args.allowed_components ?? [],
      allowedMessages: args.allowed_messages ?? [],
    });
    const documents = catalogDocuments(pruned);
    const expected = testCase.expect as Record<string, unknown>;
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(expected)) {
      const name = EXPECTED_DOCUMENT[key];
      if (name === undefined) throw new Error(`unknown expected document '${key}'`);
      expect(documents[name], key).toEqual(value);
    }
  },
  render(testCase) {
    expect(catalogInstructions(catalogOf(testCase)).trim()).toBe(outputOf(testCase));
  },
  async load(testCase) {
    const args = argsOf(testCase);
    const catalog = catalogOf(testCase);
    const load = () => loadCaseExamples(args.path, { catalog, validate: args.validate ?? false });
    if (testCase.expect_error !== undefined) {
      let error: unknown;
      await load().then(
        () => undefined,
        (e: unknown) => (error = e),
      );
      expectThrows(() => {
        if (error !== undefined) throw error;
      }, testCase.expect_error);
      return;
    }
    expect(examplesText(await load()).trim()).toBe(outputOf(testCase));
  },
  remove_strict_validation(testCase) {
    const { schema } = argsOf(testCase);
    const before = structuredClone(schema);
    expect(removeStrictValidation(schema ?? {})).toEqual((testCase.expect as { schema: unknown }).schema);
    expect(schema).toEqual(before);
  },
  verify_cuttable_keys(testCase) {
    const expected = (testCase.expect as { custom_cuttable_keys: string[] }).custom_cuttable_keys;
    expect(new Set(catalogOf(testCase).cuttableKeys)).toEqual(new Set(expected));
  },
};

conformanceSuite('core/catalog.yaml', (cases) => {
  for (const testCase of cases) it(testCase.name, () => dispatch(ACTIONS, testCase));
  it('an action the runner does not know fails the case', async () => {
    await expect(dispatch(ACTIONS, { name: 'made_up', action: 'made_up_action' })).rejects.toThrow(/unknown action 'made_up_action'/);
  });
});
