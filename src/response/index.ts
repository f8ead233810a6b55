export { unwrap, hasA2ui } from './unwrap.js';
export type { HasA2uiOptions } from './unwrap.js';
export { decompile } from './decompile.js';
export { wrap, wrapDecompiledBlocks } from './wrap.js';
export type { WrapPart } from './wrap.js';
