import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { boundedError, type ErrorBudget, firstErrorRoom, fitError } from '../internal.js';
import type { A2uiError, A2uiMessage, Part } from '../index.js';
import { MessageCompactor } from './compact.js';
import type { FramingLedger } from './framing-ledger.js';
import type { A2uiDataMode, A2uiErrorData } from './types.js';

/** What a provider's `text-end` may carry besides its id (citations in ai 7, provider metadata). */
export type TextEndFields = Omit<Extract<UIMessageChunk, { type: 'text-end' }>, 'type' | 'id'>;

/** The plain-JSON form of an error, for a `data-a2ui-error` part (its texts and details bounded: `boundedError`). */
export function errorData(error: A2uiError): A2uiErrorData {
  const { message, details } = boundedError(error);
  const data: A2uiErrorData = {
    category: error.category,
    message,
    details: details.map(({ path, code, message }) => ({ path, code, message })),
  };
  if (error.line !== undefined) data.line = error.line;
  if (error.column !== undefined) data.column = error.column;
  if (error.offset !== undefined) data.offset = error.offset;
  return data;
}

/** Eight random base-36 characters (ids need to differ between requests, not to be secret). */
function runTag(): string {
  let tag = '';
  while (tag.length < 8) tag += Math.random().toString(36).slice(2);
  return tag.slice(0, 8);
}

/** Bytes of a chunk as JSON (what the wire carries of it). */
const bytesOf = (chunk: unknown): number => JSON.stringify(chunk).length;

/** Text written and not yet sent: pieces of one read that nothing else came between go out as one `text-delta`. */
interface PendingText {
  text: string;
  providerMetadata: ProviderMetadata | undefined;
  deltaMetadata: ProviderMetadata | undefined;
}

/**
 * Turns the parser's parts of one assistant message into UI message chunks, in order: text as
 * text parts (closed before each A2UI or error part, a new one opened after it, so the client
 * keeps the order), A2UI as `data-a2ui` parts, errors as `data-a2ui-error` parts. Ids are
 * numbered per writer after a random tag of the writer (`a2ui-text-<tag>-1`, `a2ui-<tag>-1`,
 * `a2ui-error-<tag>-1`): unique however often the provider repeats its own text ids across
 * steps, and when a later request continues the message (the client reconciles a data part with
 * an earlier part of the message that has the same type and id, so plain numbers counted again
 * would overwrite the first request's parts).
 *
 * With a {@link FramingLedger}, A2UI whose framing (its data part, the text part it splits)
 * would not fit waits, merged with the A2UI after it, until it fits or {@link flush} is forced:
 * the text after it goes out first, in the text part still open. Text is sent at each
 * {@link flush}, one `text-delta` for what the parts between two other chunks held.
 */
export class A2uiChunkWriter {
  /** Tells this writer's ids from those of the writers of earlier requests for the same message. */
  private readonly tag = runTag();
  private textId: string | undefined;
  private texts = 0;
  private data = 0;
  private errors = 0;
  /** Characters of the model's text read (what the first error is fitted to). */
  private read = 0;
  /** Block mode: the id and messages of the block being written, and the bytes of those messages sent. */
  private block: { id: string; compactor: MessageCompactor; bytes: number } | undefined;
  private pending: PendingText | undefined;
  /** A2UI waiting for room in the ledger. */
  private held: MessageCompactor | undefined;
  /** A `text-delta` went out since the last read: the next one is the entry's own framing. */
  private deltaSent = false;
  /** Provider metadata put on a `text-start` already: once per provider text part, as the AI SDK's own stream sends it. */
  private metadataSent = new WeakSet<ProviderMetadata>();

  /**
   * @param mode - how A2UI goes out (see {@link A2uiDataMode}).
   * @param enqueue - receives each chunk.
   * @param budget - which errors go out (default: all); see {@link errorsWithheld}.
   * @param ledger - the framing allowed (default: no bound, A2UI never waits).
   */
  constructor(
    private readonly mode: A2uiDataMode,
    private readonly enqueue: (chunk: UIMessageChunk) => void,
    private readonly budget?: ErrorBudget,
    private readonly ledger?: FramingLedger,
  ) {}

  /** Writes parser parts (their text goes out at the next {@link flush} or other chunk). */
  parts(parts: readonly Part[]): void {
    for (const part of parts) {
      if (part.type === 'text') this.text(part.text);
      else if (part.type === 'a2ui') this.a2ui(part.messages);
      else this.error(part.error);
    }
  }

  /**
   * Writes text, opening a text part if none is open; `providerMetadata` goes on the text-start,
   * `deltaMetadata` on the text-delta.
   */
  text(text: string, providerMetadata?: ProviderMetadata, deltaMetadata?: ProviderMetadata): void {
    if (text === '') return;
    if (this.pending && deltaMetadata === undefined) {
      this.pending.text += text;
      return;
    }
    this.flushText();
    this.pending = { text, providerMetadata, deltaMetadata };
  }

  /**
   * Sends the text written, then the A2UI waiting if it now fits (`force`: in any case, as at
   * the end of a step).
   */
  flush(force = false): void {
    this.flushText();
    const held = this.held;
    if (held === undefined || !(force || this.ledger?.fits(this.a2uiFraming()))) return;
    this.held = undefined;
    this.writeA2ui(held.messages());
  }

  /** `chars` more characters of the model's text were read, in a delta of `bytes` (as JSON): the budgets grow. */
  readText(chars: number, bytes = 0): void {
    this.read += chars;
    this.budget?.read(chars);
    this.ledger?.read(bytes);
    this.deltaSent = false;
  }

