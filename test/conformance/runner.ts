/**
 * The conformance runner shared by the YAML suites (parser, streaming, validator): locating and
 * loading the suites, building a case's catalog, matching expected errors, the flatten-and-compare
 * rules for parts (see `README.md` of the conformance folder), and declared divergences.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import { isA2uiError } from '../../src/errors.js';
import { missingPrerequisite } from '../support/prerequisites.mjs';
import type { Catalog } from '../../src/catalog/model.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import type { Part } from '../../src/types.js';

/** The project's root folder. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The conformance folder: `$A2UI_CONFORMANCE_DIR` (relative to the project root), or `../shared/conformance`. */
export const CONFORMANCE_DIR = resolve(PROJECT_ROOT, process.env.A2UI_CONFORMANCE_DIR ?? '../shared/conformance');

/** The A2UI specification folder (schemas, basic catalogs, examples): `$A2UI_SPEC_DIR` or `../shared/a2ui-spec`. */
export const SPEC_DIR = resolve(PROJECT_ROOT, process.env.A2UI_SPEC_DIR ?? '../shared/a2ui-spec');

/**
 * Registers tests that read a shared folder: `register` runs inside `describe(title)` when `path`
 * exists. Otherwise (see `missingPrerequisite`) one failing test says what is missing under CI,
 * and one skipped test elsewhere.
 */
export function sharedSuite(title: string, path: string, register: () => void): void {
  if (!existsSync(path)) {
    missingSuite(title, `not found at ${path} (set A2UI_CONFORMANCE_DIR or A2UI_SPEC_DIR, or check out ../shared)`);
    return;
  }
  describe(title, register);
}

/** Registers, in place of the suite `title`, the test that reports it missing. */
function missingSuite(title: string, why: string): void {
  const { fail, message } = missingPrerequisite(title, why);
  console.log(message);
  describe(title, () => {
    if (fail) {
      it(message, () => {
        throw new Error(message);
      });
    } else it.skip(message, () => {});
  });
}

/** An expected error: a regular expression searched in the message, or category, message and details. */
export type ExpectError = string | { category: string; message?: string; details?: readonly { path: string; code: string }[] };

/** An expected part: text first, then messages (either may be absent). */
export interface ExpectedPart {
  text?: string;
  a2ui?: unknown[];
}

/** A case's `catalog` block. */
export interface CatalogSpec {
  version: string | number;
  s2c_schema?: string | object;
  catalog_schema?: string | object;
  common_types_schema?: string | object;
  custom_cuttable_keys?: string[];
  name?: string;
}

/** One step of a case (a case without `steps` is its own single step). */
export interface ConformanceStep {
  input?: string;
  payload?: unknown;
  expect?: unknown;
  expect_error?: ExpectError;
}

/** One case of a YAML suite. */
export interface ConformanceCase extends ConformanceStep {
  name: string;
  description?: string;
  action: string;
  catalog?: CatalogSpec;
  disable_validation?: boolean;
  steps?: ConformanceStep[];
}

/** Reads a JSON file named relative to the conformance folder. */
export function readConformanceJson(relativePath: string): unknown {
  return JSON.parse(readFileSync(resolve(CONFORMANCE_DIR, relativePath), 'utf8'));
}

/** Loads a suite (`agent/parser.yaml`, …); `undefined` when it is not there. */
export function loadSuite(file: string): ConformanceCase[] | undefined {
  const path = resolve(CONFORMANCE_DIR, file);
  if (!existsSync(path)) return undefined;
  return parseYaml(readFileSync(path, 'utf8')) as ConformanceCase[];
}

/**
 * Registers a suite's tests: `register` is called with its cases inside `describe(file)`. When
 * the suite is absent, it is reported missing as by {@link sharedSuite}.
 */
export function conformanceSuite(file: string, register: (cases: ConformanceCase[]) => void): void {
  const cases = loadSuite(file);
  if (cases === undefined) {
    missingSuite(file, `conformance suite not found at ${resolve(CONFORMANCE_DIR, file)} (set A2UI_CONFORMANCE_DIR)`);
    return;
  }
  describe(file, () => register(cases));
}

/** The steps of a case: its `steps`, or the case itself as one step. */
export function stepsOf(testCase: ConformanceCase): ConformanceStep[] {
  return testCase.steps ?? [testCase];
}

