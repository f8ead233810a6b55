export { TagSplitter } from './tag-splitter.js';
export type { BlockFormat, TagEvent, TagSplitterOptions } from './tag-splitter.js';
export { MAX_TAG_LENGTH } from './tag-matcher.js';
