/**
 * The JSON reader of one `<a2ui-json>` block: its {@link JsonBlockReader}, and the events its
 * values make on the {@link MessageSink} (a message completed, a component closed, a message's
 * `surfaceId` read, what the values still open show). Knows where things stand in the JSON, not
 * what they mean.
 *
 * A message is an object at the top of the block (or an item of its top-level list), or, as the
 * reference reads a model that forgot a closing brace, any object holding a message key nested in
 * an unfinished message.
 *
 * Messages go out in the order their objects began, whatever the chunking: when a message begins
 * nested in an unfinished one, what the unfinished ones hold is looked at and handed over first
 * ({@link MessageSink.nested}), so nothing of the nested one goes out before it (fed whole, the
 * nested message would otherwise complete, and go out, first; fed in small chunks, the outer
 * one's partials would: a renderer would end differently). Nested messages then go out as they
 * complete, as the reference sends them.
 *
 * Like the reference, a malformed block is not an error until it closes: the messages read before
 * the error stand, what was read goes out (the open component with every child read), and the
 * rest of the block is skipped.
 */
import { A2uiParseError, type A2uiError } from '../errors.js';
import type { BuilderHandler, Frame } from '../json/builder.js';
import { JsonBlockReader } from '../json/block-reader.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import { limitError } from './options.js';
import { HeldText } from './held-text.js';
import { inBody, inComponentList, isMessageLevel, type JsonMessage } from './json-positions.js';
import { OpenValues, type LookSettings } from './open-values.js';
import type { BlockReader, MessageSink } from './reader.js';

/** Settings of the JSON reader, derived from the parser options once. */
export interface JsonBlockSettings extends LookSettings {
  readonly spec: VersionSpec;
  readonly maxDepth: number;
  /** Largest amount of input read since the last message completed. */
  readonly maxBufferSize: number;
}

/** One block; see the module comment. */
export class JsonBlock implements BuilderHandler, BlockReader {
  readonly #reader: JsonBlockReader;
  /** A read error: the rest of the block is skipped and the error reported when it closes. */
  #readError: A2uiError | undefined;
  /** A failure interrupted the block: the rest of it is skipped silently (see {@link BlockReader.skipped}). */
  skipped = false;
  /**
   * Text not read into a completed message (from the block's start or the last message's end;
   * after a read error, from the error on), given back if the block never closes after a read
   * error or without any JSON value; nothing once longer than `maxBufferSize`.
   */
  readonly #unread: HeldText;
  /** Block offset where the last message completed (0: none did). */
  #settled = 0;
  /** Characters read since the last message completed (bounded by `maxBufferSize`). */
  #unfinished = 0;
  /** Whether a JSON object, or a top-level list, completed in this block (else its close is an error). */
  #foundValue = false;
  /** Messages (and values standing where one goes) begun so far: the next one's index. */
  #messages = 0;
  /** Messages being read, outermost first. */
  readonly #open: JsonMessage[] = [];
  readonly #settings: JsonBlockSettings;
  readonly #sink: MessageSink;
  readonly #looks: OpenValues;

  constructor(sink: MessageSink, settings: JsonBlockSettings) {
    this.#settings = settings;
    this.#sink = sink;
    this.#unread = new HeldText(settings.maxBufferSize);
    this.#reader = new JsonBlockReader(this, { maxDepth: settings.maxDepth });
    this.#looks = new OpenValues(sink, this.#reader, settings);
  }

