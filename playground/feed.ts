/**
 * What the playground replays: a recorded source (a model response, or a provider's SSE stream)
 * cut into chunks, each with the response text it hands the parser.
 */
import { A2uiParseError, isA2uiError, type A2uiError, type TextOrBytes } from '../src/index.js';

/** One chunk of the source, as the replay feeds it. */
export interface Piece {
  /** Where the chunk ends in the source (UTF-16 code units). */
  readonly end: number;
  /** The response text the chunk gives the parser (the chunk itself, or what an SSE adapter made of it). */
  readonly text: string;
  /** An error the SSE adapter raised at this chunk (the source ends there). */
  readonly error?: A2uiError;
}

/** A source cut into pieces. */
export interface Feed {
  /** The recorded source, as it would arrive over the network. */
  readonly source: string;
  /** The pieces, in order; the last one ends at `source.length` (unless an adapter failed first). */
  readonly pieces: readonly Piece[];
}

/** Cuts `text` into pieces of `size` code units (at least 1), never between the halves of a surrogate pair. */
export function chunkText(text: string, size: number): string[] {
  const step = Math.max(1, Math.floor(size));
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + step);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/** A plain response: each chunk goes to the parser as it is. */
export function textFeed(text: string, chunkSize: number): Feed {
  let end = 0;
  const pieces = chunkText(text, chunkSize).map((chunk) => ({ end: (end += chunk.length), text: chunk }));
  return { source: text, pieces };
}

/** Makes a provider adapter (`a2ui-stream/providers`), e.g. `() => anthropicTextStream()`. */
export type AdapterFactory = () => TransformStream<TextOrBytes, string>;

/**
 * A provider SSE recording: the chunks go through a fresh `adapter`, one at a time, and each
 * piece holds the text deltas the adapter passed on for its chunk. Done once per feed, so that
 * replaying and scrubbing stay synchronous.
 */
export async function sseFeed(sse: string, chunkSize: number, adapter: AdapterFactory): Promise<Feed> {
  const transform = adapter();
  const deltas: string[] = [];
  let failure: A2uiError | undefined;
  const piped = transform.readable.pipeTo(new WritableStream<string>({ write: (delta) => void deltas.push(delta) })).catch((error: unknown) => {
    failure = isA2uiError(error) ? error : new A2uiParseError(`The SSE adapter failed: ${String(error)}`);
  });
  const writer = transform.writable.getWriter();
  const pieces: Piece[] = [];
  let end = 0;
  for (const chunk of chunkText(sse, chunkSize)) {
    end += chunk.length;
    await writer.write(chunk).catch(() => undefined);
    await nextTask(); // every microtask of the pipe has run: the deltas of this chunk are in
    const text = deltas.splice(0).join('');
    if (failure) {
      pieces.push({ end, text, error: failure });
      return { source: sse, pieces };
    }
    pieces.push({ end, text });
  }
  await writer.close().catch(() => undefined);
  await piped;
  const rest = deltas.splice(0).join('');
  if (failure) pieces.push({ end, text: rest, error: failure });
  else if (rest !== '') pieces.push({ end, text: rest });
  return { source: sse, pieces };
}

/** Resolves after the current task and all its microtasks (a message-channel hop: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
