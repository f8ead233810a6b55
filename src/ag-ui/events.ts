import type { EventType } from '@ag-ui/core';
import { boundedError } from '../internal.js';
import type { A2uiError, A2uiMessage } from '../index.js';

/** The `activityType` of the activity messages CopilotKit's A2UI renderer paints. */
export const A2UI_ACTIVITY_TYPE = 'a2ui-surface';

/** The key of the A2UI messages in an `a2ui-surface` activity's content. */
export const A2UI_OPERATIONS_KEY = 'a2ui_operations';

/** The `name` of the `CUSTOM` event that reports what could not be read (see {@link A2uiErrorEvent}). */
export const A2UI_ERROR_EVENT = 'a2ui-stream.error';

/** One JSON Patch operation of an `ACTIVITY_DELTA` (only the two kinds this entry writes). */
export type A2uiPatchOperation = { op: 'add'; path: string; value: unknown } | { op: 'replace'; path: string; value: unknown };

/** The content of an `a2ui-surface` activity: the surface's A2UI messages, or a lifecycle status. */
export interface A2uiActivityContent {
  /** The A2UI messages the renderer applies, in order. */
  a2ui_operations?: A2uiMessage[];
  /** Before a surface paints: `building` (a render tool call started), `retrying`, `failed`. */
  status?: 'building' | 'retrying' | 'failed';
  /** `retrying`: the attempt being made. */
  attempt?: number;
  /** `retrying`, `failed`: the most attempts. */
  maxAttempts?: number;
  /** `failed`: what went wrong. */
  error?: string;
  /** `retrying`: the errors of the attempt that failed. */
  errors?: unknown[];
  /** `failed`: the attempts, as the tool reported them. */
  attempts?: unknown[];
  /** How much detail the renderer shows with a status. */
  debugExposure?: 'hidden' | 'collapsed' | 'verbose';
}

/** An `ACTIVITY_SNAPSHOT` of an `a2ui-surface` activity: the whole content, replacing what was there. */
export type A2uiActivitySnapshotEvent = {
  type: EventType.ACTIVITY_SNAPSHOT;
  messageId: string;
  activityType: typeof A2UI_ACTIVITY_TYPE;
  content: A2uiActivityContent;
  replace: true;
};

/** An `ACTIVITY_DELTA` of an `a2ui-surface` activity: what changed, as JSON Patch. */
export type A2uiActivityDeltaEvent = {
  type: EventType.ACTIVITY_DELTA;
  messageId: string;
  activityType: typeof A2UI_ACTIVITY_TYPE;
  patch: A2uiPatchOperation[];
};

/** What an {@link A2uiErrorEvent} carries: the `A2uiError` as plain JSON. */
export interface A2uiErrorEventValue {
  category: A2uiError['category'];
  message: string;
  details: A2uiError['details'];
  line?: number;
  column?: number;
  offset?: number;
  /** The text message or tool call the error was read from, when there is one. */
  sourceId?: string;
}

/**
 * A `CUSTOM` event named {@link A2UI_ERROR_EVENT}: A2UI the model sent that could not be read or
 * was not valid. What was read before and after it is painted; the rest of a failing block is not.
 */
export type A2uiErrorEvent = {
  type: EventType.CUSTOM;
  name: typeof A2UI_ERROR_EVENT;
  value: A2uiErrorEventValue;
};

/** The text events `a2uiActivityEvents` writes with `textMessageId`. */
export type A2uiTextEvent =
  | { type: EventType.TEXT_MESSAGE_START; messageId: string; role: 'assistant' }
  | { type: EventType.TEXT_MESSAGE_CONTENT; messageId: string; delta: string }
  | { type: EventType.TEXT_MESSAGE_END; messageId: string };

/** The events this entry writes for A2UI. */
export type A2uiActivityEvent = A2uiActivitySnapshotEvent | A2uiActivityDeltaEvent | A2uiErrorEvent;

// `@ag-ui/core` is a type-only dependency: its enum's values are written as the strings they are.
export const ACTIVITY_SNAPSHOT = 'ACTIVITY_SNAPSHOT' as EventType.ACTIVITY_SNAPSHOT;
export const ACTIVITY_DELTA = 'ACTIVITY_DELTA' as EventType.ACTIVITY_DELTA;
export const CUSTOM = 'CUSTOM' as EventType.CUSTOM;
export const TEXT_MESSAGE_START = 'TEXT_MESSAGE_START' as EventType.TEXT_MESSAGE_START;
export const TEXT_MESSAGE_CONTENT = 'TEXT_MESSAGE_CONTENT' as EventType.TEXT_MESSAGE_CONTENT;
export const TEXT_MESSAGE_END = 'TEXT_MESSAGE_END' as EventType.TEXT_MESSAGE_END;
export const TOOL_CALL_RESULT = 'TOOL_CALL_RESULT' as EventType.TOOL_CALL_RESULT;

/** A snapshot of an `a2ui-surface` activity. */
export function activitySnapshot(messageId: string, content: A2uiActivityContent): A2uiActivitySnapshotEvent {
  return { type: ACTIVITY_SNAPSHOT, messageId, activityType: A2UI_ACTIVITY_TYPE, content, replace: true };
}

/** The error event for `error` (its texts and details bounded: `boundedError`), read from `sourceId` when given. */
export function errorEvent(error: A2uiError, sourceId?: string): A2uiErrorEvent {
  const { message, details } = boundedError(error);
  const value: A2uiErrorEventValue = { category: error.category, message, details };
  if (error.line !== undefined) value.line = error.line;
  if (error.column !== undefined) value.column = error.column;
  if (error.offset !== undefined) value.offset = error.offset;
  if (sourceId !== undefined) value.sourceId = sourceId;
  return { type: CUSTOM, name: A2UI_ERROR_EVENT, value };
}
