/**
 * `a2ui-stream/lit`: draws the stream with Google's Lit renderer (`@a2ui/lit` and
 * `@a2ui/web_core`, optional peers; `@a2ui/markdown-it` for markdown). ESM only.
 */
export { a2uiLitSink, type A2uiLitSinkOptions } from './sink.js';
export { litBasicCatalogV09, litBasicCatalogV10 } from './catalogs.js';
export { defaultUrlCheck, type UrlCheck, type UrlKind } from '../web-core/url-policy.js';
export { ICON_FONT_FAMILY, loadIconFont } from './icons.js';
