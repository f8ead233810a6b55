import { describe, expect, it } from 'vitest';
import { A2uiError, A2uiLimitError } from '../../src/errors.js';
import {
  agUiTextStream,
  anthropicTextStream,
  DEFAULT_SSE_MAX_BUFFER_SIZE,
  geminiTextStream,
  openAIChatTextStream,
  openAIResponsesTextStream,
  sseTextStream,
} from '../../src/providers/index.js';
import type { TextOrBytes } from '../../src/web/decode.js';
import * as recorded from './recordings.js';
import type { Recording } from './recordings.js';

type Adapter = () => TransformStream<TextOrBytes, string>;

async function collect(adapter: Adapter, chunks: readonly TextOrBytes[]) {
  const source = new ReadableStream<TextOrBytes>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = source.pipeThrough(adapter()).getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text };
      text += value;
    }
  } catch (error) {
    return { text, error };
  }
}

/** The recording's bytes whole, one byte at a time, and cut in two at every byte position. */
function chunkings(sse: string): TextOrBytes[][] {
  const bytes = new TextEncoder().encode(sse);
  const result: TextOrBytes[][] = [[sse], [bytes], Array.from(bytes, (byte) => new Uint8Array([byte]))];
  for (let cut = 1; cut < bytes.length; cut++) result.push([bytes.slice(0, cut), bytes.slice(cut)]);
  return result;
}

const streams: [Recording, Adapter][] = [
  [recorded.openAIChat, openAIChatTextStream],
  [recorded.openAIChatTwoChoices, openAIChatTextStream],
  [recorded.openAIResponses, openAIResponsesTextStream],
  [recorded.anthropic, anthropicTextStream],
  [recorded.gemini, geminiTextStream],
  [recorded.agUi, agUiTextStream],
];

describe.each(streams.map(([recording, adapter]) => ({ name: recording.name, recording, adapter })))('$name', ({ recording, adapter }) => {
  it('passes on exactly the model text, however the bytes are cut', async () => {
    for (const chunks of chunkings(recording.sse)) {
      const { text, error } = await collect(adapter, chunks);
      expect(error).toBeUndefined();
      expect(text).toBe(recording.text);
    }
  });
});

const failures: [Recording, Adapter, string][] = [
  [recorded.openAIChatError, openAIChatTextStream, 'server_error'],
  [recorded.openAIResponsesFailed, openAIResponsesTextStream, 'server_error'],
  [recorded.openAIResponsesError, openAIResponsesTextStream, 'rate_limit_exceeded'],
  [recorded.anthropicError, anthropicTextStream, 'overloaded_error'],
  [recorded.geminiError, geminiTextStream, 'UNAVAILABLE'],
  [recorded.geminiBlocked, geminiTextStream, 'SAFETY'],
  [recorded.agUiError, agUiTextStream, 'AGENT_ERROR'],
];

describe.each(failures.map(([recording, adapter, code]) => ({ name: recording.name, recording, adapter, code })))('$name', ({ recording, adapter, code }) => {
  it('errors the stream with an A2uiError carrying the provider error, however the bytes are cut', async () => {
    for (const chunks of chunkings(recording.sse)) {
      const { text, error } = await collect(adapter, chunks);
      expect(error).toBeInstanceOf(A2uiError);
      const a2uiError = error as A2uiError;
      expect(a2uiError.category).toBe('ParseError');
      expect(a2uiError.details[0]?.code).toBe(code);
      expect(a2uiError.message).toContain(a2uiError.details[0]!.message);
      expect(recording.text.startsWith(text)).toBe(true);
    }
  });
});

