/**
 * Upstream's current direct-JSON suites (`current/agent/direct_json/*.yaml`): response parsing
 * (`unwrap`, `wrap`, `parse_response`), compiling one block, decompiling, and streaming
 * (`parse_chunk`, through `A2uiStreamParser` with full snapshots). The catalogs are the suite's
 * test_data documents compiled in the current v1.0 dialect. Divergences, with their reasons, are
 * in `current-direct-json-verdicts.ts`.
 */
import { expect } from 'vitest';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { isA2uiError } from '../../src/errors.js';
import { fixPayload } from '../../src/json/index.js';
import { decompile, parseResponse, unwrap, wrap } from '../../src/response/index.js';
import { cleanEdges } from '../../src/response/clean.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { registerCase, type CurrentExpectError, type DivergenceHook } from './current-support.js';
import { DIRECT_JSON_VERDICTS } from './current-direct-json-verdicts.js';
import { conformanceSuite, flattenActual, flattenExpected, readConformanceJson, type ExpectedPart } from './runner.js';

interface Step {
  input?: string;
  expect?: unknown;
  expect_error?: CurrentExpectError;
}

interface DirectJsonCase extends Step {
  name: string;
  action: string;
  args?: { catalog?: string; catalogs?: string[]; progressive_keys?: string[]; wrapped?: boolean };
  parts?: { text?: string; a2ui_raw?: string }[];
  messages?: A2uiMessage[];
  steps?: Step[];
  expect_output?: string;
  expect_contains?: string[];
  expect_round_trip?: boolean;
  expect_matches_single_shot?: boolean;
}

function catalogsOf(testCase: DirectJsonCase): Catalog[] {
  const paths = testCase.args?.catalogs ?? (testCase.args?.catalog === undefined ? [] : [testCase.args.catalog]);
  return paths.map((path) =>
    catalogFromJsonSchema({
      version: '1.0',
      dialect: 'current',
      catalog: readConformanceJson(`current/${path}`) as Record<string, unknown>,
      ...(testCase.args?.progressive_keys === undefined ? {} : { cuttableKeys: testCase.args.progressive_keys }),
    }),
  );
}

/** Our raw parts in the suite's shape: text trimmed and dropped when empty, blocks cleaned. */
function unwrapped(input: string): unknown[] {
  return unwrap(input).flatMap((part): unknown[] => {
    if (part.type === 'text') {
      const text = cleanEdges(part.text);
      return text === '' ? [] : [{ text }];
    }
    return [{ a2ui_raw: cleanEdges(part.raw), ...(part.closed ? {} : { is_final: false }) }];
  });
}

function suiteParts(parts: readonly { text?: string; a2ui_raw?: string }[]) {
  return parts.map((part) => (part.text !== undefined ? { type: 'text' as const, text: part.text } : { type: 'block' as const, raw: part.a2ui_raw ?? '' }));
}

/** The error `fn` throws or the first error part it returns. */
function failureOf(fn: () => Part[]): unknown {
  try {
    return fn().find((part) => part.type === 'error')?.error;
  } catch (error) {
    return error;
  }
}

function errorProblems(error: unknown, expected: CurrentExpectError): string[] {
  if (!isA2uiError(error)) return [`expected ${JSON.stringify(expected)}, got ${String(error)}`];
  const category = typeof expected === 'string' ? undefined : expected.category;
  return category === undefined || error.category === category ? [] : [`category ${error.category} is not ${category}: ${error.message}`];
}

