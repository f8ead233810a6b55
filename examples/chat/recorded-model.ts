/**
 * The offline model: an AI SDK language model (the SDK's own mock) that streams the recorded
 * answers at a model's pace, a few characters every 15 ms (~260 characters a second). It answers a
 * turn by its user message: the click on Book (the action the page sends) gets the booking, any
 * other message the search. Deterministic. Writes its A2UI in JSON or, with `format: 'express'`,
 * in A2UI Express (the same messages, decompiled).
 */
import { simulateReadableStream, type LanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { bookedAnswer, searchAnswer } from './answers.js';
import type { A2uiFormat } from './types.js';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };

/** A model's deltas: 2 to 5 tokens of ~3.5 characters each, in a fixed pattern. */
function deltas(text: string): string[] {
  const out: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = [7, 12, 16, 9, 14][i % 5] as number;
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}

/** The text of the last user message of a prompt. */
function lastUserText(prompt: readonly { role: string; content: unknown }[]): string {
  const user = [...prompt].reverse().find((message) => message.role === 'user');
  if (!user || !Array.isArray(user.content)) return '';
  return user.content.map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

/** The recorded model; `delayMs` between deltas (default 15), its A2UI written in `format` (default `'json'`). */
export function recordedModel(delayMs = 15, format: A2uiFormat = 'json'): LanguageModel {
  return new MockLanguageModelV4({
    provider: 'recorded',
    modelId: 'table-booking',
    doStream: async ({ prompt }) => {
      const asked = lastUserText(prompt);
      // A click reaches the model as a2uiConvertDataPart writes it: `The user acted on an A2UI
      // surface: {"action":{…}}` (a line of its own), then the data models.
      const click = /The user acted on an A2UI surface: (\{.*\})/.exec(asked);
      const action = click ? (JSON.parse(click[1] as string) as { action?: { name?: string; context?: Record<string, unknown> } }).action : undefined;
      const context = action?.name === 'book_table' ? (action.context ?? {}) : undefined;
      const text = context
        ? bookedAnswer(String(context.restaurant ?? 'the restaurant'), String(context.time ?? '19:30'), String(context.guests ?? '2'), format)
        : searchAnswer(format);
      return {
        stream: simulateReadableStream({
          initialDelayInMs: 200,
          chunkDelayInMs: delayMs,
          chunks: [
            { type: 'stream-start', warnings: [] },
            { type: 'text-start', id: 'text-0' },
            ...deltas(text).map((delta) => ({ type: 'text-delta' as const, id: 'text-0', delta })),
            { type: 'text-end', id: 'text-0' },
            { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
          ],
        }),
      };
    },
  });
}
