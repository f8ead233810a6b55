import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { A2uiParseError, A2uiStreamParser, type A2uiMessage, type Catalog, type Part } from '../index.js';
import { ErrorBudget, isResponseLimit } from '../internal.js';
import { A2uiChunkWriter, type TextEndFields } from './chunk-writer.js';
import { MessageCompactor } from './compact.js';
import { FramingLedger } from './framing-ledger.js';
import type { A2uiUIMessageStreamOptions } from './types.js';

/** Chunks before which the parser's open blocks are ended (its held text flushed); `finish` and `abort` also end the message. */
const ENDS_PARSING = new Set(['finish-step', 'error']);

/**
 * `earlier` and `later` provider metadata as one (per provider, `later`'s keys win), so that
 * metadata waiting for a chunk to carry it is not replaced by the next delta's or the text-end's.
 */
function mergeMetadata(earlier: ProviderMetadata | undefined, later: ProviderMetadata | undefined): ProviderMetadata | undefined {
  if (earlier === undefined || later === undefined) return later ?? earlier;
  const merged: ProviderMetadata = { ...earlier };
  for (const [provider, values] of Object.entries(later)) {
    Object.defineProperty(merged, provider, { value: { ...earlier[provider], ...values }, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

/** Makes a parser; `applied` (messages the client holds) is added to the options' `history`. */
type MakeParser = (applied: readonly A2uiMessage[]) => A2uiStreamParser;

/** The parser of one assistant message and the writer of its chunks. */
class MessageState {
  readonly writer: A2uiChunkWriter;
  private parser: A2uiStreamParser | undefined;
  /**
   * A limit ended parsing: `'step'` (a limit of the response: the rest of the step's text is not
   * read, the next step is), `'message'` (a limit of the parser's state: the rest of the message).
   */
  private stopped: false | 'step' | 'message' = false;
  /** The limit was hit in the current step. */
  private stoppedInStep = false;
  /** Text was read since the parser's last `end()` (another would only repeat its errors). */
  private unended = false;
  /** What the provider's last text delta carried, until a chunk we write carries it. */
  private deltaMetadata: ProviderMetadata | undefined;
  /** The A2UI written in the current step, compacted: a `reset-step` drops it. */
  private inStep = new MessageCompactor();
  /** The message's errors: bounded by the text read (no amplification of malformed output). */
  private readonly budget = new ErrorBudget();

  /**
   * @param written - the A2UI the stream wrote before this message's current step (earlier
   *   messages, earlier steps), compacted: what a new parser is seeded with.
   */
  constructor(
    private readonly makeParser: MakeParser,
    private readonly written: MessageCompactor,
    mode: A2uiUIMessageStreamOptions['mode'],
    enqueue: (chunk: UIMessageChunk) => void,
  ) {
    this.writer = new A2uiChunkWriter(mode ?? 'events', enqueue, this.budget, new FramingLedger());
  }

  /**
   * Reads a text delta of the model. `providerMetadata` (the provider text part's) goes on the
   * first text part its text opens (once, as the AI SDK's own stream sends it); `deltaMetadata` (the delta's own) on the next text chunk written,
   * so that it reaches the client also from a delta that was all A2UI. `bytes`: the delta's
   * chunk as JSON (what the framing allowed grows by).
   */
  push(delta: string, bytes: number, providerMetadata: ProviderMetadata | undefined, deltaMetadata?: ProviderMetadata): void {
    this.deltaMetadata = mergeMetadata(this.deltaMetadata, deltaMetadata);
    if (this.stopped || delta === '') return;
    this.parser ??= this.makeParser(this.written.messages());
    this.unended = true;
    this.writer.readText(delta.length, bytes);
    const parser = this.parser;
    this.run(() => parser.push(delta), providerMetadata);
  }

  /**
   * A text delta whose `delta` is not a string (a provider's bug): an error part instead, the
   * chunk dropped (reading its length threw a `TypeError` in the middle of the answer: probe 17).
   */
  badDelta(delta: unknown): void {
    const got = delta === null ? 'null' : typeof delta;
    this.writer.error(
      new A2uiParseError(`A text-delta's delta must be a string; got ${got}.`, {
        details: [{ path: 'delta', code: 'type_mismatch', message: 'Expected a string' }],
      }),
    );
    this.writer.flush();
  }

  /**
   * Ends what the model wrote so far (a step, or the message): held text is flushed, an unclosed
   * block becomes an error part. The parser is kept: the next step reads on with the surfaces it
   * knows. Nothing read since the last end (`finish` right after `finish-step`): nothing to end.
   */
  end(): void {
    const parser = this.parser;
    if (this.stopped === 'step') {
      // The parser's response ended at its limit: end() closes it (it returns nothing), and the next step reads on.
      parser?.end();
      this.stopped = false;
      this.unended = false;
    }
    const ending = parser !== undefined && this.unended && !this.stopped;
    this.unended = false;
    if (ending) this.run(() => parser.end(), undefined);
    this.writer.flush(true);
    this.writer.errorsWithheld();
    this.writer.closeText();
    this.writer.endBlock();
  }

  /** Closes the text part (the provider's ended): what it carried goes on our text-end. */
  endText(end: TextEndFields): void {
    const providerMetadata = mergeMetadata(this.deltaMetadata, end.providerMetadata);
    this.deltaMetadata = undefined;
    this.writer.closeText(providerMetadata === undefined ? end : { ...end, providerMetadata });
  }

  /**
   * A step starts (`start-step`), or the message is over: what the step before wrote is kept
   * (by a `reset-step`, and for the stream's next message).
   */
  startStep(): void {
    // What waits goes out now: `written` will count it as the client's (a `finish-step` has sent it already).
    this.writer.flush(true);
    for (const message of this.inStep.messages()) this.written.add(message);
    this.inStep = new MessageCompactor();
    this.stoppedInStep = false;
  }

  /**
   * The client dropped what the current step added (`reset-step`) and the step will stream
   * again: its open text part and block are forgotten, and a new parser knows only what the steps
   * before wrote (the old one would count the step's surfaces as sent).
   */
  resetStep(): void {
    this.writer.resetStep();
    this.deltaMetadata = undefined;
    this.inStep = new MessageCompactor();
    if (this.stoppedInStep) {
      this.stopped = false;
      this.stoppedInStep = false;
    }
    if (this.parser) this.parser = this.makeParser(this.written.messages());
    this.unended = false;
  }

  /** Runs one parser call and writes its parts, error parts among them; a `LimitError` part stops the parsing (of the step, or of the message). */
  private run(call: () => Part[], providerMetadata: ProviderMetadata | undefined): void {
    this.write(call(), providerMetadata);
    this.writer.flush();
  }

  private write(parts: readonly Part[], providerMetadata: ProviderMetadata | undefined): void {
    for (const part of parts) {
      if (part.type === 'text' && part.text !== '') {
        this.writer.text(part.text, providerMetadata, this.deltaMetadata);
        this.deltaMetadata = undefined;
      } else if (part.type !== 'text') this.writer.parts([part]);
      if (part.type === 'error' && part.error.category === 'LimitError') {
        this.stopped = isResponseLimit(part.error) ? 'step' : 'message';
        this.stoppedInStep = true;
      }
      if (part.type === 'a2ui') for (const message of part.messages) this.inStep.add(message);
    }
  }
}

/**
 * A `TransformStream` of AI SDK UI message chunks that reads A2UI out of the model's text: place
 * it after `toUIMessageStream({ stream: result.stream })` (ai 7) or `result.toUIMessageStream()`
 * (ai 5 and 6). It emits, in stream order, text as text parts (one closed before each A2UI part
 * and a new one opened after it, so the client keeps the order), A2UI as `data-a2ui` parts
 * (`{ messages }`), and a block that failed as a `data-a2ui-error` part (an `error` chunk would
 * put the client into its error state and drop the rest of the answer). Every other chunk (tool
 * calls, reasoning, steps, metadata, finish) passes through untouched.
 *
 * One parser per assistant message (from its `start` chunk), kept across the message's steps, so
 * a later step may update a surface an earlier one drew; a later message in the same stream (a
 * second `start`) starts with what the earlier ones wrote, as `history`. Its open blocks are
 * ended on `finish-step`, `finish`, `abort`, `error` and when the stream ends. The entry's own
 * framing (data parts, text parts split around A2UI) stays within 1 byte per byte of text delta
 * read plus 512: past it, A2UI waits, merged with the A2UI after it, and the text after it goes
 * out first in the open text part, until it fits or the step ends (so many tiny blocks with a
 * newline between do not cost ~220 bytes each). On `reset-step`
 * (ai 7: the client drops what the current step added) the step is read again from scratch: its
 * open text part is forgotten and a new parser knows what the steps before wrote. A `LimitError`
 * ends parsing for the step (a limit of the response: `maxDepth`, `maxBufferSize`) or the message
 * (of the parser's state: surfaces, components): one error part, and the rest is not read. A
 * `text-delta` whose `delta` is not a string is dropped, with an error part (`ParseError`).
 * Errors are bounded so that malformed output is not amplified: each carries at most 300
 * characters per text and 8 details, the first fits in `max(512, 2 × characters read)` bytes
 * (details dropped, then its message shortened), and past the first, a message's errors cost at
 * most 2 bytes per character of its text; the rest are counted in one error part when the step ends.
 *
 * @param catalogs - the catalog, or catalogs, that surfaces in the answer may use.
 * @param options - the parser's options (defaults as the parser's) and the data-part `mode`
 *   (default `'events'`).
 * @throws A2uiCatalogError at once for an empty list, duplicate ids or mixed versions.
 *
 * @example
 * ```ts
 * const stream = toUIMessageStream({ stream: streamText({ model, prompt }).stream })
 *   .pipeThrough(a2uiUIMessageStream(basicCatalog('0.9')));
 * return createUIMessageStreamResponse({ stream });
 * ```
 */
export function a2uiUIMessageStream(
  catalogs: Catalog | readonly Catalog[],
  options: A2uiUIMessageStreamOptions = {},
): TransformStream<UIMessageChunk, UIMessageChunk> {
  const { mode, ...parserOptions } = options;
  // Made now, so that bad catalogs or options fail here and not in the middle of an answer; the
  // first message uses it (seeding a long history twice would cost twice).
  let first: A2uiStreamParser | undefined = new A2uiStreamParser(catalogs, parserOptions);
  const makeParser: MakeParser = (applied) => {
    const parser = applied.length === 0 ? first : undefined;
    first = undefined;
    return parser ?? new A2uiStreamParser(catalogs, { ...parserOptions, history: [...(parserOptions.history ?? []), ...applied] });
  };
  /** The A2UI the stream's messages wrote, but for the current step's (see `MessageState`). */
  const written = new MessageCompactor();
  let message: MessageState | undefined;
  /** Ends the current message: its open blocks, and its last step goes into `written`. */
  const endMessage = (): void => {
    message?.end();
    message?.startStep();
    message = undefined;
  };
  /** Provider metadata of each open provider text part, by its id. */
  const textMetadata = new Map<string, ProviderMetadata | undefined>();
  return new TransformStream<UIMessageChunk, UIMessageChunk>({
    transform(chunk, controller) {
      const enqueue = (out: UIMessageChunk): void => controller.enqueue(out);
      if (chunk.type === 'start') {
        endMessage();
        message = new MessageState(makeParser, written, mode, enqueue);
        controller.enqueue(chunk);
        return;
      }
      message ??= new MessageState(makeParser, written, mode, enqueue);
      switch (chunk.type) {
        case 'text-start':
          textMetadata.set(chunk.id, chunk.providerMetadata);
          return;
        case 'text-delta':
          if (typeof (chunk.delta as unknown) !== 'string') {
            message.badDelta(chunk.delta);
            return;
          }
          message.push(chunk.delta, JSON.stringify(chunk).length, textMetadata.get(chunk.id), chunk.providerMetadata);
          return;
        case 'text-end': {
          textMetadata.delete(chunk.id);
          const { type: _type, id: _id, ...end } = chunk;
          message.endText(end);
          return;
        }
      }
      if (chunk.type === 'start-step') message.startStep();
      if (chunk.type === 'reset-step') {
        message.resetStep();
        textMetadata.clear();
      }
      if (chunk.type === 'finish' || chunk.type === 'abort') endMessage();
      else if (ENDS_PARSING.has(chunk.type)) message.end();
      controller.enqueue(chunk);
    },
    flush() {
      message?.end();
    },
  });
}