  read(text: string, endOfPiece: boolean): void {
    if (this.skipped) return;
    this.#unread.add(text);
    if (this.#readError) return;
    this.#unfinished += text.length;
    if (this.#unfinished > this.#settings.maxBufferSize) throw limitError('maxBufferSize', this.#settings.maxBufferSize);
    try {
      this.#reader.push(text);
    } catch (error) {
      if (!(error instanceof A2uiParseError)) throw error;
      this.#readError = error;
      // Where nothing began a message the whole text is given back, else the text from the error on.
      this.#unread.dropTo(this.#messages === 0 && this.#open.length === 0 ? 0 : (error.offset ?? this.#unread.from));
      // What was read before the error goes out as it would have at the end of a chunk there, and
      // (the block reads no more) the open component past the gates, as when a block ends inside it.
      this.#afterPiece();
      if (this.#current !== undefined) this.#lastLook();
      return;
    }
    // Between messages the count starts again, but not inside a string or number where a message belongs.
    if (this.#current === undefined && this.#reader.cut().kind === 'none') this.#unfinished = 0;
    this.#unread.dropTo(this.#settled);
    if (endOfPiece) this.#afterPiece();
  }

  get cutAt(): string | undefined {
    const context = this.#current;
    if (context === undefined || this.#readError || this.skipped) return undefined;
    const frames = this.#reader.frames;
    const at = context.level + 3;
    const frame = frames[at];
    if (frame === undefined || frame.isArray || !inComponentList(frames, context)) {
      const surface = context.surfaceId === undefined ? '' : ` for surface '${context.surfaceId}'`;
      return `The stream ended inside ${context.key === undefined ? 'a message' : `the ${context.key} message`}${surface}.`;
    }
    const component = frame.container as Record<string, unknown>;
    const id = typeof component.id === 'string' ? `'${component.id}'` : '(no id yet)';
    const type =
      typeOf(component.component) ?? (frames[at + 1]?.keyInParent === 'component' ? (frames[at + 2]?.keyInParent ?? frames[at + 1]?.key) : undefined);
    const path = [...frames.slice(at + 1).map((open) => open.keyInParent), frames[frames.length - 1]?.key].filter((key) => key !== undefined);
    const property = frames.length - 1 === at && frame.key === undefined ? '' : `, reading property '${path.join('.')}'`;
    return `The stream ended inside component ${id}${typeof type === 'string' ? ` (${type})` : ''}${property}.`;
  }

  get unread(): { text: string; reason: string } | undefined {
    const text = this.skipped ? undefined : this.#unread.text;
    if (!text) return undefined;
    if (this.#readError) return { text, reason: this.#readError.message };
    // Nothing in the block was JSON (models write prose before a value; the reader skips it).
    if (!this.#foundValue && this.#messages === 0 && this.#open.length === 0) return { text, reason: 'it holds no JSON value' };
    return undefined;
  }

  end(closed: boolean): A2uiError | undefined {
    // A look at what a read error left failing (the block was abandoned then) does not hide the read error.
    if (!this.skipped && !this.#readError && this.#current !== undefined) this.#lastLook();
    // Prose the model wrote around its messages is not lost silently (C37); a block with no
    // message has its own error, or is given back as text.
    const skippedText = this.skipped || (this.#messages === 0 && !this.#foundValue) ? undefined : this.#reader.skippedError();
    if (skippedText) this.#sink.report(skippedText);
    if (!closed) return undefined;
    if (this.#readError) return this.#readError;
    if (!this.skipped && !this.#foundValue) return new A2uiParseError('Failed to parse JSON: No valid JSON object found in A2UI block.');
    return undefined;
  }

  interrupt(): void {
    this.skipped = true;
  }

  /** After a piece of block content: what the open values show, then what changed goes out. */
  #afterPiece(): void {
    this.#looks.look(this.#open);
    this.#sink.flush(this.#reader.charsRead);
  }

  /** A last look at what the block leaves open (closed unfinished, cut short or ended by a read error): everything read goes out. */
  #lastLook(): void {
    this.#looks.lastLook(this.#open);
    this.#sink.flush();
    this.#sink.openValuesEnded();
  }

  /** The innermost message being read, if any. */
  get #current(): JsonMessage | undefined {
    return this.#open[this.#open.length - 1];
  }

  onOpen(frames: readonly Frame[]): void {
    const index = frames.length - 1;
    const frame = frames[index] as Frame;
    if (!frame.isArray && isMessageLevel(frames, index)) {
      this.#open.push(this.#newMessage(index));
      return;
    }
    const current = this.#current;
    if (current && !frame.isArray && index === current.level + 3 && inComponentList(frames, current)) {
      current.componentStart = this.#reader.charsRead;
      return;
    }
    if (current && index === current.level + 2 && typeof frame.keyInParent === 'string' && inBody(frames, current)) {
      this.#sink.bodyMember(current, frame.keyInParent, (frames[index - 1] as Frame).container as Record<string, unknown>, true);
    }
    const parent = frames[index - 1];
    if (frame.isArray || !parent || parent.isArray || !this.#isMessageKey(frame.keyInParent)) return;
    if (current?.level === index - 1) current.key ??= frame.keyInParent as string;
    else if (!current || current.level < index - 1) {
      if (current) {
        // What the open messages hold goes out first, looked at as they stand, whatever a look's due says.
        this.#looks.look(this.#open, { kind: 'none' });
        this.#sink.nested(this.#open);
      }
      const message = this.#newMessage(index - 1);
      message.key = frame.keyInParent as string;
      this.#open.push(message);
    }
  }

  onValue(value: unknown, parents: readonly Frame[], key: string | number | undefined): void {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (isObject || (parents.length === 0 && Array.isArray(value))) this.#foundValue = true;
    const context = this.#current;
    if (!context) {
      // A scalar (or a list inside the top-level list) where a message goes.
      if (!isObject && isMessageLevel(parents, parents.length) && !(parents.length === 0 && Array.isArray(value))) {
        this.#sink.notMessage(value, this.#messages++);
      }
      return;
    }
    const depth = parents.length;
    if (depth === context.level) {
      this.#open.pop();
      this.#settled = this.#reader.charsRead;
      if (isObject) {
        context.key ??= this.#messageKeyOf(value as Record<string, unknown>);
        this.#sink.message(value as Record<string, unknown>, context);
      }
      return;
    }
    if (depth === context.level + 2 && typeof key === 'string' && inBody(parents, context)) {
      if (key === 'surfaceId' && typeof value === 'string') {
        context.surfaceId = value;
        this.#sink.surfaceId(context);
      }
      this.#sink.bodyMember(context, key, (parents[depth - 1] as Frame).container as Record<string, unknown>, false);
      return;
    }
    if (isObject && depth === context.level + 3 && inComponentList(parents, context)) {
      this.#sink.component(value as WireComponent, context, key as number);
    }
  }

  #newMessage(level: number): JsonMessage {
    const offset = this.#reader.charsRead;
    return { level, key: undefined, surfaceId: undefined, offset, componentStart: offset, index: this.#messages++ };
  }

  #isMessageKey(key: string | number | undefined): boolean {
    return typeof key === 'string' && this.#settings.spec.messageKeys.includes(key);
  }

  #messageKeyOf(message: Record<string, unknown>): string | undefined {
    return this.#settings.spec.messageKeys.find((key) => key in message);
  }
}

/** The type a component's `component` names: v0.9 on, the string; v0.8, the one key of its object. */
function typeOf(component: unknown): string | undefined {
  if (typeof component === 'string') return component;
  if (typeof component === 'object' && component !== null) return Object.keys(component)[0];
  return undefined;
}
