import { expect, it } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import {
  catalogsForCase,
  conformanceSuite,
  divergenceFor,
  expectParts,
  expectThrows,
  stepTitle,
  type ConformanceCase,
  type Divergences,
  type ExpectedPart,
} from './runner.js';

/** A v0.9+ data-model message: where we deliberately differ from the reference (see README). */
const isUpdateDataModel = (message: unknown) =>
  typeof message === 'object' && message !== null && 'updateDataModel' in message;

const DATA_MODEL_PATHS =
  'v0.9 data-model partials carry their own path instead of root-level deltas, which a spec-following renderer would apply as whole-model replacements and lose data';

/**
 * Expected divergences from the reference. Each still compares everything but the data-model
 * messages; their own correctness is checked in test/stream/data-model.test.ts.
 */
const DIVERGENCES: Divergences = {};

function runCase(testCase: ConformanceCase): void {
  expect(testCase.action).toBe('process_chunk');
  const parser = new A2uiStreamParser(catalogsForCase(testCase), {
    validate: testCase.disable_validation !== true,
  });
  const steps = testCase.steps ?? [testCase];
  steps.forEach((step, index) => {
    const push = (): Part[] => parser.push(step.input ?? '');
    const expectError = step.expect_error ?? (index === steps.length - 1 ? testCase.expect_error : undefined);
    if (expectError !== undefined) {
      expectThrows(push, expectError);
      return;
    }
    const actual = push();
    expectParts(actual, (step.expect ?? []) as ExpectedPart[], {
      divergence: divergenceFor(DIVERGENCES, testCase, index),
    });
  });
}

conformanceSuite('agent/streaming_parser.yaml', (cases) => {
  for (const testCase of cases) {
    it(stepTitle(testCase, -1).replace(/#0$/, ''), () => runCase(testCase));
  }
});

export { isUpdateDataModel, DATA_MODEL_PATHS };
