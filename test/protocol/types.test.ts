/**
 * The message types pin what the wire carries: type tests (checked by `npm run typecheck`, which
 * covers `test/`) that the parts and messages the library emits are assignable to
 * `@a2ui/web_core`'s own message types (v0.9, and v0.8 where the standard components match), and
 * run-time tests of the guards on real parser output.
 */
import type { A2uiMessage as WebCoreMessageV09 } from '@a2ui/web_core/v0_9';
import type { ServerToClientMessage as WebCoreMessageV08 } from '@a2ui/web_core/v0_8';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  A2uiStreamParser,
  basicCatalog,
  isA2uiMessage,
  isBeginRendering,
  isCreateSurface,
  isDataModelUpdate,
  isDeleteSurface,
  isSurfaceUpdate,
  isUpdateComponents,
  isUpdateDataModel,
  isV08Message,
  isV09Message,
  isV10Message,
  parseResponse,
  type A2uiMessage,
  type A2uiMessageOf,
  type A2uiMessageV08,
  type A2uiMessageV09,
  type A2uiMessageV10,
  type A2uiPart,
  type BasicComponentV08,
  type BasicComponentV09,
  type CreateSurfaceMessageV09,
  type DeleteSurfaceMessageV08,
  type FlatComponent,
  type Part,
  type UpdateComponentsMessageV09,
} from '../../src/index.js';
import { demoResponse } from '../../src/cli/demo-response.js';

describe('the types', () => {
  it("A2uiMessage is the union of every version's messages; Part<V> holds that version's", () => {
    expectTypeOf<A2uiMessage>().toEqualTypeOf<A2uiMessageV08 | A2uiMessageV09 | A2uiMessageV10>();
    expectTypeOf<A2uiMessageOf<'0.9.1'>>().toEqualTypeOf<A2uiMessageV09>();
    expectTypeOf<Extract<Part<'0.9'>, { type: 'a2ui' }>['messages']>().toEqualTypeOf<A2uiMessageV09[]>();
    expectTypeOf<Extract<Part, { type: 'a2ui' }>>().toEqualTypeOf<A2uiPart>();
    expectTypeOf<A2uiPart<'0.8'>['messages'][number]>().toEqualTypeOf<A2uiMessageV08>();
  });

  it('v0.9 messages (any components) are web_core v0.9 messages', () => {
    expectTypeOf<A2uiMessageV09>().toExtend<WebCoreMessageV09>();
    expectTypeOf<A2uiMessageV09<BasicComponentV09>>().toExtend<WebCoreMessageV09>();
    expectTypeOf<A2uiMessageOf<'0.9'>[]>().toExtend<Parameters<import('@a2ui/web_core/v0_9').MessageProcessor<never>['processMessages']>[0]>();
    // v1.0 and v0.8 messages are not: web_core/v0_9 renders v0.9 and v0.9.1 only.
    expectTypeOf<A2uiMessageV10>().not.toExtend<WebCoreMessageV09>();
    expectTypeOf<A2uiMessage>().not.toExtend<WebCoreMessageV09>();
  });

  // (web_core's v0.8 message type has only optional keys: it takes nearly any object.)
  it('v0.8 messages, with the standard components or any, are web_core v0.8 messages', () => {
    expectTypeOf<A2uiMessageV08<BasicComponentV08>>().toExtend<WebCoreMessageV08>();
    expectTypeOf<A2uiMessageV08>().toExtend<WebCoreMessageV08>();
    expectTypeOf<DeleteSurfaceMessageV08>().toExtend<WebCoreMessageV08>();
  });

  it("a message's keys read on the union, narrow by value and by guard", () => {
    const message = {} as A2uiMessage;
    expectTypeOf(message.updateComponents?.components).toEqualTypeOf<FlatComponent[] | undefined>();
    if (message.createSurface) expectTypeOf(message.createSurface.surfaceId).toBeString();
    if (isUpdateComponents(message)) expectTypeOf(message).toExtend<UpdateComponentsMessageV09 | A2uiMessageV10>();
    const v09 = {} as A2uiMessageV09;
    if (isCreateSurface(v09)) expectTypeOf(v09).toEqualTypeOf<CreateSurfaceMessageV09>();
    if (isV09Message(message)) expectTypeOf(message).toEqualTypeOf<A2uiMessageV09>();
    // Typos in a body and missing required fields do not compile.
    // @ts-expect-error: `surfaceid` is not a field of createSurface
    const typo: A2uiMessage = { version: 'v0.9', createSurface: { surfaceid: 's', catalogId: 'c' } };
    // @ts-expect-error: v0.9 createSurface needs its catalogId
    const missing: A2uiMessage = { version: 'v0.9', createSurface: { surfaceId: 's' } };
    // @ts-expect-error: a message has one message key
    const two: A2uiMessage = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'c' }, deleteSurface: { surfaceId: 's' } };
    expect([typo, missing, two]).toHaveLength(3);
  });
});

describe('the guards on real output', () => {
  for (const version of ['0.8', '0.9', '1.0'] as const) {
    it(`v${version}: every emitted message is an A2uiMessage of its version, and one key guard holds`, () => {
      const parser = new A2uiStreamParser(basicCatalog(version));
      const text = demoResponse(version);
      const parts = [...parser.push(text), ...parser.end()];
      const messages = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
      expect(messages.length).toBeGreaterThan(3);
      const byVersion = { '0.8': isV08Message, '0.9': isV09Message, '1.0': isV10Message }[version];
      const guards = [isCreateSurface, isUpdateComponents, isUpdateDataModel, isDeleteSurface, isBeginRendering, isSurfaceUpdate, isDataModelUpdate];
      for (const message of messages) {
        expect(isA2uiMessage(message)).toBe(true);
        expect(byVersion(message)).toBe(true);
        expect(guards.filter((guard) => guard(message))).toHaveLength(1);
      }
    });
  }

  it('isA2uiMessage refuses what is not one message of one version', () => {
    const bad: unknown[] = [
      null,
      [],
      'x',
      {},
      { version: 'v0.9' },
      { a: 1 },
      { version: 'v0.9', createSurface: 'x' },
      { createSurface: { surfaceId: 's', catalogId: 'c' } }, // v0.9 keys need a version
      { version: 'v0.9', beginRendering: { surfaceId: 's', root: 'r' } }, // v0.8 keys have none
      { version: 'v0.9', callRendererFunction: { functionCallId: 'f' } }, // v1.0 only
      { version: 'v2', deleteSurface: { surfaceId: 's' } },
      { version: 'v0.9', createSurface: {}, deleteSurface: {} },
    ];
    for (const value of bad) expect(isA2uiMessage(value), JSON.stringify(value)).toBe(false);
    const good: unknown[] = [
      { deleteSurface: { surfaceId: 's' } },
      { version: 'v0.9.1', deleteSurface: { surfaceId: 's' } },
      { version: 'v1.0', callRendererFunction: { functionCallId: 'f', callFunction: { call: 'x', catalogId: 'c' } } },
      ...parseResponse(`<a2ui-json>${JSON.stringify({ beginRendering: { surfaceId: 's', root: 'r' } })}</a2ui-json>`).flatMap((p) =>
        p.type === 'a2ui' ? p.messages : [],
      ),
    ];
    for (const value of good) expect(isA2uiMessage(value), JSON.stringify(value)).toBe(true);
  });
});
