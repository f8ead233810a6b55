export { A2uiStreamParser } from './parser.js';
export { DEFAULT_MAX_BUFFER_SIZE, DEFAULT_MAX_COMPONENTS_PER_SURFACE, DEFAULT_MAX_SURFACES } from './limits.js';
export type { StreamParserOptions, KnownSurface } from './options.js';