/** A test title for step `index` (0-based) of a case. */
export function stepTitle(testCase: ConformanceCase, index: number): string {
  return testCase.steps ? `${testCase.name} step ${index + 1}` : testCase.name;
}

function schemaOf(value: string | object | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  return (typeof value === 'string' ? readConformanceJson(value) : value) as Record<string, unknown>;
}

/**
 * The catalogs a case runs with: none without a `catalog` block, else one built from it (schema
 * paths relative to the conformance folder, `name` default `test_catalog`, `custom_cuttable_keys`
 * replacing the default cuttable keys).
 */
export function catalogsForCase(testCase: ConformanceCase): Catalog[] {
  const spec = testCase.catalog;
  if (spec === undefined) return [];
  return [
    catalogFromJsonSchema({
      version: String(spec.version) as ProtocolVersion,
      catalog: schemaOf(spec.catalog_schema) ?? {},
      s2c: schemaOf(spec.s2c_schema),
      commonTypes: schemaOf(spec.common_types_schema) ?? {},
      id: spec.name ?? 'test_catalog',
      cuttableKeys: spec.custom_cuttable_keys,
    }),
  ];
}

/** Other wordings upstream harnesses accept for a pattern containing the first string. */
const ALTERNATIVE_WORDINGS: readonly (readonly [string, string])[] = [
  ['required property', 'Field required'],
  ["'v0.9' was expected", "Input should be 'v0.9'"],
  ['is not of type', 'Input should be a valid'],
  ['Validation failed', 'Field required|Extra inputs are not permitted'],
];

function toRegExp(pattern: string): RegExp {
  // Python's leading inline flag is not JavaScript syntax.
  return pattern.startsWith('(?i)') ? new RegExp(pattern.slice(4), 'i') : new RegExp(pattern);
}

/** Whether `message` matches `pattern` (searched, not anchored) or one of its accepted alternatives. */
export function messageMatches(message: string, pattern: string): boolean {
  const patterns = [pattern, ...ALTERNATIVE_WORDINGS.filter(([p]) => pattern.includes(p)).map(([, alt]) => alt)];
  return patterns.some((p) => toRegExp(p).test(message));
}

/** Why `error` does not match `expected` (empty when it does). */
export function errorMismatches(error: unknown, expected: ExpectError): string[] {
  if (!isA2uiError(error)) return [`expected an A2uiError, got ${String(error)}`];
  const problems: string[] = [];
  const pattern = typeof expected === 'string' ? expected : expected.message;
  if (pattern !== undefined && !messageMatches(error.message, pattern)) {
    problems.push(`message ${JSON.stringify(error.message)} does not match /${pattern}/`);
  }
  if (typeof expected !== 'string') {
    if (error.category !== expected.category) {
      problems.push(`category ${error.category} is not ${expected.category} (message: ${error.message})`);
    }
    for (const detail of expected.details ?? []) {
      if (!error.details.some((d) => d.path === detail.path && d.code === detail.code)) {
        problems.push(`no detail ${JSON.stringify(detail)} among ${JSON.stringify(error.details)}`);
      }
    }
  }
  return problems;
}

/** Asserts that `error` matches `expected`. */
export function expectErrorMatches(error: unknown, expected: ExpectError): void {
  expect(errorMismatches(error, expected), 'error mismatch').toEqual([]);
}

/** Runs `fn`, asserts that it throws an error matching `expected`, and returns that error. */
export function expectThrows(fn: () => unknown, expected: ExpectError): unknown {
  let thrown: unknown;
  let threw = false;
  try {
    fn();
  } catch (error) {
    thrown = error;
    threw = true;
  }
  expect(threw, `expected an error matching ${JSON.stringify(expected)}`).toBe(true);
  expectErrorMatches(thrown, expected);
  return thrown;
}

/** A flattened part: a run of text or a list of messages. */
export type FlatPart = { text: string } | { a2ui: unknown[] };

/** Options of the part comparison. */
export interface CompareOptions {
  /** Trim each text before comparing (`parse_full` only). Default `false`. */
  trimText?: boolean;
}

