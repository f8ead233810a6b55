/**
 * Upstream's current core suites (`current/core/*.yaml`) through `validateMessages` with the
 * current v1.0 dialect. A case passes when the validator's verdict is the one expected (the error
 * category, message and codes; or no error). For `process_messages` cases that is all that is
 * compared: the surface state a renderer builds from accepted messages (`expect.surfaces`, the
 * unescaping of `@@` keys, deletions) is the renderer's, not a reader's. The cases about a renderer's own state or its RPC
 * handling are out of scope for a reader of model output, each with its reason in
 * `current-core-verdicts.ts`; divergences are listed there too and must still diverge.
 */
import { describe } from 'vitest';
import type { Catalog } from '../../src/catalog/model.js';
import { basicCatalogV10Current } from '../../src/catalog/index.js';
import { VERDICTS } from './current-core-verdicts.js';
import {
  currentBasicFromDocument,
  currentCatalogs,
  currentMismatches,
  currentSteps,
  loadCurrentSuite,
  registerCase,
  stepMessages,
  verdictOf,
  type CurrentCase,
  type DivergenceHook,
} from './current-support.js';
import { conformanceSuite } from './runner.js';

const JUDGED_ACTIONS: ReadonlySet<string> = new Set(['validate', 'process_messages']);

/**
 * An RPC case whose expected outcome is the envelope's verdict on its message (model output), not
 * a renderer's response: `expect: {error: {message}}`.
 */
function rpcSteps(testCase: CurrentCase): CurrentCase['steps'] {
  const message = testCase.args?.message;
  const error = (testCase.expect as { error?: { message?: unknown } } | undefined)?.error?.message;
  return message === undefined || typeof error !== 'string' ? undefined : [{ messages: [message], expectError: error }];
}

function judge(testCase: CurrentCase, basic: Catalog, hook?: DivergenceHook): string[] {
  const rpc = testCase.action === 'handle_rpc' ? rpcSteps(testCase) : undefined;
  if (!JUDGED_ACTIONS.has(testCase.action) && rpc === undefined) return [`action ${testCase.action} is not judged here`];
  const steps = rpc ?? currentSteps(testCase);
  const problems: string[] = [];
  steps.forEach((step, index) => {
    let catalogs: Catalog[];
    try {
      catalogs = currentCatalogs(testCase, basic);
    } catch (error) {
      // A catalog list the library refuses (another protocol version) is the case's CatalogError.
      problems.push(...currentMismatches(error as never, step.expectError ?? testCase.expectError).map((p) => `catalogs: ${p}`));
      return;
    }
    const given = step.expectError ?? (index === steps.length - 1 ? testCase.expectError : undefined);
    const expected = given !== undefined && hook?.category !== undefined ? { category: hook.category } : given;
    const messages = hook?.rewrite ? hook.rewrite(stepMessages(step)) : stepMessages(step);
    const error = verdictOf(messages, catalogs, hook?.lenientGraph === true ? false : testCase.strictMode);
    problems.push(...currentMismatches(error, expected, hook?.categoryOnly).map((p) => `step ${index + 1}: ${p}`));
  });
  return problems;
}

const SUITES = [
  'core/reserved_keys.yaml',
  'core/validator_v1_0.yaml',
  'core/composition_constraints.yaml',
  'core/validation_result.yaml',
  'core/rpc_functions.yaml',
  'core/message_processor_v1_0.yaml',
];

for (const file of SUITES) {
  conformanceSuite(`current/${file}`, (cases) => {
    for (const testCase of cases as unknown as CurrentCase[]) {
      registerCase(testCase.name, VERDICTS[testCase.name], (hook) => judge(testCase, basicCatalogV10Current(), hook));
    }
  });
}

// The same judged cases with the basic catalog compiled from upstream's current document (and the
// library's current common types) in place of the valibot-written one: both read the suite alike.
describe('current basic catalog compiled from its document', () => {
  for (const file of ['core/reserved_keys.yaml', 'core/validator_v1_0.yaml']) {
    const cases = loadCurrentSuite(file) ?? [];
    describe(file, () => {
      for (const testCase of cases) {
        registerCase(testCase.name, VERDICTS[testCase.name], (hook) => judge(testCase, currentBasicFromDocument(), hook));
      }
    });
  }
});
