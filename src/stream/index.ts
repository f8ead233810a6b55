export { A2uiStreamParser, DEFAULT_MAX_BUFFER_SIZE } from './parser.js';
export type { StreamParserOptions, KnownSurface } from './options.js';
