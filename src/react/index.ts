/**
 * `a2ui-stream/react`: the A2UI surfaces of `useChat`'s messages (or of a `Part` stream) drawn by
 * Google's React renderer (`react`, `@a2ui/react`, `@a2ui/web_core` and `@a2ui/markdown-it`,
 * optional peers). ESM only.
 */
export { useA2uiSurfaces, type UseA2uiSurfacesOptions } from './use-a2ui-surfaces.js';
export { A2uiStreamSurface, type A2uiStreamSurfaceProps } from './stream-surface.js';
export { A2uiMarkdown, type A2uiMarkdownProps } from './markdown.js';
export { reactBasicCatalogV09, reactBasicCatalogV10 } from './catalogs.js';
export { defaultUrlCheck, type UrlCheck, type UrlKind } from '../web-core/url-policy.js';
export { markdownWithUrlPolicy, type MarkdownUrlPolicyOptions } from './url-policy.js';
export type { A2uiActionEvent, A2uiChatMessage, A2uiSource, A2uiSurfaceEntry, A2uiSurfacesState } from './types.js';
