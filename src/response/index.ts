export { unwrap, hasA2ui } from './unwrap.js';
export type { HasA2uiOptions } from './unwrap.js';
export { parseResponse, RESPONSE_ERRORS } from './parse-response.js';
export type { ParseResponseOptions } from './parse-response.js';
export { decompile } from './decompile.js';
export { wrap, wrapDecompiledBlocks } from './wrap.js';
export type { WrapPart } from './wrap.js';
