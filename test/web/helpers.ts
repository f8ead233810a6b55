import { A2uiLimitError, A2uiParseError } from '../../src/errors.js';
import type { Part } from '../../src/types.js';
import { a2uiTransformer, type PartSource, type StreamErrorPolicy } from '../../src/web/transformer.js';

/**
 * A stand-in for the streaming parser: echoes each chunk as two text parts (so merging shows),
 * emits an `a2ui` part for `#`, an error part (ParseError) for `!` and a LimitError part for `%`
 * (as the parser, the last part: it never throws), after the parts of the text before the marker;
 * the rest of the chunk is dropped. `end()` returns `endParts`.
 */
export class FakeParser implements PartSource {
  readonly chunks: string[] = [];
  ended = false;
  constructor(private readonly endParts: Part[] = [{ type: 'text', text: '<end>' }]) {}

  push(chunk: string): Part[] {
    this.chunks.push(chunk);
    const parts: Part[] = [];
    for (const char of chunk) {
      if (char === '!') return [...parts, { type: 'error', error: new A2uiParseError('bad block') }];
      if (char === '%') return [...parts, { type: 'error', error: new A2uiLimitError('too big') }];
      parts.push(char === '#' ? { type: 'a2ui', messages: [{ marker: true } as never] } : { type: 'text', text: char });
    }
    return parts;
  }

  end(): Part[] {
    this.ended = true;
    return this.endParts;
  }
}

/** A transform stream around a fresh {@link FakeParser}. */
export function fakeStream(onError?: StreamErrorPolicy, parser = new FakeParser()) {
  return { parser, stream: new TransformStream(a2uiTransformer(parser, onError)) };
}

/** Writes `chunks` into `stream` and collects what comes out (or the error it ends with). */
export async function run<I, O>(stream: TransformStream<I, O>, chunks: readonly I[]): Promise<{ out: O[]; error?: unknown }> {
  const source = new ReadableStream<I>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const out: O[] = [];
  const reader = source.pipeThrough(stream).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { out };
      out.push(value);
    }
  } catch (error) {
    return { out, error };
  }
}

/** The text of a list of parts, with other parts written as `[a2ui]` / `[error:<category>]`. */
export function summarize(parts: readonly Part[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : part.type === 'a2ui' ? '[a2ui]' : `[error:${part.error.category}]`)).join('|');
}
