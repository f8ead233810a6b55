/**
 * `current/agent/express/decompiler.yaml` through `decompileExpress`: each case's statements are
 * in the text, and (`expect_round_trip`) compiling the text gives the case's messages back.
 */
import { expect, it } from 'vitest';
import { compileExpress, decompileExpress } from '../../src/express/index.js';
import { fixtureCatalog, SuiteTally } from './express-support.js';
import { conformanceSuite, type ConformanceCase } from './runner.js';

interface DecompilerCase extends ConformanceCase {
  args: { format: string; catalog: string };
  messages: Record<string, unknown>[];
  expect_contains?: string[];
  expect_round_trip?: boolean;
}

conformanceSuite('current/agent/express/decompiler.yaml', (raw) => {
  const cases = raw as DecompilerCase[];
  const tally = new SuiteTally('agent/express/decompiler.yaml', cases.length);
  for (const testCase of cases) {
    it(testCase.name, () => {
      const catalog = fixtureCatalog(testCase.args.catalog);
      const text = decompileExpress(testCase.messages, catalog);
      for (const piece of testCase.expect_contains ?? []) expect(text).toContain(piece);
      if (testCase.expect_round_trip) expect(compileExpress(text, catalog)).toEqual(testCase.messages);
      tally.pass();
    });
  }
});
