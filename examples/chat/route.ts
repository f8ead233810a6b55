/**
 * The chat route (`POST /api/chat`), a fetch-style handler as in Next.js' App Router: the system
 * prompt built from the client's capabilities (`systemPrompt`), the model's answer streamed
 * through `a2uiUIMessageStream` (text parts, `data-a2ui` parts), and the conversation's surfaces
 * given to the parser (`a2uiHistory`), so an answer may change a surface an earlier one drew. A
 * click comes back as a `data-a2ui-action` part of the user's message; the model reads it as text.
 * With `format: 'express'` the model is asked for A2UI Express (`<a2ui>` blocks, read by the same
 * stream) and reads its earlier turns in Express.
 */
import { convertToModelMessages, createUIMessageStreamResponse, streamText, toUIMessageStream, type LanguageModel } from 'ai';
import { basicCatalog } from 'a2ui-stream';
import { systemPrompt } from 'a2ui-stream/agent';
import { a2uiCompactParts, a2uiConvertDataPart, a2uiExpressConvertDataPart, a2uiHistory, a2uiUIMessageStream } from 'a2ui-stream/ai-sdk';
import type { A2uiFormat, ChatRequestBody } from './types.js';

const ROLE = 'You are a restaurant booking assistant for Zürich. Show options and bookings as A2UI surfaces; keep the text short.';
const UI = `Show restaurants as a Card with a List of rows (icon, name, detail, a Book button whose action is "book_table" with the restaurant, time and guests in its context).
When the user books, update the surface already on screen (same surfaceId) instead of creating a new one.`;

/** Options of {@link chatRoute}. */
export interface ChatRouteOptions {
  /** How the model is asked to write its A2UI (default `'json'`). */
  readonly format?: A2uiFormat;
}

/** Makes the route for `model`. */
export function chatRoute(model: LanguageModel, { format = 'json' }: ChatRouteOptions = {}): (request: Request) => Promise<Response> {
  return async (request) => {
    const { messages, a2uiClientCapabilities }: ChatRequestBody = await request.json();
    const { prompt, catalog } = systemPrompt({
      catalogs: [basicCatalog('0.9')],
      clientCapabilities: a2uiClientCapabilities ?? null,
      role: ROLE,
      ui: UI,
      includeSchema: true, // JSON: the catalog's schema; Express shows its signatures instead
      format,
    });
    const result = streamText({
      model,
      system: prompt,
      // convertToModelMessages drops data parts: each block goes back in the format the model writes, a click as text.
      messages: await convertToModelMessages(a2uiCompactParts(messages), {
        convertDataPart: format === 'express' ? a2uiExpressConvertDataPart(catalog) : a2uiConvertDataPart,
      }),
    });
    const stream = toUIMessageStream({ stream: result.stream }).pipeThrough(a2uiUIMessageStream(catalog, { history: a2uiHistory(messages) }));
    return createUIMessageStreamResponse({ stream });
  };
}
