/**
 * a2ui-stream: read A2UI (Agent-to-User Interface) messages out of language-model output while it
 * streams. The public API, layer by layer (see ARCHITECTURE.md).
 */
export * from './errors.js';
export type * from './types.js';
export * from './protocol/versions.js';
export type * from './protocol/messages-v08.js';
export type * from './protocol/messages-v09.js';
export * from './protocol/guards.js';
export * from './protocol/dialect.js';
export * from './catalog/model.js';
export * from './tags/index.js';
export * from './json/index.js';
export * from './catalog/index.js';
export * from './validate/index.js';
export * from './response/index.js';
export * from './stream/index.js';
export * from './web/index.js';
