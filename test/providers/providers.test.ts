import { describe, expect, it } from 'vitest';
import { A2uiError } from '../../src/errors.js';
import {
  agUiTextStream,
  anthropicTextStream,
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

describe.each(streams.map(([recording, adapter]) => ({ name: recording.name, recording, adapter })))(
  '$name',
  ({ recording, adapter }) => {
  it('passes on exactly the model text, however the bytes are cut', async () => {
    for (const chunks of chunkings(recording.sse)) {
      const { text, error } = await collect(adapter, chunks);
      expect(error).toBeUndefined();
      expect(text).toBe(recording.text);
    }
  });
  },
);

const failures: [Recording, Adapter, string][] = [
  [recorded.openAIChatError, openAIChatTextStream, 'server_error'],
  [recorded.openAIResponsesFailed, openAIResponsesTextStream, 'server_error'],
  [recorded.openAIResponsesError, openAIResponsesTextStream, 'rate_limit_exceeded'],
  [recorded.anthropicError, anthropicTextStream, 'overloaded_error'],
  [recorded.geminiError, geminiTextStream, 'UNAVAILABLE'],
  [recorded.geminiBlocked, geminiTextStream, 'SAFETY'],
  [recorded.agUiError, agUiTextStream, 'AGENT_ERROR'],
];

describe.each(failures.map(([recording, adapter, code]) => ({ name: recording.name, recording, adapter, code })))(
  '$name',
  ({ recording, adapter, code }) => {
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
  },
);

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
    const { text } = await collect(() => openAIChatTextStream({ choiceIndex: 1 }), [
      recorded.openAIChatTwoChoices.sse,
    ]);
    expect(text).toBe('second two');
  });

  it('an event whose data is not JSON errors the stream (code invalid_json)', async () => {
    const { error } = await collect(anthropicTextStream, ['event: content_block_delta\ndata: {"type":\n\n']);
    expect((error as A2uiError).details[0]?.code).toBe('invalid_json');
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