describe('end of a response', () => {
  it('an end event closes the text stream and cancels a source that stays open', async () => {
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(recorded.anthropic.sse));
      },
      cancel() {
        cancelled = true;
      },
    });
    let text = '';
    for await (const delta of source.pipeThrough(anthropicTextStream()) as unknown as AsyncIterable<string>) {
      text += delta;
    }
    expect(text).toBe(recorded.anthropic.text);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
  });

  it("AG-UI with until: 'run' reads every message until RUN_FINISHED", async () => {
    const { text } = await collect(() => agUiTextStream({ until: 'run' }), [recorded.agUi.sse]);
    expect(text).toBe(`${recorded.agUi.text} More.`);
  });

  it('OpenAI Chat reads the choice asked for', async () => {
    const { text } = await collect(() => openAIChatTextStream({ choiceIndex: 1 }), [recorded.openAIChatTwoChoices.sse]);
    expect(text).toBe('second two');
  });

  it('an event whose data is not JSON errors the stream (code invalid_json)', async () => {
    const { error } = await collect(anthropicTextStream, ['event: content_block_delta\ndata: {"type":\n\n']);
    expect((error as A2uiError).details[0]?.code).toBe('invalid_json');
  });

  it('an error event of 200 KB quotes its first 200 characters and its length (probe 15: a 200,027-character message)', async () => {
    const long = 'x'.repeat(200_000);
    const events: [Adapter, string][] = [
      [anthropicTextStream, `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: long, message: long } })}\n\n`],
      [openAIChatTextStream, `data: ${JSON.stringify({ error: { type: long, message: long } })}\n\n`],
      [geminiTextStream, `data: ${JSON.stringify({ error: { status: long, message: long } })}\n\n`],
    ];
    for (const [adapter, sse] of events) {
      const { error } = await collect(adapter, [sse]);
      const a2uiError = error as A2uiError;
      expect(a2uiError.category).toBe('ParseError');
      expect(a2uiError.message.length).toBeLessThan(600);
      expect(a2uiError.details[0]?.message).toBe(`${'x'.repeat(200)}… (200000 characters)`);
      expect(a2uiError.details[0]?.code).toBe(`${'x'.repeat(200)}… (200000 characters)`);
    }
  });

  it('a last event without its blank line is dropped, as the SSE standard says', async () => {
    const { text } = await collect(geminiTextStream, [
      'data: {"candidates":[{"content":{"parts":[{"text":"a"}]}}]}\n\ndata: {"candidates":[{"content":{"parts":[{"text":"b"}]}}]}\n',
    ]);
    expect(text).toBe('a');
  });
});

describe('sseTextStream', () => {
  it('merges the deltas of the events one chunk completes into one string', async () => {
    const source = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('data: a\n\ndata: b\n\ndata: c');
        controller.enqueue('\n\n');
        controller.close();
      },
    });
    const out: string[] = [];
    const stream = source.pipeThrough(sseTextStream((event) => ({ text: event.data })));
    for await (const chunk of stream as unknown as AsyncIterable<string>) out.push(chunk);
    expect(out).toEqual(['ab', 'c']);
  });
});

describe('unfinished events are bounded (maxBufferSize)', () => {
  const adapters: [string, (options: { maxBufferSize?: number }) => TransformStream<TextOrBytes, string>][] = [
    ['OpenAI Chat', openAIChatTextStream],
    ['OpenAI Responses', openAIResponsesTextStream],
    ['Anthropic', anthropicTextStream],
    ['Gemini', geminiTextStream],
    ['AG-UI', agUiTextStream],
    ['sseTextStream', (options) => sseTextStream((event) => ({ text: event.data }), options)],
  ];
  it.each(adapters)('%s: a line that never ends errors the stream with a LimitError', async (_name, adapter) => {
    const piece = 'x'.repeat(1000);
    const { error } = await collect(() => adapter({ maxBufferSize: 10_000 }), ['data: ', ...Array<string>(50).fill(piece)]);
    expect(error).toBeInstanceOf(A2uiLimitError);
    expect((error as Error).message).toBe('Limit exceeded: maxBufferSize (10000)');
  });
  it('an event of many data lines without its blank line is bounded too', async () => {
    const { error } = await collect(() => anthropicTextStream({ maxBufferSize: 10_000 }), Array<string>(50).fill(`data: ${'y'.repeat(500)}\n`));
    expect(error).toBeInstanceOf(A2uiLimitError);
  });
  it(`the default is ${DEFAULT_SSE_MAX_BUFFER_SIZE} characters`, async () => {
    const piece = 'x'.repeat(2 ** 20);
    const fill = (n: number) => ['data: ', ...Array<string>(n).fill(piece)];
    expect((await collect(() => sseTextStream(() => undefined), fill(15))).error).toBeUndefined();
    expect((await collect(() => sseTextStream(() => undefined), fill(17))).error).toBeInstanceOf(A2uiLimitError);
  });
  it('events under the bound pass as before', async () => {
    const { text, error } = await collect(() => sseTextStream((event) => ({ text: event.data }), { maxBufferSize: 10 }), ['data: abc\n\n', 'data: def\n\n']);
    expect([text, error]).toEqual(['abcdef', undefined]);
  });
});
