/**
 * One block being read: its JSON reader, and the protocol events its values make (a message
 * completed, a component closed, a message's `surfaceId` read). Knows only where things stand in
 * the JSON, not what they mean.
 *
 * A message is an object at the top of the block (or an item of its top-level list), or, as the
 * reference reads a model that forgot a closing brace, any object holding a message key nested in
 * an unfinished message.
 */
import type { A2uiError } from '../errors.js';
import type { BuilderHandler, Frame } from '../json/builder.js';
import { JsonBlockReader } from '../json/block-reader.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';

/** What the block knows about a message being read. Lives until the message closes. */
export interface MessageContext {
  /** Index in the reader's frames of the message object. */
  readonly level: number;
  /** The message key (`updateComponents`, …) once its body opened or the message completed. */
  key: string | undefined;
  /** The body's `surfaceId`, once read. */
  surfaceId: string | undefined;
  /** Components that closed before they could be put (before `surfaceId`, or a v1.0 start's header), with their index in the list. */
  readonly early: { readonly component: WireComponent; readonly index: number }[];
  /** Characters read when the message opened. */
  readonly start: number;
  /** Characters read when the component being read opened. */
  componentStart: number;
  /** A message began nested in this one: its data model went out before the nested one's (see `beforeNested`). */
  sealed: boolean;
  /** Its index in the block's list of messages, in the order they began (what error details name: `messages.<index>`). */
  readonly index: number;
  /** Components of it found invalid as they closed (reported then; its completion does not check them again). */
  rejected: Set<unknown> | undefined;
}

/** What the streaming core does with the events of a block. */
export interface BlockHandler {
  /** A message object completed. */
  onMessage(message: Readonly<Record<string, unknown>>, context: MessageContext): void;
  /** A component object inside a message's `components` closed (message still open); `index`: its place in the list. */
  onComponent(component: WireComponent, context: MessageContext, index: number): void;
  /** A value that is not an object stands where a message goes (`index`: its place in the block's list). */
  onNotMessage(value: unknown, index: number): void;
  /** The message's `surfaceId` was read (components that closed before it follow via onComponent). */
  onSurfaceId(context: MessageContext): void;
  /**
   * A member of the message's body opened (`opened`: an object or list begins under `key`) or
   * completed; `body` holds the members complete so far.
   */
  onBodyMember(context: MessageContext, key: string, body: Readonly<Record<string, unknown>>, opened: boolean): void;
  /** A message begins nested in the open ones (a forgotten closing brace): what they hold goes out first. */
  beforeNested(block: Block): void;
}

/**
 * One block; see the module comment.
 *
 * Messages go out in the order their objects began, whatever the chunking: when a message begins
 * nested in an unfinished one (a forgotten closing brace), `beforeNested` runs first, so that what
 * the unfinished one holds goes out before anything of the nested one (fed whole, the nested
 * message would otherwise complete, and go out, first; fed in small chunks, the outer one's
 * partials would: a renderer would end differently). Nested messages then go out as they
 * complete, as the reference sends them.
 */
export class Block implements BuilderHandler {
  readonly reader: JsonBlockReader;
  /** A read error: the rest of the block is skipped and the error reported when it closes. */
  readError: A2uiError | undefined;
  /** A failure interrupted the block: the rest of it is skipped silently. */
  abandoned = false;
  /** Characters read since the last message completed (bounded by `maxBufferSize`). */
  unfinished = 0;
  /** Whether a JSON object, or a top-level list, completed in this block (else its close is an error). */
  foundValue = false;
  /** Messages (and values standing where one goes) begun so far: the next one's index. */
  #messages = 0;
  /** Messages being read, outermost first. */
  readonly #open: MessageContext[] = [];
  readonly #spec: VersionSpec;
  readonly #handler: BlockHandler;

  constructor(spec: VersionSpec, handler: BlockHandler, maxDepth: number) {
    this.#spec = spec;
    this.#handler = handler;
    this.reader = new JsonBlockReader(this, { maxDepth });
  }