function compare(actual: unknown, expected: unknown): string[] {
  try {
    expect(actual).toEqual(expected);
    return [];
  } catch {
    return [`got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];
  }
}

/**
 * The surfaces a case updates without creating them: the reference reader keeps no surface state,
 * so its cases send `updateComponents` to surfaces of an earlier turn, which this parser must be
 * told about (`knownSurfaces`).
 */
function earlierSurfaces(text: string): string[] {
  const named = new Set([...text.matchAll(/["“”]surfaceId["“”]:\s*["“”]([^"“”]+)["“”]/g)].map((match) => match[1] as string));
  const created = new Set([...text.matchAll(/["“”]createSurface["“”]:\s*\{\s*["“”]surfaceId["“”]:\s*["“”]([^"“”]+)["“”]/g)].map((match) => match[1] as string));
  return [...named].filter((id) => !created.has(id));
}

function optionsOf(testCase: DirectJsonCase, text: string) {
  return { snapshots: 'full' as const, wrapped: testCase.args?.wrapped !== false, knownSurfaces: earlierSurfaces(text) };
}

type State = Record<string, { components: Record<string, unknown>; dataModel: unknown }>;

/** Applies messages as a renderer does: components replaced by id, `value` set at `path` (null deletes). */
function apply(state: State, messages: readonly unknown[]): void {
  for (const message of messages as Record<string, Record<string, unknown>>[]) {
    const body = message.createSurface ?? message.updateComponents ?? message.updateDataModel ?? message.deleteSurface;
    const id = body?.surfaceId as string;
    if (message.deleteSurface) {
      delete state[id];
      continue;
    }
    const surface = (state[id] ??= { components: {}, dataModel: {} });
    for (const component of (body?.components ?? []) as { id: string }[]) surface.components[component.id] = component;
    if (message.updateDataModel) {
      const keys = String(body?.path ?? '/')
        .split('/')
        .filter((key) => key !== '');
      if (keys.length === 0) surface.dataModel = body?.value;
      else {
        let node = surface.dataModel as Record<string, unknown>;
        for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
        if (body?.value === null) delete node[keys[keys.length - 1] as string];
        else node[keys[keys.length - 1] as string] = structuredClone(body?.value);
      }
    }
  }
}

const messagesOf = (parts: readonly { a2ui?: unknown[] }[]) => parts.flatMap((part) => part.a2ui ?? []);

function streamProblems(testCase: DirectJsonCase, catalogs: Catalog[], hook?: DivergenceHook): string[] {
  const ours: State = {};
  const theirs: State = {};
  const read = (text: string) => (hook?.input === undefined ? text : hook.input(text, (catalogs[0] as Catalog).id));
  const original = (testCase.steps ?? []).map((step) => step.input ?? '').join('');
  const whole = read(original);
  // The surfaces the case updates without creating them are those of its own text.
  const parser = new A2uiStreamParser(catalogs, optionsOf(testCase, original));
  const steps = testCase.steps ?? [];
  const problems: string[] = [];
  const streamed: Part[] = [];
  steps.forEach((step, index) => {
    const parts = [...parser.push(read(step.input ?? '')), ...(index === steps.length - 1 ? parser.end() : [])];
    streamed.push(...parts);
    if (step.expect_error !== undefined) {
      problems.push(...errorProblems(parts.find((part) => part.type === 'error')?.error, step.expect_error).map((p) => `step ${index + 1}: ${p}`));
      return;
    }
    const errors = parts.filter((part) => part.type === 'error');
    if (errors.length > 0) {
      problems.push(`step ${index + 1}: error parts ${errors.map((part) => (part.type === 'error' ? part.error.message : '')).join('; ')}`);
      return;
    }
    const actual = flattenActual(parts.map((part) => (part.type === 'text' ? { ...part, text: part.text.trim() } : part)));
    const expected = flattenExpected((step.expect ?? []) as ExpectedPart[], { trimText: true });
    if (hook?.appliedState === true) {
      apply(ours, messagesOf(actual as { a2ui?: unknown[] }[]));
      apply(theirs, messagesOf(expected as { a2ui?: unknown[] }[]));
      problems.push(...compare(ours, theirs).map((p) => `step ${index + 1} (applied): ${p}`));
      // The text is still compared as it comes.
      const text = (flat: unknown[]) => flat.filter((part) => 'text' in (part as object));
      problems.push(...compare(text(actual), text(expected)).map((p) => `step ${index + 1}: ${p}`));
      return;
    }
    problems.push(...compare(actual, expected).map((p) => `step ${index + 1}: ${p}`));
  });
  if (testCase.expect_matches_single_shot === true && problems.length === 0) {
    // Joining the chunks and reading them in one call gives the parts the steps gave between them.
    const once = new A2uiStreamParser(catalogs, optionsOf(testCase, original));
    const trimmed = (parts: Part[]) => flattenActual(parts.map((part) => (part.type === 'text' ? { ...part, text: part.text.trim() } : part)));
    problems.push(...compare(trimmed([...once.push(whole), ...once.end()]), trimmed(streamed)).map((p) => `single shot: ${p}`));
  }
  return problems;
}

function judge(testCase: DirectJsonCase, hook?: DivergenceHook): string[] {
  const catalogs = catalogsOf(testCase);
  const input = testCase.input ?? '';
  switch (testCase.action) {
    case 'unwrap':
      return compare(unwrapped(input), testCase.expect);
    case 'wrap': {
      const written = wrap(suiteParts(testCase.parts ?? []));
      const problems: string[] = [];
      if (testCase.expect_output !== undefined) problems.push(...compare(written, testCase.expect_output));
      for (const piece of testCase.expect_contains ?? []) if (!written.includes(piece)) problems.push(`output lacks ${piece}`);
      if (testCase.expect_round_trip === true) problems.push(...compare(unwrapped(written), testCase.parts));
      return problems;
    }
    case 'parse_response':
    case 'compile': {
      const wrapped = testCase.action === 'parse_response' && testCase.args?.wrapped !== false;
      const run = () => parseResponse(input, catalogs, { ...optionsOf(testCase, input), wrapped });
      if (testCase.expect_error !== undefined) return errorProblems(failureOf(run), testCase.expect_error);
      const parts = run();
      const errors = parts.filter((part) => part.type === 'error');
      if (errors.length > 0) return errors.map((part) => (part.type === 'error' ? `error part: ${part.error.message}` : ''));
      if (testCase.action === 'compile')
        return compare(
          parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : [])),
          testCase.expect,
        );
      return compare(flattenActual(parts), flattenExpected(testCase.expect as ExpectedPart[], { trimText: true }));
    }
    case 'decompile': {
      const written = decompile(testCase.messages ?? []);
      const problems = (testCase.expect_contains ?? []).filter((piece) => !written.includes(piece)).map((piece) => `output lacks ${piece}`);
      if (testCase.expect_round_trip === true) problems.push(...compare(fixPayload(written), testCase.messages));
      return problems;
    }
    case 'parse_chunk':
      return streamProblems(testCase, catalogs, hook);
    default:
      return [`unknown action ${testCase.action}`];
  }
}

for (const file of ['response_streaming', 'response_parser', 'compiler', 'decompiler']) {
  conformanceSuite(`current/agent/direct_json/${file}.yaml`, (cases) => {
    for (const testCase of cases as unknown as DirectJsonCase[]) {
      registerCase(testCase.name, DIRECT_JSON_VERDICTS[testCase.name], (hook) => judge(testCase, hook));
    }
  });
}
