/**
 * `extensions/a2a/a2a_integration.yaml` through `a2ui-stream/a2a`, read as the suite's README says
 * (the Kotlin harness's reading for `try_activate_extension` and `handle_rpc`). An action this
 * runner does not know fails its case.
 */
import { expect, it } from 'vitest';
import { a2uiDataPart, a2uiExtension, activateA2ui, isA2uiPart, newestA2uiExtension, replyToA2aParts, type A2aPart } from '../../src/a2a/index.js';
import type { A2uiMessage } from '../../src/index.js';
import { conformanceSuite } from './runner.js';

interface A2aCase {
  name: string;
  action: string;
  args: Record<string, unknown>;
  expect: unknown;
}

interface ExpectedPart {
  kind: string;
  text?: string;
  mimeType?: string;
  data?: unknown;
}

/** Our part in the suite's flat form (`mimeType` beside `data`). */
function flat(part: A2aPart): ExpectedPart {
  if (part.kind === 'text') return { kind: 'text', text: part.text };
  return { kind: 'data', mimeType: part.metadata.mimeType, data: part.data };
}

const V08 = 'https://a2ui.org/a2a-extension/a2ui/v0.8';

const ACTIONS: Record<string, (args: Record<string, unknown>, expected: unknown) => void> = {
  create_a2ui_part(args, expected) {
    const part = a2uiDataPart(args.data as A2uiMessage, args.version === undefined ? {} : { version: args.version as string });
    expect(isA2uiPart(part)).toBe(true);
    expect(part.metadata.mimeType).toBe((expected as { mime_type: string }).mime_type);
  },
  is_a2ui_part(args, expected) {
    expect(isA2uiPart({ kind: 'data', data: {}, metadata: { mimeType: args.mime_type } })).toBe(expected);
  },
  get_extension(args, expected) {
    const extension = a2uiExtension({
      version: args.version as string,
      acceptsInlineCatalogs: args.accepts_inline_catalogs as boolean | undefined,
      supportedCatalogIds: args.supported_catalog_ids as string[] | undefined,
    });
    const { uri, params } = expected as { uri: string; params: unknown };
    expect(extension.uri).toBe(uri);
    if (params === null) expect(extension.params ?? null).toBeNull();
    else expect(extension.params).toEqual(params);
  },
  try_activate(args, expected) {
    const activated: string[] = [];
    const version = activateA2ui(args.requested as string[], args.advertised as string[], (uri) => activated.push(uri));
    const want = expected as { activated: string | null; version?: string };
    if (want.activated === null) {
      expect(version).toBeUndefined();
      expect(activated).toEqual([]);
    } else {
      expect(activated).toEqual([want.activated]);
      expect(version).toBe(want.version);
    }
  },
  select_newest(args, expected) {
    const newest = newestA2uiExtension(args.requested as string[], args.advertised as string[]);
    expect(newest ?? null).toBe((expected as { newest: string | null }).newest);
  },
  try_activate_extension(args, expected) {
    const activated: string[] = [];
    const version = activateA2ui(args.uris as string[], [V08], (uri) => activated.push(uri));
    expect(version !== undefined).toBe(expected);
    expect(activated).toEqual(expected === true ? [V08] : []);
  },
  handle_rpc(args, expected) {
    // The JSON-RPC request is context (README): the reply handler converts the runner's output.
    const parts = replyToA2aParts(args.runner_output as string);
    expect(parts.map(flat)).toEqual((expected as { parts: ExpectedPart[] }).parts);
  },
};

conformanceSuite('extensions/a2a/a2a_integration.yaml', (all) => {
  const cases = all as unknown as A2aCase[];
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  for (const testCase of cases) {
    it(`${testCase.name} (${testCase.action})`, () => {
      const run = ACTIONS[testCase.action];
      if (run === undefined) throw new Error(`unknown action ${testCase.action}: this runner does not know it`);
      run(testCase.args ?? {}, testCase.expect);
    });
  }
});
