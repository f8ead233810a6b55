/**
 * What the agent-side runners share: the dispatch of a case to its action (an action the table
 * does not know fails the case), the check for keys a runner does not read, the examples loader of `a2ui-stream/node` on case paths, and the
 * README's whitespace-free substring rule.
 */
import { isAbsolute, resolve } from 'node:path';
import { expect } from 'vitest';
import type { Example } from '../../src/agent/index.js';
import type { Catalog } from '../../src/index.js';
import { loadExamples } from '../../src/node/index.js';
import { CONFORMANCE_DIR, type ConformanceCase } from './runner.js';

/** A case handler per action. */
export type Actions = Readonly<Record<string, (testCase: ConformanceCase) => void | Promise<void>>>;

/** Runs the handler of the case's action; an unknown action fails (never passes silently). */
export async function dispatch(actions: Actions, testCase: ConformanceCase): Promise<void> {
  const run = Object.hasOwn(actions, testCase.action) ? actions[testCase.action] : undefined;
  if (run === undefined) {
    throw new Error(`unknown action '${testCase.action}' in case ${testCase.name}: the runner has no handler for it`);
  }
  await run(testCase);
}

/** `loadExamples` of `a2ui-stream/node` on a path relative to the conformance folder (`null`: no path). */
export function loadCaseExamples(path: string | null | undefined, options: { catalog?: Catalog; validate?: boolean } = {}): Promise<Example[]> {
  return loadExamples(path === null || path === undefined || isAbsolute(path) ? path : resolve(CONFORMANCE_DIR, path), options);
}

/**
 * Fails on keys of `value` that the runner does not read: an unknown expectation (or argument)
 * would otherwise be ignored, and its case pass without checking it.
 */
export function expectKnownKeys(value: object, known: readonly string[], where: string): void {
  expect(
    Object.keys(value).filter((key) => !known.includes(key)),
    `${where}: keys this runner does not read`,
  ).toEqual([]);
}

/** The README's comparison for prompts: every whitespace character removed on both sides, then a substring. */
export function expectContainsIgnoringWhitespace(text: string, expected: readonly string[]): void {
  const squeezed = text.replace(/\s+/g, '');
  for (const entry of expected) expect(squeezed, `prompt contains ${JSON.stringify(entry)}`).toContain(entry.replace(/\s+/g, ''));
}
