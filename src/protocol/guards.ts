/**
 * Type guards over A2UI messages: by message key (any version) and by protocol version. They
 * read the message's keys and `version` only; `validateMessages` judges the content.
 */
import type { A2uiMessage } from '../types.js';
import type { A2uiMessageV08 } from './messages-v08.js';
import type { A2uiMessageV09, A2uiMessageV10 } from './messages-v09.js';

/** The message keys of every version, each with the versions that have it. */
const MESSAGE_KEYS: Readonly<Record<string, 'v08' | 'v09' | 'v10' | 'all' | 'v09+'>> = {
  beginRendering: 'v08',
  surfaceUpdate: 'v08',
  dataModelUpdate: 'v08',
  createSurface: 'v09+',
  updateComponents: 'v09+',
  updateDataModel: 'v09+',
  deleteSurface: 'all',
  callRendererFunction: 'v10',
  agentFunctionResponse: 'v10',
};

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether `value` has the shape of an A2UI message of some version: an object with exactly one
 * message key whose value is an object, and a `version` of `v0.9`, `v0.9.1` or `v1.0` for the
 * v0.9 family's keys (none for v0.8's). The body is not checked.
 */
export function isA2uiMessage(value: unknown): value is A2uiMessage {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value).filter((key) => Object.hasOwn(MESSAGE_KEYS, key));
  if (keys.length !== 1 || !isRecord(value[keys[0] as string])) return false;
  const family = MESSAGE_KEYS[keys[0] as string];
  const version = value.version;
  if (version === undefined) return family === 'v08' || family === 'all';
  if (version === 'v1.0') return family !== 'v08';
  return (version === 'v0.9' || version === 'v0.9.1') && (family === 'v09+' || family === 'all');
}

/** Whether a message is of v0.8 (it has no `version`). */
export function isV08Message(message: A2uiMessage): message is A2uiMessageV08 {
  return !('version' in message) || message.version === undefined;
}

/** Whether a message is of v0.9 or v0.9.1 (what `@a2ui/web_core/v0_9` renders). */
export function isV09Message(message: A2uiMessage): message is A2uiMessageV09 {
  return 'version' in message && (message.version === 'v0.9' || message.version === 'v0.9.1');
}

/** Whether a message is of v1.0. */
export function isV10Message(message: A2uiMessage): message is A2uiMessageV10 {
  return 'version' in message && message.version === 'v1.0';
}

type With<M, KEY extends string> = Extract<M, { readonly [key in KEY]: unknown }>;

// Its calls below are marked pure, so that a bundle using none of these guards leaves them out.
function has<KEY extends string>(key: KEY) {
  return <M extends A2uiMessage>(message: M): message is With<M, KEY> => Object.hasOwn(message, key);
}

/** Whether a message is a `createSurface` (v0.9, v0.9.1, v1.0). */
export const isCreateSurface: <M extends A2uiMessage>(message: M) => message is With<M, 'createSurface'> = /* @__PURE__ */ has('createSurface');
/** Whether a message is an `updateComponents` (v0.9, v0.9.1, v1.0). */
export const isUpdateComponents: <M extends A2uiMessage>(message: M) => message is With<M, 'updateComponents'> = /* @__PURE__ */ has('updateComponents');
/** Whether a message is an `updateDataModel` (v0.9, v0.9.1, v1.0). */
export const isUpdateDataModel: <M extends A2uiMessage>(message: M) => message is With<M, 'updateDataModel'> = /* @__PURE__ */ has('updateDataModel');
/** Whether a message is a `deleteSurface` (every version). */
export const isDeleteSurface: <M extends A2uiMessage>(message: M) => message is With<M, 'deleteSurface'> = /* @__PURE__ */ has('deleteSurface');
/** Whether a message is a v0.8 `beginRendering`. */
export const isBeginRendering: <M extends A2uiMessage>(message: M) => message is With<M, 'beginRendering'> = /* @__PURE__ */ has('beginRendering');
/** Whether a message is a v0.8 `surfaceUpdate`. */
export const isSurfaceUpdate: <M extends A2uiMessage>(message: M) => message is With<M, 'surfaceUpdate'> = /* @__PURE__ */ has('surfaceUpdate');
/** Whether a message is a v0.8 `dataModelUpdate`. */
export const isDataModelUpdate: <M extends A2uiMessage>(message: M) => message is With<M, 'dataModelUpdate'> = /* @__PURE__ */ has('dataModelUpdate');
