export { TagSplitter } from './tag-splitter.js';
export type { BlockFormat, ExpressScanner, TagEvent, TagSplitterOptions } from './tag-splitter.js';
export { newExpressScan } from './express-scan.js';
export { MAX_TAG_LENGTH } from './tag-matcher.js';
