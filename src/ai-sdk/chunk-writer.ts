import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { boundedError, type ErrorBudget, firstErrorRoom, fitError } from '../internal.js';
import type { A2uiError, A2uiMessage, Part } from '../index.js';
import { MessageCompactor } from './compact.js';
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

/**
 * Turns the parser's parts of one assistant message into UI message chunks, in order: text as
 * text parts (closed before each A2UI or error part, a new one opened after it, so the client
 * keeps the order), A2UI as `data-a2ui` parts, errors as `data-a2ui-error` parts. Ids are
 * numbered per writer after a random tag of the writer (`a2ui-text-<tag>-1`, `a2ui-<tag>-1`,
 * `a2ui-error-<tag>-1`): unique however often the provider repeats its own text ids across
 * steps, and when a later request continues the message (the client reconciles a data part with
 * an earlier part of the message that has the same type and id, so plain numbers counted again
 * would overwrite the first request's parts).
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
  /** Block mode: the id and messages of the block being written. */
  private block: { id: string; compactor: MessageCompactor } | undefined;

  /**
   * @param mode - how A2UI goes out (see {@link A2uiDataMode}).
   * @param enqueue - receives each chunk.
   * @param budget - which errors go out (default: all); see {@link errorsWithheld}.
   */
  constructor(
    private readonly mode: A2uiDataMode,
    private readonly enqueue: (chunk: UIMessageChunk) => void,
    private readonly budget?: ErrorBudget,
  ) {}

  /** Writes parser parts. */
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
    this.block = undefined;
    if (this.textId === undefined) {
      this.textId = `a2ui-text-${this.tag}-${++this.texts}`;
      this.enqueue(providerMetadata ? { type: 'text-start', id: this.textId, providerMetadata } : { type: 'text-start', id: this.textId });
    }
    const id = this.textId;
    this.enqueue(deltaMetadata ? { type: 'text-delta', id, delta: text, providerMetadata: deltaMetadata } : { type: 'text-delta', id, delta: text });
  }

  /** `chars` more characters of the model's text were read: the budget grows. */
  readText(chars: number): void {
    this.read += chars;
    this.budget?.read(chars);
  }

  /**
   * Writes an error as a `data-a2ui-error` part (unless the budget withholds it; the message's
   * first error fitted to what was read: `fitError`); a block being written ends.
   */
  error(error: A2uiError): void {
    const size = (e: A2uiError): number => JSON.stringify(errorData(e)).length;
    const data = errorData(this.budget && this.errors === 0 ? fitError(error, firstErrorRoom(this.read), size) : error);
    // The id's own length is left out: it is bounded, and the part's other fields dwarf it.
    if (this.budget && !this.budget.admit(error, JSON.stringify(data).length)) return;
    this.send(data);
  }

  /** Writes one error part counting the errors the budget withheld since the last call, if any. */
  errorsWithheld(): void {
    const summary = this.budget?.summary();
    if (summary) this.send(errorData(summary));
  }

  private send(data: A2uiErrorData): void {
    this.closeText();
    this.block = undefined;
    this.enqueue({ type: 'data-a2ui-error', id: `a2ui-error-${this.tag}-${++this.errors}`, data });
  }

  /**
   * Closes the open text part, if any. `end` holds what a provider's `text-end` carried
   * (citations, provider metadata): it goes on this text-end; with no text part open (the
   * provider's text ended with a block), on an empty text part, so that it is not lost.
   */
  closeText(end: TextEndFields = {}): void {
    if (this.textId === undefined) {
      if (Object.values(end).every((value) => value === undefined)) return;
      this.textId = `a2ui-text-${this.tag}-${++this.texts}`;
      this.enqueue({ type: 'text-start', id: this.textId });
    }
    this.enqueue({ ...end, type: 'text-end', id: this.textId });
    this.textId = undefined;
  }

  /**
   * Forgets the open text part and the block being written, without closing them: the client
   * dropped them (`reset-step`). Ids keep counting, so none is used twice.
   */
  resetStep(): void {
    this.textId = undefined;
    this.block = undefined;
  }

  /** Ends the block being written (block mode): the next A2UI goes into a new part. */
  endBlock(): void {
    this.block = undefined;
  }

  private a2ui(messages: A2uiMessage[]): void {
    if (messages.length === 0) return;
    this.closeText();
    if (this.mode === 'events') {
      this.enqueue({ type: 'data-a2ui', id: `a2ui-${this.tag}-${++this.data}`, data: { messages } });
      return;
    }
    this.block ??= { id: `a2ui-${this.tag}-${++this.data}`, compactor: new MessageCompactor() };
    for (const message of messages) this.block.compactor.add(message);
    this.enqueue({ type: 'data-a2ui', id: this.block.id, data: { messages: this.block.compactor.messages() } });
  }
}
