export { fixPayload } from './fix-payload.js';
export { DEFAULT_MAX_DEPTH } from './block-reader.js';
