/**
 * `a2ui-stream/a2a`: A2UI over A2A 0.3 as plain JSON objects (no A2A SDK): data parts and their
 * mime types, the A2UI extension's advertisement and activation, and a model reply as parts.
 */
export {
  A2UI_MIME_TYPE,
  LEGACY_A2UI_MIME_TYPE,
  a2uiDataPart,
  a2uiMimeType,
  isA2uiPart,
  type A2aDataPart,
  type A2aPart,
  type A2aTextPart,
  type A2uiDataPart,
  type A2uiDataPartOptions,
  type A2uiMimeType,
} from './parts.js';
export {
  A2UI_EXTENSION_BASE_URI,
  a2uiExtension,
  activateA2ui,
  newestA2uiExtension,
  type A2uiAgentExtension,
  type A2uiExtensionOptions,
  type A2uiExtensionParams,
  type ExtensionRef,
} from './extension.js';
export { replyToA2aParts, type ReplyToA2aPartsOptions } from './reply.js';
