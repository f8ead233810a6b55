/**
 * Which model answers: a real provider when its key is in the environment, else the recorded
 * model (offline, deterministic; what the tests use).
 * - `OPENAI_API_KEY`: OpenAI through `@ai-sdk/openai` (model `A2UI_CHAT_MODEL`, default `gpt-4.1-mini`);
 * - `AI_GATEWAY_API_KEY`: the AI SDK's gateway (model `A2UI_CHAT_MODEL`, default `openai/gpt-4.1-mini`).
 * `A2UI_CHAT_RECORDED=1` keeps the recorded model whatever keys are set.
 */
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { recordedModel } from './recorded-model.js';

/** The model and how to name it on the console. */
export function chatModel(env: Record<string, string | undefined>): { model: LanguageModel; label: string } {
  const named = env.A2UI_CHAT_MODEL;
  if (env.A2UI_CHAT_RECORDED !== '1') {
    const openaiKey = env.OPENAI_API_KEY;
    if (openaiKey) {
      const id = named ?? 'gpt-4.1-mini';
      return { model: createOpenAI({ apiKey: openaiKey })(id), label: `OpenAI ${id}` };
    }
    if (env.AI_GATEWAY_API_KEY) {
      const id = named ?? 'openai/gpt-4.1-mini';
      return { model: id, label: `AI Gateway ${id}` };
    }
  }
  return { model: recordedModel(), label: 'the recorded model (offline; set OPENAI_API_KEY or AI_GATEWAY_API_KEY for a real one)' };
}
