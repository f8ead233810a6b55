/**
 * `a2ui-stream/lit`: draws the stream with Google's Lit renderer (`@a2ui/lit` and
 * `@a2ui/web_core`, optional peers). ESM only.
 */
export { a2uiLitSink, type A2uiLitSinkOptions } from './sink.js';
export { litBasicCatalogV10 } from './catalogs.js';