/** Drops empty text and merges adjacent text and adjacent message lists. */
export function normaliseFlat(parts: readonly FlatPart[]): FlatPart[] {
  const out: FlatPart[] = [];
  for (const part of parts) {
    if ('text' in part && part.text === '') continue;
    const last = out[out.length - 1];
    if (last && 'text' in last && 'text' in part) out[out.length - 1] = { text: last.text + part.text };
    else if (last && 'a2ui' in last && 'a2ui' in part) out[out.length - 1] = { a2ui: [...last.a2ui, ...part.a2ui] };
    else out.push('text' in part ? { text: part.text } : { a2ui: [...part.a2ui] });
  }
  return out;
}

/** Flattens expected parts (`{text?, a2ui?}`: text first, then messages). */
export function flattenExpected(parts: readonly ExpectedPart[], options: CompareOptions = {}): FlatPart[] {
  const flat: FlatPart[] = [];
  for (const part of parts) {
    if (part.text !== undefined) flat.push({ text: options.trimText ? part.text.trim() : part.text });
    if (part.a2ui !== undefined) flat.push({ a2ui: part.a2ui });
  }
  return normaliseFlat(flat);
}

/** Flattens our parts; an error part fails the comparison (errors are expected by `expect_error`). */
export function flattenActual(parts: readonly Part[], options: CompareOptions = {}): FlatPart[] {
  const flat: FlatPart[] = parts.map((part) => {
    if (part.type === 'error') throw new Error(`unexpected error part: ${part.error.message}`);
    if (part.type === 'text') return { text: options.trimText ? part.text.trim() : part.text };
    return { a2ui: part.messages };
  });
  return normaliseFlat(flat);
}

/**
 * A behaviour where this project deliberately differs from the suite, declared per case (all its
 * steps) or per step. With a hook, the step is compared after the hook has removed or rewritten
 * the divergent part on both sides, so everything else is still checked. Without a hook, the
 * step's comparison must fail (an expected failure); once it passes, the declaration is stale.
 */
export interface Divergence {
  /** Why the project diverges (shown in the test title). */
  reason: string;
  /** Messages to remove from both sides before comparing; message lists left empty disappear. */
  dropMessage?: (message: unknown) => boolean;
  /** Rewrites our flattened parts before comparing. */
  transformActual?: (parts: FlatPart[]) => FlatPart[];
  /** Rewrites the expected flattened parts before comparing. */
  transformExpected?: (parts: FlatPart[]) => FlatPart[];
}

/** Divergences keyed by case name (every step) or `"<case name>#<step number, 1-based>"`. */
export type Divergences = Readonly<Record<string, Divergence>>;

/** The divergence declared for step `index` (0-based) of a case, if any. */
export function divergenceFor(divergences: Divergences, testCase: ConformanceCase, index: number): Divergence | undefined {
  return divergences[`${testCase.name}#${index + 1}`] ?? divergences[testCase.name];
}

function hasHook(divergence: Divergence): boolean {
  return divergence.dropMessage !== undefined || divergence.transformActual !== undefined || divergence.transformExpected !== undefined;
}

function dropMessages(parts: readonly FlatPart[], drop: (message: unknown) => boolean): FlatPart[] {
  const kept: FlatPart[] = [];
  for (const part of parts) {
    if ('text' in part) kept.push(part);
    else {
      const messages = part.a2ui.filter((m) => !drop(m));
      if (messages.length > 0) kept.push({ a2ui: messages });
    }
  }
  return normaliseFlat(kept);
}

/**
 * Compares our parts with expected parts by the suite's rules: flatten both sides, drop empty
 * text, merge adjacent runs, then deep equality (object key order ignored, array order kept).
 * A divergence is applied as described at {@link Divergence}.
 */
export function expectParts(actual: readonly Part[], expected: readonly ExpectedPart[], options: CompareOptions & { divergence?: Divergence } = {}): void {
  let ours = flattenActual(actual, options);
  let theirs = flattenExpected(expected, options);
  const divergence = options.divergence;
  if (divergence === undefined) {
    expect(ours).toEqual(theirs);
    return;
  }
  if (!hasHook(divergence)) {
    expect(ours, `divergence "${divergence.reason}" no longer diverges`).not.toEqual(theirs);
    return;
  }
  if (divergence.dropMessage) {
    ours = dropMessages(ours, divergence.dropMessage);
    theirs = dropMessages(theirs, divergence.dropMessage);
  }
  if (divergence.transformActual) ours = normaliseFlat(divergence.transformActual(ours));
  if (divergence.transformExpected) theirs = normaliseFlat(divergence.transformExpected(theirs));
  expect(ours).toEqual(theirs);
}
