/**
 * Which model answers: a real provider when its key is in the environment, else the recorded
 * model (offline, deterministic; what the tests use).
 * - `OPENAI_API_KEY`: OpenAI through `@ai-sdk/openai` (model `A2UI_CHAT_MODEL`, default `gpt-4.1-mini`);
 * - `AI_GATEWAY_API_KEY`: the AI SDK's gateway (model `A2UI_CHAT_MODEL`, default `openai/gpt-4.1-mini`).
 * `A2UI_CHAT_RECORDED=1` keeps the recorded model whatever keys are set.
 * `A2UI_CHAT_FORMAT=express` has the model write A2UI Express (`<a2ui>` blocks) instead of JSON.
 */
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { recordedModel } from './recorded-model.js';
import type { A2uiFormat } from './types.js';

/**
 * The format the model is asked to write, from `A2UI_CHAT_FORMAT`: `json` (the default, also
 * when unset or empty) or `express`.
 * @throws Error for any other value.
 */
export function chatFormat(env: Record<string, string | undefined>): A2uiFormat {
  const format = env.A2UI_CHAT_FORMAT;
  if (format === undefined || format === '' || format === 'json') return 'json';
  if (format === 'express') return 'express';
  throw new Error(`A2UI_CHAT_FORMAT must be json or express, not ${JSON.stringify(format)}`);
}

/** The model and how to name it on the console. */
export function chatModel(env: Record<string, string | undefined>): { model: LanguageModel; label: string } {
  const named = env.A2UI_CHAT_MODEL;
  const format = chatFormat(env);
  const writing = format === 'express' ? ', writing A2UI Express' : '';
  if (env.A2UI_CHAT_RECORDED !== '1') {
    const openaiKey = env.OPENAI_API_KEY;
    if (openaiKey) {
      const id = named ?? 'gpt-4.1-mini';
      return { model: createOpenAI({ apiKey: openaiKey })(id), label: `OpenAI ${id}${writing}` };
    }
    if (env.AI_GATEWAY_API_KEY) {
      const id = named ?? 'openai/gpt-4.1-mini';
      return { model: id, label: `AI Gateway ${id}${writing}` };
    }
  }
  return {
    model: recordedModel(15, format),
    label: `the recorded model${writing} (offline; set OPENAI_API_KEY or AI_GATEWAY_API_KEY for a real one)`,
  };
}
