/**
 * The types fit the SDK's own (checked by `tsc --noEmit`, which covers `test/`): a `useChat`
 * init for `A2uiUIMessage` takes `a2uiDataPartSchemas` and an `onData` that reads typed parts,
 * the transform sits between the SDK's streams, and `a2uiConvertDataPart` is a `convertDataPart`.
 */
import type { ChatInit, convertToModelMessages, toUIMessageStream, UIMessage, UIMessageChunk } from 'ai';
import { expect, expectTypeOf, it } from 'vitest';
import {
  a2uiConvertDataPart,
  a2uiDataPartSchemas,
  a2uiHistory,
  a2uiUIMessageStream,
  type A2uiData,
  type A2uiErrorData,
  type A2uiActionData,
  type A2uiUIMessage,
} from '../../src/ai-sdk/index.js';
import type { A2uiMessage as WebCoreMessage, MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog, type A2uiMessage, type A2uiMessageV09, type ProtocolVersion } from '../../src/index.js';

it('a useChat init for A2uiUIMessage takes the schemas and a typed onData', () => {
  const seen: A2uiMessage[] = [];
  const init: ChatInit<A2uiUIMessage> = {
    dataPartSchemas: a2uiDataPartSchemas,
    onData(part) {
      if (part.type === 'data-a2ui') {
        expectTypeOf(part.data).toEqualTypeOf<A2uiData>();
        seen.push(...part.data.messages);
      } else if (part.type === 'data-a2ui-error') {
        expectTypeOf(part.data).toEqualTypeOf<A2uiErrorData>();
      } else {
        expectTypeOf(part.data).toEqualTypeOf<A2uiActionData>();
      }
    },
  };
  init.onData?.({ type: 'data-a2ui', data: { messages: [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }] } });
  expect(seen).toHaveLength(1);
});

// Under ai 6 (whose UIMessage differs) the same is compiled by test/docs/readme-types.e2e.ts, in a
// project where `ai` is ai 6, as users have it.
it("A2uiUIMessage<'0.9'>: the schemas fit and onData's messages go to web_core uncast", () => {
  const apply = (messages: WebCoreMessage[]) => messages.length;
  type Process = Parameters<MessageProcessor<never>['processMessages']>[0];
  const seen: number[] = [];
  const init7: ChatInit<A2uiUIMessage<'0.9'>> = {
    dataPartSchemas: a2uiDataPartSchemas,
    onData(part) {
      if (part.type === 'data-a2ui') {
        expectTypeOf(part.data.messages).toEqualTypeOf<A2uiMessageV09[]>();
        expectTypeOf(part.data.messages).toExtend<Process>();
        seen.push(apply(structuredClone(part.data.messages)));
      }
    },
  };
  const part = { type: 'data-a2ui', data: { messages: [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }] } } as const;
  init7.onData?.(structuredClone(part) as never);
  expect(seen).toEqual([1]);
});

it("a message's parts are typed, and a2uiHistory takes A2uiUIMessages and plain UIMessages", () => {
  const message: A2uiUIMessage<ProtocolVersion, { at: number }, { note: { text: string } }> = {
    id: 'a',
    role: 'assistant',
    metadata: { at: 1 },
    parts: [
      { type: 'data-note', data: { text: 'x' } },
      { type: 'data-a2ui', data: { messages: [] } },
    ],
  };
  for (const part of message.parts) if (part.type === 'data-note') expectTypeOf(part.data.text).toBeString();
  const plain: UIMessage[] = [message as UIMessage];
  expect(a2uiHistory([message])).toEqual([]);
  expect(a2uiHistory(plain)).toEqual([]);
});

it('the transform goes after toUIMessageStream, and a2uiConvertDataPart is a convertDataPart', () => {
  type Out = ReturnType<typeof toUIMessageStream>;
  expectTypeOf<Out>().toMatchTypeOf<ReadableStream<UIMessageChunk>>();
  expectTypeOf(a2uiUIMessageStream(basicCatalog('0.9'))).toEqualTypeOf<TransformStream<UIMessageChunk, UIMessageChunk>>();
  type Options = NonNullable<Parameters<typeof convertToModelMessages<A2uiUIMessage>>[1]>;
  const options: Options = { convertDataPart: a2uiConvertDataPart };
  expect(typeof options.convertDataPart).toBe('function');
});
