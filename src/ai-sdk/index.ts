/**
 * `a2ui-stream/ai-sdk`: A2UI in the Vercel AI SDK's UI message stream. `ai` is an optional peer,
 * used for types only: this entry runs without it.
 */
export { a2uiUIMessageStream } from './ui-message-stream.js';
export type {
  A2uiData,
  A2uiErrorData,
  A2uiDataTypes,
  A2uiUIMessage,
  A2uiDataMode,
  A2uiChunkOptions,
  A2uiUIMessageStreamOptions,
  A2uiClientDataModel,
  A2uiActionData,
  A2uiMessagesIn,
} from './types.js';
export { a2uiActionPart } from './actions.js';
export { a2uiNewMessages, type UIMessageWithPartIds } from './new-messages.js';
export { a2uiPartsToUIMessageChunks } from './parts-to-chunks.js';
export { a2uiHistory, a2uiCompactParts, a2uiConvertDataPart, type UIMessageWithParts } from './history.js';
export { a2uiExpressConvertDataPart } from './express-history.js';
export { compactMessages } from './compact.js';
export {
  a2uiDataSchema,
  a2uiErrorDataSchema,
  a2uiActionDataSchema,
  a2uiDataPartSchemas,
  type A2uiStandardSchema,
  type A2uiDataStandardSchema,
  type A2uiSchemaIssue,
  type A2uiSchemaResult,
} from './schema.js';
