/**
 * `current/agent/express/compiler.yaml` (upstream's spec-driven Express compiler suite) through
 * `compileExpress`, whole and at every chunking of the streaming reader: each case's messages (or
 * its error category), then the same final surfaces when the reader is fed 1, 2, 3, 7, 16, 64
 * characters at a time and at random cuts.
 */
import { describe, expect, it } from 'vitest';
import { compileExpress } from '../../src/express/index.js';
import type { Catalog } from '../../src/index.js';
import { streamedEqualsWhole } from '../express/chunked.js';
import { expectPresent, fixtureCatalog, SuiteTally } from './express-support.js';
import { conformanceSuite, errorMismatches, type ConformanceCase } from './runner.js';

interface CompilerCase extends ConformanceCase {
  args: { format: string; catalog?: string; catalogs?: string[] };
  expect_present?: string[];
}

/** Cases this project answers differently, with the reason. None: every case passes as written. */
const DIVERGENCES: Readonly<Record<string, string>> = {};

function catalogsOf(testCase: CompilerCase): Catalog[] {
  const paths = testCase.args.catalogs ?? (testCase.args.catalog === undefined ? [] : [testCase.args.catalog]);
  return paths.map((path) => fixtureCatalog(path));
}

conformanceSuite('current/agent/express/compiler.yaml', (raw) => {
  const cases = raw as CompilerCase[];
  const tally = new SuiteTally('agent/express/compiler.yaml', cases.length);
  for (const testCase of cases) {
    const input = testCase.input ?? '';
    describe(testCase.name, () => {
      it('compiles whole as the case says', () => {
        const catalogs = catalogsOf(testCase);
        const reason = DIVERGENCES[testCase.name];
        if (testCase.expect_error !== undefined) {
          let thrown: unknown;
          try {
            compileExpress(input, catalogs);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected an error').toBeDefined();
          expect(errorMismatches(thrown, testCase.expect_error as never)).toEqual([]);
        } else {
          const messages = compileExpress(input, catalogs);
          if (reason !== undefined) {
            expect(messages).not.toMatchObject(testCase.expect as object);
            tally.diverge(testCase.name, reason);
            return;
          }
          expect(messages).toMatchObject(testCase.expect as object);
          if (testCase.expect_present) expectPresent(messages, testCase.expect_present);
          expectExact(messages, testCase.expect);
        }
        tally.pass();
      });
      if (testCase.expect_error === undefined) {
        it('gives the same surfaces streamed at every chunking', () => {
          streamedEqualsWhole(input, catalogsOf(testCase));
        });
      }
    });
  }
});

/** Deep equality, except where the case only asks for presence (a check's message). */
function expectExact(actual: unknown, expected: unknown): void {
  expect(stripMessages(actual)).toEqual(stripMessages(expected));
}

function stripMessages(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripMessages);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'message' && 'condition' in value) continue;
    out[key] = stripMessages(item);
  }
  return out;
}
