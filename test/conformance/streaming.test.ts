import { expect, it } from 'vitest';
import { rethrow } from '../stream/helpers.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { webCoreV08Shown } from '../support/web-core-v08.js';
import {
  catalogsForCase,
  conformanceSuite,
  divergenceFor,
  expectParts,
  expectThrows,
  type ConformanceCase,
  type Divergences,
  type ExpectedPart,
  type FlatPart,
} from './runner.js';

/** A v0.9+ data-model message: where we deliberately differ from the reference (see README). */
const isUpdateDataModel = (message: unknown) => typeof message === 'object' && message !== null && 'updateDataModel' in message;

const DATA_MODEL_PATHS =
  'v0.9 data-model partials carry their own path instead of root-level deltas, which a spec-following renderer would apply as whole-model replacements and lose data';

const V08_PATHS =
  "v0.8 binding paths go out as the model wrote them: inside a template the v0.8 renderer reads a relative path against the item, and the reference's leading slash makes it read the data model's root";

/** The reference's v0.8 path rule (a `path` without a leading `/` gets one), applied to our parts to compare the rest. */
function withAbsolutePaths(parts: FlatPart[]): FlatPart[] {
  const absolute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(absolute);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === 'path' && typeof item === 'string' && !item.startsWith('/') ? `/${item}` : absolute(item)]),
    );
  };
  return parts.map((part) => ('a2ui' in part ? { a2ui: part.a2ui.map(absolute) } : part));
}

/**
 * Expected divergences from the reference. Each still compares everything else: the data-model
 * cases without their data-model messages (their own correctness is checked in
 * test/stream/data-model.test.ts), the v0.8 path case with the reference's rule applied to ours.
 * After each step a renderer must hold what the reference meant (see `runCase`).
 */
const DIVERGENCES: Divergences = {
  test_incremental_data_model_streaming_v09: { reason: DATA_MODEL_PATHS, dropMessage: isUpdateDataModel },
  test_sniff_partial_datamodel_with_cut_key_v09: { reason: DATA_MODEL_PATHS, dropMessage: isUpdateDataModel },
  test_v08_path_heuristic_adds_slash: { reason: V08_PATHS, transformActual: withAbsolutePaths },
};

type Model = Record<string, unknown>;

/** Applies v0.9 `updateDataModel`s as the spec says: `value` replaces what is at `path`. */
function applyAsSpecified(models: Map<string, unknown>, message: Model): void {
  const body = message.updateDataModel as Model;
  const path = typeof body.path === 'string' ? body.path : '/';
  const keys = path.split('/').filter((key) => key !== '');
  if (keys.length === 0) {
    models.set(body.surfaceId as string, body.value);
    return;
  }
  const root = (models.get(body.surfaceId as string) ?? {}) as Model;
  let node = root;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Model;
  node[keys[keys.length - 1] as string] = body.value;
  models.set(body.surfaceId as string, root);
}

/** Applies the reference's root-level deltas the way they are meant: merged into what was sent. */
function applyAsMerged(models: Map<string, unknown>, message: Model): void {
  const body = message.updateDataModel as Model;
  const merge = (into: Model, value: Model): Model => {
    for (const [key, item] of Object.entries(value)) {
      const old = into[key];
      into[key] = isModel(old) && isModel(item) ? merge({ ...old }, item) : item;
    }
    return into;
  };
  models.set(body.surfaceId as string, merge({ ...((models.get(body.surfaceId as string) ?? {}) as Model) }, body.value as Model));
}

const isModel = (value: unknown): value is Model => typeof value === 'object' && value !== null && !Array.isArray(value);

function messagesOf(parts: readonly Part[]): A2uiMessage[] {
  return parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
}

function dataModelMessages(parts: readonly unknown[]): Model[] {
  const found: Model[] = [];
  for (const part of parts as { type?: string; messages?: unknown[]; a2ui?: unknown[] }[]) {
    for (const message of part.messages ?? part.a2ui ?? []) if (isUpdateDataModel(message)) found.push(message as Model);
  }
  return found;
}

function runCase(testCase: ConformanceCase): void {
  expect(testCase.action).toBe('process_chunk');
  // The suite pins the reference's cumulative snapshots.
  const parser = new A2uiStreamParser(catalogsForCase(testCase), {
    snapshots: 'full',
    validate: testCase.disable_validation !== true,
    // The reference's placeholder is always a `Row`; our default picks another type in a catalog
    // without one (issue #19), which two cases (`test_partial_single_child_string_v09`,
    // `test_partial_template_componentId_v09`) would show.
    placeholder: 'Row',
  });
  const steps = testCase.steps ?? [testCase];
  const ours = new Map<string, unknown>();
  const theirs = new Map<string, unknown>();
  // What followed a failing block in a step that expects the error: the reference reads it with the next step.
  let carried: Part[] = [];
  // Everything sent so far, ours and the suite's, for the renderer checks of the divergences.
  const sent: { ours: A2uiMessage[]; theirs: A2uiMessage[] } = { ours: [], theirs: [] };
  steps.forEach((step, index) => {
    const parts = [...carried, ...parser.push(step.input ?? '')];
    carried = [];
    const expectError = step.expect_error ?? (index === steps.length - 1 ? testCase.expect_error : undefined);
    if (expectError !== undefined) {
      expectThrows(() => rethrow(parts), expectError);
      carried = parts.slice(parts.findIndex((part) => part.type === 'error') + 1);
      return;
    }
    const actual = rethrow(parts) as Part[];
    const divergence = divergenceFor(DIVERGENCES, testCase, index);
    expectParts(actual, (step.expect ?? []) as ExpectedPart[], { divergence });
    if (divergence?.reason === DATA_MODEL_PATHS) {
      for (const message of dataModelMessages(actual)) applyAsSpecified(ours, message);
      for (const message of dataModelMessages((step.expect ?? []) as unknown[])) applyAsMerged(theirs, message);
      // After every step, a renderer holding our updates holds the data the reference meant to send.
      expect(ours).toEqual(theirs);
    }
    if (divergence?.reason === V08_PATHS) {
      sent.ours.push(...messagesOf(actual));
      sent.theirs.push(...((step.expect ?? []) as ExpectedPart[]).flatMap((part) => (part.a2ui ?? []) as A2uiMessage[]));
      // Google's v0.8 renderer reads each binding at the same place from ours as from the reference's.
      expect(webCoreV08Shown(sent.ours)).toEqual(webCoreV08Shown(sent.theirs));
    }
  });
}

conformanceSuite('agent/streaming_parser.yaml', (cases) => {
  for (const testCase of cases) {
    const divergence = DIVERGENCES[testCase.name];
    const title = divergence ? `${testCase.name} (expected divergence: ${divergence.reason})` : testCase.name;
    it(title, () => runCase(testCase));
  }
});
