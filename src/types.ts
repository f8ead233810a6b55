import type { A2uiError } from './errors.js';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * One A2UI message as it travels on the wire, e.g. `{ version: 'v0.9', createSurface: {...} }` or
 * (v0.8) `{ beginRendering: {...} }`. Messages the library emits are shared and must be treated as
 * immutable.
 */
export type A2uiMessage = { readonly [key: string]: unknown };

/**
 * What a parser emits: conversational text, a list of A2UI messages, or (from the stream wrapper
 * with `onError: 'emit'`) an error.
 */
export type Part =
  | { type: 'text'; text: string }
  | { type: 'a2ui'; messages: A2uiMessage[] }
  | { type: 'error'; error: A2uiError };

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
