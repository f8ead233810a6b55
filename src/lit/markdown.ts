/**
 * The sink's markdown renderers. The default is `renderMarkdown` of `@a2ui/markdown-it` (an
 * optional peer), imported the first time text is rendered, so a page that never shows text loads
 * none of it. When the import fails (the peer is not installed) or the module has no
 * `renderMarkdown` (a bundler aliased it to an empty module), text is shown as it is, escaped:
 * {@link plainTextMarkdown}. Either way the renderer's `Text` components get a renderer from the
 * sink, so `@a2ui/lit` never logs that none is configured.
 */
import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';

/**
 * Loads the real renderer: resolves to it, or to anything else (`undefined`) when it cannot be
 * had. A parameter for the unit tests.
 */
export type MarkdownLoader = () => Promise<unknown>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A `MarkdownRenderer` that renders no markdown: the text, HTML-escaped, in a `<span>` that keeps
 * its line breaks (`white-space: pre-wrap`).
 */
export const plainTextMarkdown: MarkdownRenderer = (text) =>
  Promise.resolve(`<span style="white-space: pre-wrap">${text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string)}</span>`);

/**
 * A `MarkdownRenderer` that loads the real one with `load` on its first call (once, shared by
 * every later call) and falls back to {@link plainTextMarkdown} when `load` rejects or gives no
 * function.
 */
export function lazyMarkdown(load: MarkdownLoader): MarkdownRenderer {
  let loading: Promise<MarkdownRenderer> | undefined;
  return (text, options) => {
    loading ??= load().then(
      (render) => (typeof render === 'function' ? (render as MarkdownRenderer) : plainTextMarkdown),
      () => plainTextMarkdown,
    );
    return loading.then((render) => render(text, options));
  };
}

let shared: MarkdownRenderer | undefined;

/** The sink's default: `@a2ui/markdown-it`'s `renderMarkdown`, loaded on first use (one import per page). */
export function defaultMarkdown(): MarkdownRenderer {
  // The rejection handler sits on the import itself: esbuild then leaves an import it cannot
  // resolve as it is (it fails at run time, and the fallback is used) instead of failing the build.
  shared ??= lazyMarkdown(() =>
    import('@a2ui/markdown-it').then(
      (module) => module.renderMarkdown,
      () => undefined,
    ),
  );
  return shared;
}
