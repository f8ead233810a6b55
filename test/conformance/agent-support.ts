/**
 * What the agent-side runners share: the dispatch of a case to its action (an action the table
 * does not know fails the case), the examples loader of `a2ui-stream/node` (a failure naming what
 * is missing while it is not there), and the README's whitespace-free substring rule.
 */
import { resolve } from 'node:path';
import { expect } from 'vitest';
import type { Example } from '../../src/agent/index.js';
import * as node from '../../src/node/index.js';
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

type LoadExamples = (path: string, options?: { catalog?: unknown; validate?: boolean }) => Promise<Example[]>;

/**
 * `loadExamples` of `a2ui-stream/node` on a path relative to the conformance folder (`null`: no
 * path, so none). Throws when the Node entry does not export it yet.
 */
export async function loadCaseExamples(path: string | null | undefined, options: { catalog?: unknown; validate?: boolean } = {}): Promise<Example[]> {
  const load = (node as Record<string, unknown>).loadExamples as LoadExamples | undefined;
  if (typeof load !== 'function') {
    throw new Error('loadExamples is not exported by src/node/index.ts yet (written on branch a2a21): the load cases cannot run');
  }
  if (path === null || path === undefined || path === '') return [];
  return load(path.startsWith('/') ? path : resolve(CONFORMANCE_DIR, path), options);
}

/** The README's comparison for prompts: every whitespace character removed on both sides, then a substring. */
export function expectContainsIgnoringWhitespace(text: string, expected: readonly string[]): void {
  const squeezed = text.replace(/\s+/g, '');
  for (const entry of expected) expect(squeezed, `prompt contains ${JSON.stringify(entry)}`).toContain(entry.replace(/\s+/g, ''));
}
