/**
 * The older Express suites, `current/inference_formats/express/{compile,decompile,examples}.yaml`
 * and `inference_formats/round_trip.yaml`, which record what August Python does. We follow the
 * spec-driven `agent/express` family; where this one differs, the case is listed below with the
 * reason and must still differ (a stale entry fails). Two differences are normalised on both
 * sides and listed once: IC's v1.0 `createSurface` has no `catalogId` (AC and the v1.0 schema
 * require one), IC writes `Event` without a context as `context: {}` (AC leaves it out), and IC
 * lists `root` first where AC keeps first-assignment order (components are compared by id).
 * IC's error category `CompileError` is compared as "an A2uiError" (AC: ParseError or
 * ValidationError).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { compileExpress, decompileExpress } from '../../src/express/index.js';
import { basicCatalog, catalogFromJsonSchema, isA2uiError, type A2uiMessage, type Catalog } from '../../src/index.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { SuiteTally } from './express-support.js';
import { SPEC_DIR, conformanceSuite, type ConformanceCase } from './runner.js';

type Json = Record<string, unknown>;

interface IfCase extends ConformanceCase {
  version?: string;
  surface_id?: string;
  input_file?: string;
  expect_file?: string;
  expect_contains?: string[];
}

const AUGUST = 'PY (August) behaviour that AC replaced';

/** Cases whose expected output this project does not produce, with the reason. */
const DIVERGENCES: Readonly<Record<string, string>> = {
  test_compile_standalone_function_call: `${AUGUST}: a bare callFunction with no id; AC compiles callRendererFunction with call_<n> and the catalog id`,
  test_compile_inline_component: `${AUGUST}: inline ids _inline_N appended at the end; AC uses <parent>_<prop>[_<i>] right after the parent`,
  test_compile_flexible_hybrid_nesting: `${AUGUST}: inline ids _inline_N appended at the end; AC uses <parent>_<prop>[_<i>] right after the parent`,
  test_compile_fallback_function: `${AUGUST}: an unknown function kept as {call, args: [list]}; AC makes it a ValidationError`,
  test_compile_error_undefined_root: `${AUGUST}: a block without root is an error; AC (newer case) compiles it to updateComponents`,
  test_compile_skipped_and_omitted_arguments: `${AUGUST}: a Button without its required action compiles; AC makes a missing required property a ValidationError`,
  test_compile_comments: `${AUGUST}: Button("Submit") passes the string through as a child id and skips the required action; AC: a child is a component, a missing required property a ValidationError`,
  test_compile_semicolons: `${AUGUST}: a string literal passed through as a child id (Button("Click Me")); AC: a child is a component (variable or inline)`,
  test_compile_trailing_commas: `${AUGUST}: a string literal passed through as a child id (Button("Label", …)); AC: a child is a component (variable or inline)`,
  test_compile_keyword_arguments: `${AUGUST}: inline ids _inline_N; AC uses <parent>_<prop>`,
  test_decompile_string_quotes_and_escapes: `${AUGUST}: a quote written with triple quotes; AD (test_decompile_express_escapes_a_quote_in_a_string) asks for \\" escapes`,
  test_compile_example_31_incremental_dashboard:
    'the .a2ui file holds only the last increment of the example (a block without root), the golden JSON the whole sequence',
  test_compile_surface_directive: 'IC names a catalog id no active catalog has; AC/DART make an unknown catalog in surface(…) a ValidationError',
};

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

let august: Catalog | undefined;
/** The August v1.0 basic catalog, with its documents (the one IC was written against). */
function augustV10(): Catalog {
  august ??= catalogFromJsonSchema({
    version: '1.0',
    catalog: readJson(resolve(SPEC_DIR, 'v1_0/catalogs/basic/catalog.json')) as Json,
    s2c: readJson(resolve(SPEC_DIR, 'v1_0/json/agent_to_renderer.json')) as Json,
    commonTypes: readJson(resolve(SPEC_DIR, 'v1_0/json/common_types.json')) as Json,
  });
  return august;
}

function catalogFor(testCase: IfCase): Catalog {
  if (testCase.version === 'v0.9') return basicCatalog('0.9');
  if (testCase.version === 'v0.9.1') return basicCatalog('0.9.1');
  return augustV10();
}

