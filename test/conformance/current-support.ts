/**
 * What the runners of upstream's current suites (`current/…`, after 2026-08-17) share: their
 * case format (`expectError`, `catalog.protocolVersion`, `catalogPaths`, `catalogs`, `steps` with
 * `payload`/`messages`), the catalogs a case names, and the verdict of `validateMessages`.
 */
import * as v from 'valibot';
import { it } from 'vitest';
import { basicCatalog, basicCatalogV10Current, catalogFromJsonSchema, defineCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { isA2uiError, type A2uiError } from '../../src/errors.js';
import { validateMessages, type ValidateOptions } from '../../src/validate/index.js';
import { loadSuite, messageMatches, readConformanceJson, SPEC_DIR } from './runner.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** An expected error of the current suites: a pattern, or category, message, code and details. */
export type CurrentExpectError = string | { category: string; message?: string; code?: string; details?: readonly { path: string; code: string }[] };

/** One step of a current core case. */
export interface CurrentStep {
  payload?: unknown;
  messages?: unknown;
  expect?: unknown;
  expectError?: CurrentExpectError;
}

/** One case of a current core suite. */
export interface CurrentCase extends CurrentStep {
  name: string;
  action: string;
  protocolVersion?: string;
  strictMode?: boolean;
  catalogPaths?: string[];
  catalog?: Record<string, unknown>;
  catalogs?: Record<string, unknown>[];
  args?: Record<string, unknown>;
  steps?: CurrentStep[];
}

/**
 * How the case is judged after a listed divergence: its messages rewritten (the divergent part
 * removed), or only the error category compared (the wording differs). Everything else is still
 * checked and must pass.
 */
export interface DivergenceHook {
  readonly rewrite?: (messages: unknown[]) => unknown[];
  readonly categoryOnly?: boolean;
  /** The category expected where the case gives only a message pattern (our wording differs). */
  readonly category?: string;
  /** Orphans and dangling references accepted (references the validator cannot see). */
  readonly lenientGraph?: boolean;
  /**
   * Streaming: compare, after each step, what a renderer applying each side's messages in turn
   * holds (components by id, data model), not the messages themselves.
   */
  readonly appliedState?: boolean;
  /** Streaming: each step's input (and the whole, for single-shot reads) as read, given the case's first catalog id. */
  readonly input?: (text: string, catalogId: string) => string;
}

/**
 * How this project judges a case it does not simply pass: out of scope for a reader of model
 * output, or a divergence (with a hook: judged after it; without: it must still fail).
 */
export type Verdict = { out: string } | { diverge: string; hook?: DivergenceHook };

/** Loads a suite of `current/`; `undefined` when absent. */
export function loadCurrentSuite(file: string): CurrentCase[] | undefined {
  return loadSuite(`current/${file}`) as unknown as CurrentCase[] | undefined;
}

/** The id upstream's harness gives the basic catalog in its small cases. */
const BASIC_ALIAS = 'basic';

/** A catalog under another id (catalogs are plain objects). */
function withId(catalog: Catalog, id: string): Catalog {
  return id === catalog.id ? catalog : { ...catalog, id };
}

/**
 * An inline catalog of a case: components, functions and theme as JSON Schema, in the current
 * dialect for v1.0. `fallback`: the case's version when the catalog names none.
 */
function inlineCatalog(spec: Record<string, unknown>, fallback: string): Catalog {
  const version = String(spec.protocolVersion ?? fallback).replace(/^v/, '');
  const catalog = {
    catalogId: spec.catalogId,
    components: spec.components ?? {},
    functions: spec.functions ?? {},
    ...(spec.theme === undefined ? {} : { theme: spec.theme }),
  };
  if (version === '0.9' || version === '0.9.1') return catalogFromJsonSchema({ version, catalog });
  // Another protocol version still: only its version matters (resolveCatalogs rejects the mix).
  if (version !== '1.0') return defineCatalog({ id: String(spec.catalogId), version: '0.8', components: {} });
  return catalogFromJsonSchema({ version: '1.0', dialect: 'current', catalog });
}

/** The protocol version a case runs under: its own, its catalog's, else its first message's. */
function caseVersion(testCase: CurrentCase): string {
  const first = stepMessages(currentSteps(testCase)[0] ?? {})[0] as { version?: unknown } | undefined;
  const version = testCase.protocolVersion ?? testCase.catalog?.protocolVersion ?? first?.version ?? 'v1.0';
  return String(version);
}

/**
 * A `catalogSchema` of the composition suite: types with only `allowedParents`/`allowedChildren`
 * (no properties), so references are read by the conventional names `child` and `children`.
 */
function compositionCatalog(spec: Record<string, unknown>): Catalog {
  const components: Record<string, unknown> = {};
  for (const [name, def] of Object.entries((spec.components ?? {}) as Record<string, Record<string, unknown>>)) {
    components[name] = {
      schema: v.looseObject({ id: v.string(), component: v.literal(name) }),
      refs: { single: ['child'], list: ['children'] },
      ...(def.allowedParents === undefined ? {} : { allowedParents: def.allowedParents }),
      ...(def.allowedChildren === undefined ? {} : { allowedChildren: def.allowedChildren }),
    };
  }
  return defineCatalog({ id: String(spec.catalogId), version: '1.0', dialect: 'current', components: components as never });
}

/** The current basic catalog compiled from upstream's document with the library's current common types. */
export function currentBasicFromDocument(): Catalog {
  const document = JSON.parse(readFileSync(resolve(SPEC_DIR, 'current/catalogs/basic/v1/catalog.json'), 'utf8')) as Record<string, unknown>;
  return catalogFromJsonSchema({ version: '1.0', dialect: 'current', catalog: document });
}

/**
 * The catalogs a case runs with, the first being the default: `catalogPaths` (upstream's basic
 * catalog, under the id its document declares), `catalogs` and `catalog` (inline; a `catalog`
 * with no components is the basic catalog under the harness's alias `basic`), `catalogSchema`.
 * `basic` is always there too, as upstream's harness registers it.
 */
export function currentCatalogs(testCase: CurrentCase, current: Catalog = basicCatalogV10Current()): Catalog[] {
  const version = caseVersion(testCase);
  const basic = version.startsWith('v0.9') ? basicCatalog(version === 'v0.9' ? '0.9' : '0.9.1') : current;
  const out: Catalog[] = [];
  for (const path of testCase.catalogPaths ?? []) {
    const id = (readConformanceJson(`../a2ui-spec/current/${path}`) as { catalogId?: unknown }).catalogId;
    out.push(withId(basic, typeof id === 'string' ? id : basic.id));
  }
  for (const spec of testCase.catalogs ?? []) out.push(inlineCatalog(spec, version));
  const spec = testCase.catalog;
  if (spec !== undefined) {
    if (spec.catalogSchema !== undefined) out.push(compositionCatalog(spec.catalogSchema as Record<string, unknown>));
    else if (spec.components !== undefined || spec.theme !== undefined) out.push(inlineCatalog(spec, version));
  }
  if (!out.some((catalog) => catalog.id === BASIC_ALIAS)) out.push(withId(basic, BASIC_ALIAS));
  return out;
}

/** The steps of a case: its `steps`, or itself as one step. */
export function currentSteps(testCase: CurrentCase): CurrentStep[] {
  return testCase.steps ?? [testCase];
}

/** A step's messages as a list (a `{messages: [...]}` wrapper unwrapped). */
export function stepMessages(step: CurrentStep): unknown[] {
  const raw = step.payload ?? step.messages ?? [];
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'object' && raw !== null && Array.isArray((raw as { messages?: unknown }).messages)) {
    return (raw as { messages: unknown[] }).messages;
  }
  return [raw];
}

