import { expect, it } from 'vitest';
import { validateMessages } from '../../src/validate/index.js';
import { catalogsForCase, conformanceSuite, expectThrows, stepsOf, stepTitle, type ConformanceCase, type ConformanceStep } from './runner.js';

function runStep(testCase: ConformanceCase, step: ConformanceStep): void {
  expect(testCase.action).toBe('validate');
  // A fresh validator per step: catalogs are rebuilt from the case each time.
  const catalogs = catalogsForCase(testCase);
  const validate = () => validateMessages(step.payload, catalogs);
  if (step.expect_error !== undefined) expectThrows(validate, step.expect_error);
  else expect(validate).not.toThrow();
}

conformanceSuite('core/validator.yaml', (cases) => {
  for (const testCase of cases) {
    stepsOf(testCase).forEach((step, index) => {
      it(stepTitle(testCase, index), () => runStep(testCase, step));
    });
  }
});