/** The two listed differences, normalised on both sides. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value as Json)) {
    if (key === 'context' && typeof item === 'object' && item !== null && Object.keys(item).length === 0) continue;
    out[key] = normalise(item);
  }
  const create = out.createSurface as Json | undefined;
  if (out.version === 'v1.0' && create !== undefined) {
    const { catalogId: _dropped, ...rest } = create;
    out.createSurface = rest;
  }
  const components = (out.createSurface as Json | undefined)?.components;
  if (Array.isArray(components)) components.sort((a, b) => String((a as Json).id).localeCompare(String((b as Json).id)));
  return out;
}

function surfaces(messages: readonly unknown[]) {
  return finalState(applyMessages(new Map(), messages as A2uiMessage[]));
}

/** Runs a case: `true` when it passes as the suite states it (after the listed normalisations). */
function runCase(testCase: IfCase): boolean {
  const catalog = catalogFor(testCase);
  if (testCase.action === 'decompile') {
    const input = (testCase as { input?: unknown }).input;
    const text = decompileExpress(Array.isArray(input) ? input : [input], catalog);
    return (testCase.expect_contains ?? []).every((piece) => text.includes(piece));
  }
  if (testCase.action === 'round_trip') {
    const input =
      testCase.input_file === undefined
        ? (testCase as { input?: unknown }).input
        : readJson(resolve(SPEC_DIR, testCase.input_file.replace('specification/', '')));
    const messages = (Array.isArray(input) ? input : ((input as { messages?: unknown[] }).messages ?? [input])) as Json[];
    const text = decompileExpress(messages, catalog, testCase.surface_id === undefined ? {} : { defaultSurfaceId: testCase.surface_id });
    const back = compileExpress(text, catalog, testCase.surface_id === undefined ? {} : { defaultSurfaceId: testCase.surface_id });
    return JSON.stringify(sortKeys(surfaces(back))) === JSON.stringify(sortKeys(surfaces(messages)));
  }
  const input =
    testCase.input_file === undefined
      ? (testCase.input ?? '')
      : readFileSync(resolve(SPEC_DIR, 'current', testCase.input_file.replace('specification/', '')), 'utf8');
  if (testCase.expect_error !== undefined) {
    try {
      compileExpress(input, catalog, { defaultSurfaceId: testCase.surface_id ?? 'main' });
    } catch (error) {
      return isA2uiError(error);
    }
    return false;
  }
  if (testCase.expect_file !== undefined) {
    const golden = readJson(resolve(SPEC_DIR, testCase.expect_file.replace('specification/', ''))) as { messages: Json[] };
    const surfaceId = String((golden.messages[0]?.createSurface as Json | undefined)?.surfaceId ?? 'main');
    const ours = compileExpress(input, catalog, { defaultSurfaceId: surfaceId });
    return JSON.stringify(sortKeys(normalise(surfaces(ours)))) === JSON.stringify(sortKeys(normalise(surfaces(golden.messages))));
  }
  const ours = compileExpress(input, catalog, { defaultSurfaceId: testCase.surface_id ?? 'main' });
  expect(normalise(ours)).toBeDefined();
  return JSON.stringify(sortKeys(normalise(ours))) === JSON.stringify(sortKeys(normalise(testCase.expect)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Json)[k])]),
  );
}

for (const file of ['express/compile.yaml', 'express/decompile.yaml', 'express/examples.yaml', 'round_trip.yaml']) {
  conformanceSuite(`current/inference_formats/${file}`, (raw) => {
    const cases = raw as IfCase[];
    const tally = new SuiteTally(`inference_formats/${file}`, cases.length);
    for (const testCase of cases) {
      const reason = DIVERGENCES[testCase.name];
      it(reason === undefined ? testCase.name : `${testCase.name} (diverges: ${reason})`, () => {
        let passed: boolean;
        try {
          passed = runCase(testCase);
        } catch (error) {
          if (!isA2uiError(error)) throw error;
          passed = false;
        }
        if (reason === undefined) {
          expect(passed, 'the case fails and is not listed as a divergence').toBe(true);
          tally.pass();
        } else {
          expect(passed, `listed divergence no longer diverges: ${reason}`).toBe(false);
          tally.diverge(testCase.name, reason);
        }
      });
    }
  });
}
