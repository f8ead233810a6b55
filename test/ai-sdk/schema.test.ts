/**
 * The data-part schemas: Standard Schema v1 objects without the spec package, which the three SDK
 * majors enforce on `dataPartSchemas` (ai 7 and 6 through `asSchema`; ai 5's chat through
 * `validateTypes`, its `asSchema` taking zod and JSON Schema only).
 */
import { AbstractChat as AbstractChat7, asSchema as asSchema7, type UIMessage, type UIMessageChunk } from 'ai';
import { AbstractChat as AbstractChat6, asSchema as asSchema6 } from 'ai-v6';
import { AbstractChat as AbstractChat5 } from 'ai-v5';
import { describe, expect, it } from 'vitest';
import { a2uiDataPartSchemas, a2uiDataSchema, a2uiErrorDataSchema } from '../../src/ai-sdk/index.js';

const good = { messages: [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }] };
const goodError = { category: 'ParseError', message: 'bad', details: [{ path: '', code: 'x', message: 'y' }], line: 1 };

describe('a2uiDataSchema / a2uiErrorDataSchema', () => {
  it('accept what the adapter writes and return it as the value', () => {
    expect(a2uiDataSchema['~standard'].validate(good)).toEqual({ value: good });
    expect(a2uiErrorDataSchema['~standard'].validate(goodError)).toEqual({ value: goodError });
  });

  it('reject other shapes with issues at their paths, and no value key (ai reads "value" in result)', () => {
    const result = a2uiDataSchema['~standard'].validate({ messages: [1] });
    expect(result).not.toHaveProperty('value');
    expect(result.issues).toEqual([{ message: 'Expected an A2UI message (an object)', path: ['messages', 0] }]);
    expect(a2uiDataSchema['~standard'].validate('x').issues).toHaveLength(1);
    const error = a2uiErrorDataSchema['~standard'].validate({ category: 'ParseError', message: 3, details: [{ path: '' }], line: 'one' });
    expect(error.issues?.map((issue) => issue.path)).toEqual([['message'], ['line'], ['details', 0, 'code'], ['details', 0, 'message']]);
  });

  it.each([
    ['ai 7', asSchema7],
    ['ai 6', asSchema6],
  ] as const)('%s enforces them', async (_, asSchema) => {
    type Validator = { validate: (value: unknown) => PromiseLike<{ success: boolean }> };
    const schema = asSchema(a2uiDataPartSchemas.a2ui as never) as unknown as Validator;
    expect((await schema.validate(good)).success).toBe(true);
    expect((await schema.validate({ messages: 'no' })).success).toBe(false);
    const errors = asSchema(a2uiDataPartSchemas['a2ui-error'] as never) as unknown as Validator;
    expect((await errors.validate(goodError)).success).toBe(true);
    expect((await errors.validate({})).success).toBe(false);
  });
});

/** A chat (what `useChat` builds on) whose answer holds one `data-a2ui` part with `data`; its status after it. */
async function chatStatus(Chat: typeof AbstractChat7, dataPartSchemas: Record<string, unknown>, data: unknown): Promise<string> {
  const state = {
    status: 'ready' as string,
    error: undefined,
    messages: [] as UIMessage[],
    pushMessage(m: UIMessage) {
      state.messages = [...state.messages, m];
    },
    popMessage() {
      state.messages = state.messages.slice(0, -1);
    },
    replaceMessage(i: number, m: UIMessage) {
      state.messages = state.messages.map((x, j) => (j === i ? m : x));
    },
    snapshot: <T>(value: T): T => structuredClone(value),
  };
  const chunks: UIMessageChunk[] = [{ type: 'start' }, { type: 'data-a2ui', data }, { type: 'finish' }];
  const transport = {
    sendMessages: async () =>
      new ReadableStream<UIMessageChunk>({
        start: (c) => {
          chunks.forEach((chunk) => c.enqueue(chunk));
          c.close();
        },
      }),
    reconnectToStream: async () => null,
  };
  const chat = new (Chat as unknown as new (init: object) => InstanceType<typeof AbstractChat7>)({ transport, state, dataPartSchemas, onError: () => {} });
  await chat.sendMessage({ text: 'x' });
  return chat.status;
}

describe('a chat enforces a2uiDataPartSchemas under every major', () => {
  it.each([
    ['ai 7', AbstractChat7],
    ['ai 6', AbstractChat6],
    ['ai 5', AbstractChat5],
  ] as const)('%s', async (_, AbstractChat) => {
    const Chat = AbstractChat as unknown as typeof AbstractChat7;
    expect(await chatStatus(Chat, a2uiDataPartSchemas, good)).toBe('ready');
    expect(await chatStatus(Chat, a2uiDataPartSchemas, { messages: 'bad' })).toBe('error');
  });

  it('needs both keys: ai 7 looks schemas up by name, ai 6 and 5 by the whole part type', async () => {
    const byName = { a2ui: a2uiDataSchema };
    const byType = { 'data-a2ui': a2uiDataSchema };
    expect(await chatStatus(AbstractChat7, byName, { messages: 'bad' })).toBe('error');
    expect(await chatStatus(AbstractChat7, byType, { messages: 'bad' })).toBe('ready');
    for (const AbstractChat of [AbstractChat6, AbstractChat5]) {
      const Chat = AbstractChat as unknown as typeof AbstractChat7;
      expect(await chatStatus(Chat, byType, { messages: 'bad' })).toBe('error');
      expect(await chatStatus(Chat, byName, { messages: 'bad' })).toBe('ready');
    }
  });
});
