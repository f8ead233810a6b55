/**
 * `current/agent/express/response_parser.yaml` through `unwrapExpress`, `wrapExpress` and
 * `parseExpressResponse`. Our unwrap part `{type: 'block', raw, closed}` is compared as the
 * suite's `{a2ui_raw, is_final}` (`is_final` only stated when false).
 */
import { expect, it } from 'vitest';
import { parseExpressResponse, unwrapExpress, wrapExpress, type ExpressWrapPart } from '../../src/express/index.js';
import { fixtureCatalog, SuiteTally } from './express-support.js';
import { conformanceSuite, errorMismatches, type ConformanceCase } from './runner.js';

interface ResponseCase extends ConformanceCase {
  args: { format: string; catalog?: string; wrapped?: boolean };
  parts?: ({ text: string } | { a2ui_raw: string })[];
  expect_output?: string;
  expect_contains?: string[];
  expect_round_trip?: boolean;
}

function suiteParts(text: string): unknown[] {
  return unwrapExpress(text).map((part) => (part.type === 'text' ? { text: part.text } : { a2ui_raw: part.raw, ...(part.closed ? {} : { is_final: false }) }));
}

function ourParts(parts: NonNullable<ResponseCase['parts']>): ExpressWrapPart[] {
  return parts.map((p) => ('text' in p ? { type: 'text', text: p.text } : { type: 'block', raw: p.a2ui_raw }));
}

conformanceSuite('current/agent/express/response_parser.yaml', (raw) => {
  const cases = raw as ResponseCase[];
  const tally = new SuiteTally('agent/express/response_parser.yaml', cases.length);
  for (const testCase of cases) {
    it(testCase.name, () => {
      if (testCase.action === 'unwrap') {
        expect(suiteParts(testCase.input ?? '')).toEqual(testCase.expect);
      } else if (testCase.action === 'wrap') {
        const out = wrapExpress(ourParts(testCase.parts ?? []));
        if (testCase.expect_output !== undefined) expect(out).toBe(testCase.expect_output);
        for (const piece of testCase.expect_contains ?? []) expect(out).toContain(piece);
        if (testCase.expect_round_trip) expect(suiteParts(out)).toEqual(testCase.parts);
      } else {
        expect(testCase.action).toBe('parse_response');
        const catalog = fixtureCatalog(testCase.args.catalog ?? '');
        const run = () => parseExpressResponse(testCase.input ?? '', catalog, { wrapped: testCase.args.wrapped ?? true });
        if (testCase.expect_error !== undefined) {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(errorMismatches(thrown, testCase.expect_error as never)).toEqual([]);
        } else {
          const parts = run().map((p) => (p.type === 'text' ? { text: p.text } : { a2ui: p.messages }));
          expect(parts).toEqual(testCase.expect);
        }
      }
      tally.pass();
    });
  }
});
