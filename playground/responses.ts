/**
 * The recorded responses the playground offers: the demo's, responses generated from the
 * project's own fixture generator, and provider SSE streams (the demo's response in each
 * provider's documented event format, and the provider tests' recordings), each with the
 * `a2ui-stream/providers` adapter that reads it. Each but the provider tests' recordings is
 * offered in A2UI Express too: its JSON blocks decompiled to `<a2ui>` blocks.
 */
import { basicCatalog, decompileExpress, unwrap, type ProtocolVersion } from '../src/index.js';
import { demoResponse } from '../src/cli/demo-response.js';
import { agUiTextStream, anthropicTextStream, geminiTextStream, openAIChatTextStream, openAIResponsesTextStream } from '../src/providers/index.js';
import { generateResponse, type GeneratedVersion } from '../test/support/generate-response.js';
import * as recordings from '../test/providers/recordings.js';
import { chunkText, type AdapterFactory } from './feed.js';

/** How a source reaches the parser: as it is, or through a provider adapter. */
export type SourceFormat = 'text' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'ag-ui';

/** The adapter of each SSE format. */
export const ADAPTERS: Readonly<Record<Exclude<SourceFormat, 'text'>, AdapterFactory>> = {
  'openai-chat': () => openAIChatTextStream(),
  'openai-responses': () => openAIResponsesTextStream(),
  anthropic: () => anthropicTextStream(),
  gemini: () => geminiTextStream(),
  'ag-ui': () => agUiTextStream(),
};

/** Labels of the formats, for the page. */
export const FORMAT_LABELS: Readonly<Record<SourceFormat, string>> = {
  text: 'model text',
  'openai-chat': 'OpenAI Chat Completions SSE',
  'openai-responses': 'OpenAI Responses SSE',
  anthropic: 'Anthropic Messages SSE',
  gemini: 'Gemini SSE',
  'ag-ui': 'AG-UI SSE',
};

/** The format a pasted or dropped source is most likely in (by the event names it holds). */
export function guessFormat(source: string): SourceFormat {
  if (!/^\s*(data|event|id|:)/.test(source)) return 'text';
  if (source.includes('chat.completion.chunk') || /"choices"\s*:/.test(source)) return 'openai-chat';
  if (source.includes('response.output_text')) return 'openai-responses';
  if (source.includes('content_block_delta')) return 'anthropic';
  if (source.includes('"candidates"')) return 'gemini';
  if (source.includes('TEXT_MESSAGE_CONTENT')) return 'ag-ui';
  return 'text';
}

/** How the model writes its A2UI: JSON in `<a2ui-json>` blocks, or Express in `<a2ui>` blocks. */
export type Notation = 'json' | 'express';

/** One recorded response. */
export interface Recorded {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly format: SourceFormat;
  /** The recording, written for `version` where that applies, its A2UI in JSON. */
  source(version: ProtocolVersion): string;
  /**
   * The same response with its A2UI written in Express (see {@link asExpress}), in the same
   * source format; absent for a recording kept as it was recorded (the provider tests').
   */
  express?(version: ProtocolVersion): string;
}

/**
 * The text of `recorded` for `version` in `notation`, and the notation it is actually written in:
 * JSON where the recording has no Express form or the version has no Express (v0.8).
 */
export function recordedSource(recorded: Recorded, version: ProtocolVersion, notation: Notation): { text: string; notation: Notation } {
  if (notation === 'express' && recorded.express && version !== '0.8') return { text: recorded.express(version), notation };
  return { text: recorded.source(version), notation: 'json' };
}

const generatedVersion = (version: ProtocolVersion): GeneratedVersion => (version === '0.9.1' ? '0.9' : version);

/** Where the playground's server answers with a placeholder picture: the generator's images point there, so the page stays off the network. */
export const LOCAL_IMAGES = '/img/';

function generated(id: string, label: string, targetBytes: number, seed: number, blocks: number): Recorded {
  const source = (version: ProtocolVersion) =>
    generateResponse({ version: generatedVersion(version), targetBytes, seed, blocks }).text.replaceAll('https://example.com/img/', LOCAL_IMAGES);
  return {
    id,
    label,
    group: 'Generated (test/support/generate-response.ts)',
    format: 'text',
    source,
    express: (version) => asExpress(source(version), version),
  };
}