/** `validateMessages` on one step: the error it throws, or `undefined`. */
export function verdictOf(messages: unknown[], catalogs: Catalog[], strictMode: boolean | undefined): A2uiError | undefined {
  const options: ValidateOptions = strictMode === false ? { allowOrphans: true, allowDangling: true } : {};
  try {
    validateMessages(messages, catalogs, options);
    return undefined;
  } catch (error) {
    if (isA2uiError(error)) return error;
    throw error;
  }
}

/** Why `error` does not match `expected` (empty: it does); `categoryOnly`: the category alone. */
export function currentMismatches(error: A2uiError | undefined, expected: CurrentExpectError | undefined, categoryOnly = false): string[] {
  if (categoryOnly && expected !== undefined) {
    const category = typeof expected === 'string' ? undefined : expected.category;
    if (error === undefined) return [`expected ${JSON.stringify(expected)}, got no error`];
    return category === undefined || error.category === category ? [] : [`category ${error.category} is not ${category} (${error.message})`];
  }
  if (expected === undefined) return error === undefined ? [] : [`unexpected ${error.category}: ${error.message}`];
  if (error === undefined) return [`expected ${JSON.stringify(expected)}, got no error`];
  const problems: string[] = [];
  const pattern = typeof expected === 'string' ? expected : expected.message;
  if (pattern !== undefined && !messageMatches(error.message, pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))) {
    problems.push(`message ${JSON.stringify(error.message)} does not contain ${JSON.stringify(pattern)}`);
  }
  if (typeof expected !== 'string') {
    if (error.category !== expected.category) problems.push(`category ${error.category} is not ${expected.category} (${error.message})`);
    if (expected.code !== undefined && !error.details.some((d) => sameCode(d.code, expected.code))) {
      problems.push(`no detail with code ${expected.code} among ${JSON.stringify(error.details)}`);
    }
    for (const item of expected.details ?? []) {
      if (!error.details.some((d) => sameCode(d.code, item.code) && (d.path === item.path || d.path.endsWith(`.${item.path}`)))) {
        problems.push(`no detail ${JSON.stringify(item)} among ${JSON.stringify(error.details)}`);
      }
    }
  }
  return problems;
}

/**
 * Registers a case's test by its verdict: out of scope (skipped, with the reason in the title),
 * a divergence (`judge` must report a mismatch: once it passes, the entry is stale), or a pass.
 * `judge` returns the mismatches of the case (empty: it passes).
 */
export function registerCase(name: string, verdict: Verdict | undefined, judge: (hook?: DivergenceHook) => string[]): void {
  if (verdict !== undefined && 'out' in verdict) {
    it.skip(`${name} (out of scope: ${verdict.out})`, () => {});
    return;
  }
  if (verdict?.hook !== undefined) {
    const hook = verdict.hook;
    it(`${name} (divergence, the rest checked: ${verdict.diverge})`, () => {
      const problems = judge(hook);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    });
    return;
  }
  if (verdict !== undefined) {
    it(`${name} (divergence: ${verdict.diverge})`, () => {
      const problems = judge();
      if (problems.length === 0) throw new Error(`divergence "${verdict.diverge}" no longer diverges`);
    });
    return;
  }
  it(name, () => {
    const problems = judge();
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
}

/**
 * Whether our detail code is the suite's: `unknown_value` (a value missing from an enum, issue
 * #38) is our narrower name for what the suite codes `invalid_value`.
 */
function sameCode(ours: string, theirs: string | undefined): boolean {
  return ours === theirs || (ours === 'unknown_value' && theirs === 'invalid_value');
}
