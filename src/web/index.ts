export { A2uiStream, a2uiJsonStream, a2uiStream, type A2uiStreamOptions } from './a2ui-stream.js';
export type { StreamErrorPolicy } from './transformer.js';
export { ChunkDecoder, type TextOrBytes } from './decode.js';
