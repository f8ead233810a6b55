export { fixPayload } from './fix-payload.js';
export { JsonBlockReader, DEFAULT_MAX_DEPTH } from './block-reader.js';
export type { BlockReaderOptions } from './block-reader.js';
export { IncrementalBuilder, Expect } from './builder.js';
export type { BuilderHandler, Frame, JsonContainer } from './builder.js';
export { heal } from './heal.js';
export type { Cut, CutString, HealPolicy, AllowCutString } from './heal.js';
export { LenientRepairer } from './repair.js';
export type { RepairOptions, RepairSink, InputPosition } from './repair.js';