  #charsRead(): number {
    return this.reader.charsRead;
  }

  /** The messages being read, outermost first (more than one only when a brace was forgotten). */
  get openMessages(): readonly MessageContext[] {
    return this.#open;
  }

  /** The innermost message being read, if any. */
  get current(): MessageContext | undefined {
    return this.#open[this.#open.length - 1];
  }

  onOpen(frames: readonly Frame[]): void {
    const index = frames.length - 1;
    const frame = frames[index] as Frame;
    if (!frame.isArray && this.#isMessageLevel(frames, index)) {
      this.#open.push(newContext(index, this.#charsRead(), this.#messages++));
      return;
    }
    const current = this.current;
    if (current && !frame.isArray && index === current.level + 3 && this.#inComponentList(frames, current)) {
      current.componentStart = this.#charsRead();
      return;
    }
    if (current && index === current.level + 2 && typeof frame.keyInParent === 'string' && this.#inBody(frames, current)) {
      this.#handler.onBodyMember(current, frame.keyInParent, (frames[index - 1] as Frame).container as Record<string, unknown>, true);
    }
    const parent = frames[index - 1];
    if (frame.isArray || !parent || parent.isArray || !this.#isMessageKey(frame.keyInParent)) return;
    if (current?.level === index - 1) current.key ??= frame.keyInParent as string;
    else if (!current || current.level < index - 1) {
      if (current) this.#handler.beforeNested(this);
      this.#open.push({ ...newContext(index - 1, this.#charsRead(), this.#messages++), key: frame.keyInParent as string });
    }
  }

  onValue(value: unknown, parents: readonly Frame[], key: string | number | undefined): void {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (isObject || (parents.length === 0 && Array.isArray(value))) this.foundValue = true;
    const context = this.current;
    if (!context) {
      // A scalar (or a list inside the top-level list) where a message goes.
      if (!isObject && this.#isMessageLevel(parents, parents.length) && !(parents.length === 0 && Array.isArray(value))) {
        this.#handler.onNotMessage(value, this.#messages++);
      }
      return;
    }
    const depth = parents.length;
    if (depth === context.level) {
      this.#open.pop();
      if (isObject) {
        context.key ??= this.#messageKeyOf(value as Record<string, unknown>);
        this.#handler.onMessage(value as Record<string, unknown>, context);
      }
      return;
    }
    if (depth === context.level + 2 && typeof key === 'string' && this.#inBody(parents, context)) {
      if (key === 'surfaceId' && typeof value === 'string') {
        context.surfaceId = value;
        this.#handler.onSurfaceId(context);
      }
      this.#handler.onBodyMember(context, key, (parents[depth - 1] as Frame).container as Record<string, unknown>, false);
      return;
    }
    if (isObject && depth === context.level + 3 && this.#inComponentList(parents, context)) {
      this.#handler.onComponent(value as WireComponent, context, key as number);
    }
  }

  /** Index of the open frame holding the components of the current message, if one is open. */
  componentListLevel(frames: readonly Frame[]): number | undefined {
    const context = this.current;
    if (!context || frames.length <= context.level + 2) return undefined;
    return this.#inComponentList(frames, context) ? context.level + 2 : undefined;
  }

  /** Whether a value at depth `index` (in `frames`, its open parents and maybe itself) stands where a message goes. */
  #isMessageLevel(frames: readonly Frame[], index: number): boolean {
    return index === 0 || (index === 1 && (frames[0] as Frame).isArray);
  }

  #inBody(parents: readonly Frame[], context: MessageContext): boolean {
    const body = parents[context.level + 1];
    return body !== undefined && !body.isArray && body.keyInParent === context.key;
  }

  #inComponentList(parents: readonly Frame[], context: MessageContext): boolean {
    const list = parents[context.level + 2];
    return list !== undefined && list.isArray && list.keyInParent === 'components' && this.#inBody(parents, context);
  }

  #isMessageKey(key: string | number | undefined): boolean {
    return typeof key === 'string' && this.#spec.messageKeys.includes(key);
  }

  #messageKeyOf(message: Record<string, unknown>): string | undefined {
    return this.#spec.messageKeys.find((key) => key in message);
  }
}

function newContext(level: number, start: number, index: number): MessageContext {
  return { level, key: undefined, surfaceId: undefined, early: [], start, componentStart: start, sealed: false, index, rejected: undefined };
}