/**
 * The same response written in A2UI Express: each `<a2ui-json>` block's messages decompiled
 * between `<a2ui>` tags, the text around them as it is. v0.8 has no Express: its response stays JSON.
 */
export function asExpress(text: string, version: ProtocolVersion): string {
  if (version === '0.8') return text;
  return unwrap(text)
    .map((part) => (part.type === 'text' ? part.text : `<a2ui>\n${decompileExpress([JSON.parse(part.raw) as unknown].flat(), basicCatalog(version))}\n</a2ui>`))
    .join('');
}

const json = JSON.stringify;
/** A model's deltas: a few characters each, as tokens come. */
const deltas = (text: string): string[] => chunkText(text, 7);

/** The response as an OpenAI Chat Completions stream. */
export function asOpenAIChat(text: string): string {
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${json({ id: 'chatcmpl-1', object: 'chat.completion.chunk', model: 'gpt-x', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return `${chunk({ role: 'assistant', content: '' })}${deltas(text)
    .map((content) => chunk({ content }))
    .join('')}${chunk({}, 'stop')}data: [DONE]\n\n`;
}

/** The response as an Anthropic Messages stream. */
export function asAnthropic(text: string): string {
  const event = (type: string, fields: object = {}) => `event: ${type}\ndata: ${json({ type, ...fields })}\n\n`;
  return (
    event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } }) +
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
    deltas(text)
      .map((piece) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } }))
      .join('') +
    event('content_block_stop', { index: 0 }) +
    event('message_delta', { delta: { stop_reason: 'end_turn' } }) +
    event('message_stop')
  );
}

/** The response as a Gemini `streamGenerateContent?alt=sse` stream. */
export function asGemini(text: string): string {
  const chunk = (piece: string) => `data: ${json({ candidates: [{ content: { parts: [{ text: piece }], role: 'model' }, index: 0 }] })}\r\n\r\n`;
  return deltas(text).map(chunk).join('');
}

const fromTests = (recording: recordings.Recording, format: SourceFormat): Recorded => ({
  id: `recording-${recording.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  label: recording.name,
  group: 'Provider test recordings (test/providers/recordings.ts)',
  format,
  source: () => recording.sse,
});

/** The demo's response in a provider's SSE format (`encode`), in JSON and in Express. */
function demoAs(id: string, label: string, format: SourceFormat, encode: (text: string) => string): Recorded {
  return {
    id,
    label,
    group: 'Provider SSE',
    format,
    source: (version) => encode(demoResponse(version)),
    express: (version) => encode(asExpress(demoResponse(version), version)),
  };
}

/** Every recorded response, in the order the page lists them. */
export const RECORDED: readonly Recorded[] = [
  { id: 'demo', label: 'Table booking (npm run demo)', group: 'Demo', format: 'text', source: demoResponse, express: (v) => asExpress(demoResponse(v), v) },
  generated('generated-small', 'One surface, ~4 KB', 4_000, 1, 1),
  generated('generated-medium', 'Two surfaces, ~20 KB', 20_000, 2, 2),
  generated('generated-large', 'Four surfaces, ~60 KB', 60_000, 3, 4),
  demoAs('demo-openai-chat', 'Demo as OpenAI Chat Completions', 'openai-chat', asOpenAIChat),
  demoAs('demo-anthropic', 'Demo as Anthropic Messages', 'anthropic', asAnthropic),
  demoAs('demo-gemini', 'Demo as Gemini', 'gemini', asGemini),
  fromTests(recordings.openAIChat, 'openai-chat'),
  fromTests(recordings.openAIChatError, 'openai-chat'),
  fromTests(recordings.openAIResponses, 'openai-responses'),
  fromTests(recordings.anthropic, 'anthropic'),
  fromTests(recordings.anthropicError, 'anthropic'),
  fromTests(recordings.gemini, 'gemini'),
  fromTests(recordings.agUi, 'ag-ui'),
];
