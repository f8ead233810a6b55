/**
 * A2UI messages as A2A 0.3 parts (plain JSON objects, no A2A SDK): creating them with the mime type
 * their version calls for, and recognising them.
 */
import { A2uiValidationError, type A2uiMessage } from '../index.js';
import { shownValue } from '../internal.js';
import { compareVersions, requireVersion } from './version.js';

/** The mime type of A2UI data parts. */
export const A2UI_MIME_TYPE = 'application/a2ui+json';
/** The mime type A2UI data parts had before (v0.8 and v0.9 clients): still recognised. */
export const LEGACY_A2UI_MIME_TYPE = 'application/json+a2ui';

/** Either A2UI mime type. */
export type A2uiMimeType = typeof A2UI_MIME_TYPE | typeof LEGACY_A2UI_MIME_TYPE;

/** An A2A 0.3 text part. */
export interface A2aTextPart {
  /** Always `'text'`. */
  kind: 'text';
  /** The text, as the user sees it. */
  text: string;
  /** A2A part metadata. Default: absent. */
  metadata?: Record<string, unknown>;
}

/** An A2A 0.3 data part (its `data` is an object). */
export interface A2aDataPart {
  /** Always `'data'`. */
  kind: 'data';
  /** The JSON object carried (for A2UI: one message). */
  data: Record<string, unknown>;
  /** A2A part metadata (for A2UI: `{ mimeType }`). Default: absent. */
  metadata?: Record<string, unknown>;
}

/** An A2A data part holding one A2UI message, labelled with an A2UI mime type. */
export interface A2uiDataPart extends A2aDataPart {
  /** `mimeType` is `application/a2ui+json` or the legacy `application/json+a2ui`. */
  metadata: { mimeType: A2uiMimeType } & Record<string, unknown>;
}

/** The parts the A2UI helpers make: text, or data holding A2UI. */
export type A2aPart = A2aTextPart | A2uiDataPart;

/** Options of {@link a2uiDataPart}. */
export interface A2uiDataPartOptions {
  /**
   * The A2UI version the receiving client speaks (`0.8`, `v0.9`, `0.9.1`, `1.0`, …). Absent (or
   * blank), `0.8` and `0.9` (also written `v0.9` or `0.9.0`) get the legacy mime type
   * `application/json+a2ui`; every later version gets `application/a2ui+json`. Default: absent.
   */
  version?: string;
}

/**
 * The mime type for a client of `version`: legacy for none, 0.8 and 0.9; current otherwise.
 * @throws A2uiCatalogError when `version` is not blank and not a dotted number.
 */
export function a2uiMimeType(version?: string): A2uiMimeType {
  if (version === undefined || (typeof version === 'string' && version.trim() === '')) return LEGACY_A2UI_MIME_TYPE;
  const digits = requireVersion(version, 'a2uiMimeType');
  const legacy = compareVersions(digits, '0.8') === 0 || compareVersions(digits, '0.9') === 0;
  return legacy ? LEGACY_A2UI_MIME_TYPE : A2UI_MIME_TYPE;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One A2UI message as an A2A data part: `{ kind: 'data', data: message, metadata: { mimeType } }`
 * (the message itself, not a copy). A2A 0.3 data must be an object, so a list of messages takes one
 * part per message.
 *
 * @param message One A2UI message (any JSON object; it is not validated here).
 * @param options See {@link A2uiDataPartOptions}.
 * @throws A2uiValidationError when `message` is not a JSON object (a list included), or
 *   `options` is not an object.
 * @throws A2uiCatalogError when `version` is not a version.
 */
export function a2uiDataPart(message: A2uiMessage, options: A2uiDataPartOptions = {}): A2uiDataPart {
  if (!isObject(message)) {
    const text = Array.isArray(message)
      ? 'An A2A data part holds one A2UI message (an object): make one part per message'
      : 'An A2A data part holds one A2UI message (an object)';
    throw new A2uiValidationError(text, { details: [{ path: '', code: 'type_mismatch', message: text }] });
  }
  if (!isObject(options as unknown)) {
    const text = `a2uiDataPart: options must be an object such as { version: '0.9' }, got ${shownValue(options)}`;
    throw new A2uiValidationError(text, { details: [{ path: 'options', code: 'type_mismatch', message: text }] });
  }
  return { kind: 'data', data: message, metadata: { mimeType: a2uiMimeType(options.version) } };
}

/**
 * Whether `part` is an A2A data part holding A2UI: `kind` `'data'` (or no `kind`), `data` an
 * object (as A2A 0.3 requires) and `metadata.mimeType` either A2UI mime type. Anything else, text
 * parts, data parts without metadata and parts whose `data` is missing or a list included, is
 * not; never throws (a value whose getter or Proxy trap throws is not a part).
 */
export function isA2uiPart(part: unknown): part is A2uiDataPart {
  // A getter or a Proxy trap of `part` may throw (a revoked Proxy throws in `Array.isArray`): such a value is not a part.
  try {
    if (!isObject(part) || !isObject(part.data)) return false;
    if (part.kind !== undefined && part.kind !== 'data') return false;
    const mimeType = isObject(part.metadata) ? part.metadata.mimeType : undefined;
    return mimeType === A2UI_MIME_TYPE || mimeType === LEGACY_A2UI_MIME_TYPE;
  } catch {
    return false;
  }
}
