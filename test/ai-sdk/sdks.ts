/**
 * The three AI SDK majors the entry is tested against (its peer range is `>=5 <8`), behind one interface: a scripted mock model
 * (text deltas per step, a tool call between steps) run through `streamText`, its UI message
 * stream, and the SDK's own client reader. Offline: the mock models stream from arrays.
 */
import * as ai7 from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as ai6 from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import * as ai5 from 'ai-v5';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { z } from 'zod';
import type { UIMessage, UIMessageChunk } from 'ai';

/** One model step: its text deltas, then optionally a tool call (which makes another step follow). */
export interface Step {
  text: string[];
  toolCall?: { id: string; input: Record<string, unknown> };
}

/** What the tests need of one SDK major. */
export interface Sdk {
  readonly name: string;
  /** The UI message chunks of `streamText` over a mock model that plays `steps`. */
  uiMessageStream(steps: readonly Step[]): ReadableStream<UIMessageChunk>;
  /**
   * The SDK's client reader: the assistant message as the client builds it, after the last chunk;
   * given `message`, the stream continues it (as `useChat` does after a tool result or approval).
   */
  finalMessage(stream: ReadableStream<UIMessageChunk>, message?: UIMessage): Promise<UIMessage>;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** Usage and finish reason as the V2 specification (ai 5) writes them. */
const v2Finish = (reason: string) => ({ type: 'finish', usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, finishReason: reason });

/**
 * The provider stream parts of one step (the V3 and V4 specifications agree on these; V2 differs
 * only in its `finish` part).
 */
function stepParts(step: Step, spec: 'v2' | 'v3' = 'v3') {
  const parts: Record<string, unknown>[] = [{ type: 'stream-start', warnings: [] }];
  // Providers number text parts per step: the same id comes back in the next step.
  if (step.text.length > 0) {
    parts.push({ type: 'text-start', id: 'txt-0' });
    for (const delta of step.text) parts.push({ type: 'text-delta', id: 'txt-0', delta });
    parts.push({ type: 'text-end', id: 'txt-0' });
  }
  if (step.toolCall) {
    parts.push({ type: 'tool-call', toolCallId: step.toolCall.id, toolName: 'lookup', input: JSON.stringify(step.toolCall.input) });
  }
  const reason = step.toolCall ? 'tool-calls' : 'stop';
  parts.push(spec === 'v2' ? v2Finish(reason) : { type: 'finish', usage, finishReason: { unified: reason, raw: reason } });
  return parts;
}

const lookupInput = z.object({ q: z.string() });

async function last<T>(iterable: AsyncIterable<T>): Promise<T> {
  let value: T | undefined;
  for await (const item of iterable) value = item;
  if (value === undefined) throw new Error('the reader produced no message');
  return value;
}

export const AI7: Sdk = {
  name: 'ai 7',
  uiMessageStream(steps) {
    const model = new MockLanguageModelV4({
      doStream: steps.map((step) => ({ stream: ai7.simulateReadableStream({ chunks: stepParts(step) as never[] }) })),
    });
    const result = ai7.streamText({
      model,
      prompt: 'Book a table',
      tools: { lookup: ai7.tool({ inputSchema: lookupInput, execute: async ({ q }) => `found ${q}` }) },
      stopWhen: ai7.stepCountIs(steps.length),
    });
    return ai7.toUIMessageStream({ stream: result.stream });
  },
  finalMessage: (stream, message) => last(ai7.readUIMessageStream({ stream, message: message && structuredClone(message) })),
};

/**
 * ai 5 and ai 6, whose `streamText` result makes its own UI message stream. Their modules are
 * typed loosely here: the tests read them through ai 7's types.
 */
function olderSdk(name: string, ai: typeof ai6 | typeof ai5, Model: new (init: never) => unknown, spec: 'v2' | 'v3'): Sdk {
  const sdk = ai as typeof ai6;
  return {
    name,
    uiMessageStream(steps) {
      const model = new Model({
        doStream: steps.map((step) => ({ stream: sdk.simulateReadableStream({ chunks: stepParts(step, spec) as never[] }) })),
      } as never);
      const result = sdk.streamText({
        model: model as never,
        prompt: 'Book a table',
        tools: { lookup: sdk.tool({ inputSchema: lookupInput, execute: async ({ q }) => `found ${q}` }) },
        stopWhen: sdk.stepCountIs(steps.length),
      });
      return result.toUIMessageStream() as unknown as ReadableStream<UIMessageChunk>;
    },
    finalMessage: (stream, message) =>
      last(sdk.readUIMessageStream({ stream: stream as never, message: message && (structuredClone(message) as never) })) as Promise<UIMessage>,
  };
}

export const AI6: Sdk = olderSdk('ai 6', ai6, MockLanguageModelV3 as never, 'v3');
export const AI5: Sdk = olderSdk('ai 5', ai5, MockLanguageModelV2 as never, 'v2');

export const SDKS: readonly Sdk[] = [AI5, AI6, AI7];
