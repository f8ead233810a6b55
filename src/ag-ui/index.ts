/**
 * `a2ui-stream/ag-ui`: A2UI as AG-UI activity events, in the form CopilotKit's A2UI renderer
 * paints, sent while the model streams. Needs `@ag-ui/client` and `rxjs` (the middleware extends
 * `@ag-ui/client`'s `Middleware`); `@ag-ui/core` is used for types only.
 */
export { A2uiStreamMiddleware, COPILOTKIT_BASIC_CATALOG_ID_V09 } from './middleware.js';
export type { A2uiStreamMiddlewareOptions, A2uiComponentSchema, A2uiRecoveryOptions } from './options.js';
export {
  a2uiActivityEvents,
  a2uiActivityHistory,
  type A2uiActivityEventsOptions,
  type A2uiActivityHistoryOptions,
} from './activity-events.js';
export {
  A2UI_ACTIVITY_TYPE,
  A2UI_OPERATIONS_KEY,
  A2UI_ERROR_EVENT,
  type A2uiActivityContent,
  type A2uiActivityEvent,
  type A2uiActivitySnapshotEvent,
  type A2uiActivityDeltaEvent,
  type A2uiErrorEvent,
  type A2uiErrorEventValue,
  type A2uiPatchOperation,
  type A2uiTextEvent,
} from './events.js';
export type { A2uiActivityUpdates } from './activity-cards.js';
export { A2UI_TEXT_METADATA_KEY } from './ids.js';
export { A2UI_SCHEMA_CONTEXT_DESCRIPTION, LOG_A2UI_EVENT_TOOL_NAME, RENDER_A2UI_TOOL_NAME } from './tool.js';