  /**
   * Writes an error as a `data-a2ui-error` part (unless the budget withholds it; the message's
   * first error fitted to what was read: `fitError`); a block being written ends.
   */
  error(error: A2uiError): void {
    const size = (e: A2uiError): number => bytesOf(errorData(e));
    const data = errorData(this.budget && this.errors === 0 ? fitError(error, firstErrorRoom(this.read), size) : error);
    // Its whole cost: the part, and the text part it splits (probe 17: 5× the text for `<a2ui-json>[1]</a2ui-json> ` × 400).
    if (this.budget && !this.budget.admit(error, bytesOf(this.errorChunk(data, this.errors + 1)) + this.splitFraming())) return;
    this.send(data);
  }

  /** Writes one error part counting the errors the budget withheld since the last call, if any. */
  errorsWithheld(): void {
    const summary = this.budget?.summary();
    if (summary) this.send(errorData(summary));
  }

  private errorChunk(data: A2uiErrorData, n: number): UIMessageChunk {
    return { type: 'data-a2ui-error', id: `a2ui-error-${this.tag}-${n}`, data };
  }

  private send(data: A2uiErrorData): void {
    this.closeText();
    this.block = undefined;
    const chunk = this.errorChunk(data, ++this.errors);
    this.emit(chunk, bytesOf(chunk) - bytesOf(data));
  }

  /**
   * Closes the open text part, if any. `end` holds what a provider's `text-end` carried
   * (citations, provider metadata): it goes on this text-end; with no text part open (the
   * provider's text ended with a block), on an empty text part, so that it is not lost.
   */
  closeText(end: TextEndFields = {}): void {
    this.flushText();
    if (this.textId === undefined) {
      if (Object.values(end).every((value) => value === undefined)) return;
      this.openText(undefined);
    }
    this.emit({ ...end, type: 'text-end', id: this.textId as string });
    this.textId = undefined;
  }

  /**
   * Forgets the open text part, the block being written and what was not sent, without closing
   * them: the client dropped them (`reset-step`). Ids keep counting, so none is used twice.
   */
  resetStep(): void {
    this.textId = undefined;
    this.block = undefined;
    this.pending = undefined;
    this.held = undefined;
    this.metadataSent = new WeakSet();
  }

  /** Ends the block being written (block mode): the next A2UI goes into a new part. */
  endBlock(): void {
    this.block = undefined;
  }

  /** Enqueues a chunk of the writer's own framing, spending the ledger. */
  private emit(chunk: UIMessageChunk, framing = bytesOf(chunk)): void {
    this.ledger?.spend(framing);
    this.enqueue(chunk);
  }

  private openText(providerMetadata: ProviderMetadata | undefined): void {
    this.textId = `a2ui-text-${this.tag}-${++this.texts}`;
    // A reopened text part (after A2UI or an error) carries none: 430 bytes of it made an error flood 6.5× its text (probe 17).
    if (providerMetadata === undefined || this.metadataSent.has(providerMetadata)) {
      this.emit({ type: 'text-start', id: this.textId });
      return;
    }
    this.metadataSent.add(providerMetadata);
    this.emit({ type: 'text-start', id: this.textId, providerMetadata });
  }

  private flushText(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    this.block = undefined;
    if (this.textId === undefined) this.openText(pending.providerMetadata);
    const { text, deltaMetadata } = pending;
    const id = this.textId as string;
    const chunk: UIMessageChunk = deltaMetadata
      ? { type: 'text-delta', id, delta: text, providerMetadata: deltaMetadata }
      : { type: 'text-delta', id, delta: text };
    // The first delta of a read stands for the delta read; a later one is a split's framing.
    this.emit(chunk, this.deltaSent && this.ledger ? bytesOf(chunk) - bytesOf(text) : 0);
    this.deltaSent = true;
  }

  /**
   * The framing that A2UI going out now costs at most: its data part (in block mode with the
   * block's messages sent before, which it sends again), the open text part's end and the next
   * text part's start and first delta.
   */
  private a2uiFraming(): number {
    const id = this.block?.id ?? `a2ui-${this.tag}-${this.data + 1}`;
    const data = bytesOf({ type: 'data-a2ui', id, data: { messages: [] } }) + (this.block?.bytes ?? 0);
    return data + this.splitFraming();
  }

  /** The framing of a text part split around a part: the open one's end, the next one's start and first delta. */
  private splitFraming(): number {
    const textId = `a2ui-text-${this.tag}-${this.texts + 1}`;
    return bytesOf({ type: 'text-end', id: textId }) + bytesOf({ type: 'text-start', id: textId }) + bytesOf({ type: 'text-delta', id: textId, delta: '' });
  }

  private a2ui(messages: A2uiMessage[]): void {
    if (messages.length === 0) return;
    if (this.ledger && (this.held || !this.ledger.fits(this.a2uiFraming()))) {
      this.held ??= new MessageCompactor();
      for (const message of messages) this.held.add(message);
      return;
    }
    this.writeA2ui(messages);
  }

  private writeA2ui(messages: A2uiMessage[]): void {
    this.closeText();
    const framing = (id: string): number => bytesOf({ type: 'data-a2ui', id, data: { messages: [] } });
    if (this.mode === 'events') {
      const id = `a2ui-${this.tag}-${++this.data}`;
      this.emit({ type: 'data-a2ui', id, data: { messages } }, framing(id));
      return;
    }
    this.block ??= { id: `a2ui-${this.tag}-${++this.data}`, compactor: new MessageCompactor(), bytes: 0 };
    const block = this.block;
    for (const message of messages) block.compactor.add(message);
    const sent = block.compactor.messages();
    this.emit({ type: 'data-a2ui', id: block.id, data: { messages: sent } }, framing(block.id) + block.bytes);
    if (this.ledger) block.bytes = bytesOf(sent);
  }
}
