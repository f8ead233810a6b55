/**
 * A2UI Express: the compact notation between `<a2ui>` tags, read while it streams
 * ({@link ExpressReader}), compiled whole ({@link compileExpress}) and written back from
 * messages ({@link decompileExpress}).
 */
export { ExpressReader } from './reader.js';
export { DEFAULT_EXPRESS_MAX_DEPTH, type ExpressMessage, type ExpressPosition, type ExpressReaderOptions, type ExpressSink } from './reader-types.js';
export { compileExpress, type CompileExpressOptions } from './compile.js';
export type { ExpressRepair, ExpressRepairKind } from './repairs.js';
export { decompileExpress, expressString, type DecompileExpressOptions } from './decompile.js';
export {
  parseExpressResponse,
  unwrapExpress,
  wrapExpress,
  stripFence,
  type ExpressPart,
  type ExpressRawPart,
  type ExpressWrapPart,
  type ParseExpressResponseOptions,
} from './response.js';
export { ExpressBlock, type ExpressBlockSettings, type ExpressMessageContext, type ExpressMessageSink } from './block.js';
