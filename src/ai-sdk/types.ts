import type { UIDataTypes, UIMessage, UITools } from 'ai';
import type { A2uiErrorCategory, A2uiErrorDetail, A2uiMessage, A2uiMessageOf, A2uiUserAction, ProtocolVersion, StreamParserOptions } from '../index.js';

/**
 * The data of a `data-a2ui` part: A2UI messages, in the order a renderer applies them.
 * `A2uiData<'0.9'>` holds v0.9 messages (what a route parsing with a v0.9 catalog writes).
 */
export type A2uiData<VERSION extends ProtocolVersion = ProtocolVersion> = {
  /** The messages; apply them in order (`processor.processMessages(data.messages)`). */
  messages: A2uiMessageOf<VERSION>[];
};

/**
 * The data of a `data-a2ui-error` part: a block that failed to parse or validate (or a limit that
 * ended parsing), as plain JSON, so that it survives the wire and persistence.
 */
export type A2uiErrorData = {
  /** The error's `category` (`ParseError`, `ValidationError`, `LimitError`, …). */
  category: A2uiErrorCategory;
  /** The error's message. */
  message: string;
  /** The individual problems (`path`, `code`, `message`), possibly none. */
  details: A2uiErrorDetail[];
  /** 1-based line of a read error inside its block, when known. */
  line?: number;
  /** 1-based column of a read error inside its block, when known. */
  column?: number;
  /** 0-based offset of a read error inside its block, when known. */
  offset?: number;
};

/**
 * The data models of the surfaces created with `sendDataModel: true`, as the client sends them
 * (web_core's `processor.getClientDataModel()`; the specification's `a2uiClientDataModel`).
 */
export type A2uiClientDataModel = {
  /** The protocol version (`v0.9`, …). */
  version: string;
  /** Each surface's whole data model, by surface id. */
  surfaces: { [surfaceId: string]: { [key: string]: unknown } };
};

/** The data of a `data-a2ui-action` part: what the user did, and the data models sent with it. */
export type A2uiActionData = {
  /** The action. */
  action: A2uiUserAction;
  /** The data models of the surfaces that ask for them; absent when none does. */
  dataModel?: A2uiClientDataModel;
};

/**
 * The data parts of an A2UI chat: `data-a2ui` and `data-a2ui-error` (which the route writes) and
 * `data-a2ui-action` (which the client sends back).
 */
export type A2uiDataTypes<VERSION extends ProtocolVersion = ProtocolVersion> = {
  /** `data-a2ui`: A2UI messages to apply. */
  a2ui: A2uiData<VERSION>;
  /** `data-a2ui-error`: a block that failed, in place of its messages. */
  'a2ui-error': A2uiErrorData;
  /** `data-a2ui-action`: a user's action on a surface, the next user turn. */
  'a2ui-action': A2uiActionData;
};

/**
 * A `UIMessage` whose `data-a2ui`, `data-a2ui-error` and `data-a2ui-action` parts are typed (plus any data parts of
 * your own in `DATA`). `VERSION` is the protocol version the route writes, so that the messages
 * fit that version's renderer: `useChat<A2uiUIMessage<'0.9'>>()` gives `part.data.messages` that
 * `@a2ui/web_core/v0_9`'s `processMessages` takes. Default: any version.
 */
export type A2uiUIMessage<
  VERSION extends ProtocolVersion = ProtocolVersion,
  METADATA = unknown,
  DATA extends UIDataTypes = Record<never, never>,
  TOOLS extends UITools = UITools,
> = UIMessage<METADATA, A2uiDataTypes<VERSION> & DATA, TOOLS>;

/**
 * How A2UI goes out as data parts.
 * - `'events'`: one `data-a2ui` part per parser part (each holds what that step of parsing
 *   produced: partial components, then their completions), appended: replay them all in order.
 * - `'block'`: one `data-a2ui` part per block, re-sent with the same id as the block grows (the
 *   client reconciles it in place), holding the block's messages so far compacted: smaller to
 *   persist and to send back to the model. A "block" here is a run of A2UI not interrupted by
 *   text or an error: two blocks with nothing between them share one part (which renders the same).
 */
export type A2uiDataMode = 'events' | 'block';

/** Options of {@link a2uiPartsToUIMessageChunks}. */
export interface A2uiChunkOptions {
  /** How A2UI goes out as data parts. Default `'events'`. */
  mode?: A2uiDataMode;
}

/**
 * Options of `a2uiUIMessageStream`: the parser's options (snapshots, validation, `knownSurfaces`,
 * `history` where the core has it, limits; defaults as the parser's) plus the data-part `mode`.
 */
export interface A2uiUIMessageStreamOptions extends StreamParserOptions, A2uiChunkOptions {}

/**
 * The A2UI message type a UI message's `data-a2ui` parts hold: v0.9 messages for an
 * `A2uiUIMessage<'0.9'>`, any version's for an `A2uiUIMessage` or a plain `UIMessage`.
 */
export type A2uiMessagesIn<UI_MESSAGE> = [MessagesOfParts<UI_MESSAGE>] extends [never]
  ? A2uiMessage
  : unknown extends MessagesOfParts<UI_MESSAGE>
    ? A2uiMessage
    : MessagesOfParts<UI_MESSAGE>;

type MessagesOfParts<UI_MESSAGE> = UI_MESSAGE extends { readonly parts: ReadonlyArray<infer PART> }
  ? Extract<PART, { readonly type: 'data-a2ui' }> extends { readonly data: { readonly messages: ReadonlyArray<infer MESSAGE> } }
    ? MESSAGE
    : never
  : never;
