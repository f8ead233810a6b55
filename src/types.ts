import type { A2uiError } from './errors.js';
import type { A2uiMessageV08 } from './protocol/messages-v08.js';
import type { A2uiMessageV09, A2uiMessageV10 } from './protocol/messages-v09.js';
import type { ProtocolVersion } from './protocol/versions.js';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * The messages of each protocol version: `A2uiMessageOf<'0.9'>` is a v0.9 (or v0.9.1) message,
 * `A2uiMessageOf<'0.8'>` a v0.8 one.
 */
export type A2uiMessageOf<VERSION extends ProtocolVersion> = {
  '0.8': A2uiMessageV08;
  '0.9': A2uiMessageV09;
  '0.9.1': A2uiMessageV09;
  '1.0': A2uiMessageV10;
}[VERSION];

/**
 * One A2UI message as it travels, of any version: `{ version: 'v0.9', createSurface: {...} }`
 * or (v0.8) `{ beginRendering: {...} }`. A union discriminated by its message key; narrow it by
 * its key's value (`if (message.createSurface)`), with `isCreateSurface(message)`, or by version
 * with `isV09Message` (`'createSurface' in message` does not narrow: every key is declared).
 * Messages the library emits are shared and must be treated as immutable.
 */
export type A2uiMessage = A2uiMessageOf<ProtocolVersion>;

/**
 * What a parser emits: conversational text, a list of A2UI messages, or (from the stream wrapper
 * with `onError: 'emit'`) an error. `Part<'0.9'>` holds v0.9 messages only (what a parser with
 * v0.9 catalogs emits); `Part` holds messages of any version.
 */
export type Part<VERSION extends ProtocolVersion = ProtocolVersion> =
  | TextPart
  | A2uiPart<VERSION>
  | ErrorPart;

/** A {@link Part} of conversational text, verbatim. */
export interface TextPart {
  /** Discriminator. */
  type: 'text';
  /** The text. */
  text: string;
}

/** A {@link Part} of A2UI messages, in the order a renderer applies them. */
export interface A2uiPart<VERSION extends ProtocolVersion = ProtocolVersion> {
  /** Discriminator. */
  type: 'a2ui';
  /** The messages. */
  messages: A2uiMessageOf<VERSION>[];
}

/** A {@link Part} holding an error (from `a2uiStream` with `onError: 'emit'`). */
export interface ErrorPart {
  /** Discriminator. */
  type: 'error';
  /** The error. */
  error: A2uiError;
}

/** A part of an unwrapped response: text, or the raw content of one block. */
export type RawPart =
  | { type: 'text'; text: string }
  | {
      type: 'block';
      /** The block's content between the tags, as written. */
      raw: string;
      /** Whether the closing tag arrived. */
      closed: boolean;
    };
