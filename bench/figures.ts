/**
 * The benchmarked functions: the floor, the baselines and the library, each reading one
 * prepared workload.
 */
import { JSONParser } from '@streamparser/json';
import { parse as parsePartial } from 'partial-json';
import { A2uiStreamParser, a2uiStream } from '../src/index.js';
import { TagSplitter } from '../src/tags/index.js';
import { JsonBlockReader } from '../src/json/block-reader.js';
import type { Catalog, StreamParserOptions } from '../src/index.js';

/** Sink that keeps results observable so the engine cannot drop the work. */
let sink = 0;

/** Adds `count` to the sink (for benchmarked functions written elsewhere). */
export function keep(count: number): void {
  sink += count;
}

/** The sink's value (printed nowhere; read so that it counts as used). */
export function sinkValue(): number {
  return sink;
}

/** Floor: `JSON.parse` of each block's JSON, whole. */
export function floor(blocks: readonly string[]): void {
  for (const json of blocks) sink += (JSON.parse(json) as unknown[]).length;
}

/**
 * Bare `@streamparser/json` (tokenizer and token parser, partial values on) reading the chunks'
 * block pieces; one parser per block, as blocks are separate JSON documents.
 */
export function bareTokenizer(pieces: readonly (readonly string[])[]): void {
  for (const block of pieces) {
    const parser = new JSONParser({ emitPartialTokens: true, emitPartialValues: true });
    parser.onValue = () => {
      sink++;
    };
    for (const piece of block) parser.write(piece);
  }
}

/**
 * Our core: `push` per chunk, validation on unless `options` turn it off (`options` may also raise
 * the parser's limits). `snapshots` `undefined`: the version's default.
 */
export function core(catalog: Catalog, chunks: readonly string[], snapshots: 'full' | 'delta' | undefined, options: StreamParserOptions = {}): void {
  const parser = new A2uiStreamParser(catalog, { validate: true, ...options, ...(snapshots ? { snapshots } : {}) });
  for (const chunk of chunks) sink += parser.push(chunk).length;
  sink += parser.end().length;
}

/**
 * The core's reading layers alone: tag splitting, the repair stage, the tokenizer and the builder,
 * with a handler that only counts values (no messages, surfaces, validation or snapshots).
 */
export function reader(chunks: readonly string[]): void {
  const splitter = new TagSplitter();
  const handler = {
    onValue: () => {
      sink++;
    },
  };
  let block: JsonBlockReader | undefined;
  for (const chunk of chunks) {
    for (const event of splitter.push(chunk)) {
      if (event.type === 'open') block = new JsonBlockReader(handler);
      else if (event.type === 'block') block?.push(event.text);
    }
  }
}

/** Pipes `chunks` through `stream` and counts what comes out. */
async function pipe(chunks: readonly string[], stream: TransformStream<string, unknown>): Promise<void> {
  let i = 0;
  const source = new ReadableStream<string>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++] as string);
      else controller.close();
    },
  });
  const reader = source.pipeThrough(stream).getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) return;
    sink++;
  }
}

/** Our WHATWG stream, fed the chunks through a pipe. */
export function webStream(catalog: Catalog, chunks: readonly string[]): Promise<void> {
  return pipe(chunks, a2uiStream(catalog));
}

/** An identity `TransformStream` fed the same way: the cost of the stream machinery alone. */
export function identityStream(chunks: readonly string[]): Promise<void> {
  return pipe(chunks, new TransformStream<string, string>());
}

/**
 * The core with its default options reading the chunks an identity `TransformStream` passes on:
 * what `a2uiStream` does, without its own wrapper (decoding, merging text, the error policy).
 */
export async function coreThroughIdentity(catalog: Catalog, chunks: readonly string[]): Promise<void> {
  let i = 0;
  const source = new ReadableStream<string>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++] as string);
      else controller.close();
    },
  });
  const reader = source.pipeThrough(new TransformStream<string, string>()).getReader();
  const parser = new A2uiStreamParser(catalog);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    sink += parser.push(value).length;
  }
  sink += parser.end().length;
}

const OPEN = '<a2ui-json>';
const CLOSE = '</a2ui-json>';

/**
 * The naive baseline: on every chunk, append it to the buffer and re-parse every block in the
 * whole buffer with `partial-json`.
 */
export function naiveReparse(chunks: readonly string[]): void {
  let buffer = '';
  for (const chunk of chunks) {
    buffer += chunk;
    for (let from = buffer.indexOf(OPEN); from >= 0; ) {
      const start = from + OPEN.length;
      const end = buffer.indexOf(CLOSE, start);
      const body = buffer.slice(start, end < 0 ? undefined : end).trim();
      if (body.length > 0) {
        try {
          sink += (parsePartial(body) as unknown[]).length;
        } catch {
          // A cut the package cannot read yet (e.g. inside a number): wait for more input.
        }
      }
      if (end < 0) break;
      from = buffer.indexOf(OPEN, end + CLOSE.length);
    }
  }
}
