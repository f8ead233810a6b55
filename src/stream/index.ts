export { A2uiJsonStreamParser, A2uiStreamParser } from './parsers.js';
export { DEFAULT_MAX_BUFFER_SIZE, DEFAULT_MAX_COMPONENTS_PER_SURFACE, DEFAULT_MAX_SURFACES } from './options.js';
export type { StreamParserOptions, KnownSurface, SnapshotMode } from './options.js';
export { isPlaceholderId, placeholderTarget } from './placeholders.js';
