/**
 * The shapes the library speaks in, in one place: JSON values, messages, parts. Each is declared
 * where the modules that need it can import it without a cycle (the parts live with `A2uiError`,
 * which an error part carries and which carries the parts before it).
 */
export type { JsonValue, JsonObject } from './protocol/json-value.js';
export type { A2uiMessageOf, A2uiMessage } from './protocol/messages.js';
export type { Part, TextPart, A2uiPart, ErrorPart } from './errors.js';

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
