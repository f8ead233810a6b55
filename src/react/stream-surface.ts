import { renderMarkdown } from '@a2ui/markdown-it';
import { A2uiSurface, MarkdownContext, useMarkdownRenderer, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import type { MarkdownRenderer, SurfaceModel } from '@a2ui/web_core/v0_9';
import { createElement, useInsertionEffect, useMemo, type ReactElement } from 'react';
import { guardMarkdown, surfacePolicy } from '../web-core/url-policy.js';
import type { A2uiError } from '../index.js';
import { adoptSkeletonStyles, STREAMING_ATTRIBUTE, SURFACE_CLASS } from './skeleton.js';
import { SurfaceBoundary } from './surface-boundary.js';
import { UrlScopeContext } from './url-policy.js';
import { adoptSurfaceTheme } from './theme.js';

/** Props of {@link A2uiStreamSurface}. */
export interface A2uiStreamSurfaceProps {
  /** The surface to render (an entry's `surface` from `useA2uiSurfaces`, or any web_core `SurfaceModel`). */
  surface: SurfaceModel<ReactComponentImplementation>;
  /** Whether the surface is still streaming: placeholders are drawn as skeleton bars. Default `false`. */
  streaming?: boolean;
  /**
   * Renders the `Text` components' markdown to sanitized HTML. Default: the `MarkdownContext` of
   * `@a2ui/react` given above, else `renderMarkdown` from `@a2ui/markdown-it`.
   */
  markdown?: MarkdownRenderer;
  /**
   * Whether images in the `Text` components' markdown are loaded, when the URL policy (the hook's
   * `allowUrl`) allows their URL. Default `false`: an image is shown as a link to it (or as its alt
   * text when links to it are not allowed), so no request leaves the page as text streams in.
   * Links in markdown are kept only when the policy allows them.
   */
  markdownImages?: boolean;
  /** More classes on the surface's element (it always has `a2ui-stream-surface`). Default: none. */
  className?: string;
  /**
   * Called when the surface throws as it renders: it is then drawn as its element, empty (with
   * the attribute `data-render-failed`), until a new `surface` is given, and the rest of the page
   * stays. The error is an `A2uiValidationError` with detail code `render_failed`, its `cause` what
   * was thrown. Default: the `onError` of the `useA2uiSurfaces` the surface came from, else
   * `console.error`.
   */
  onError?: (error: A2uiError) => void;
}

/**
 * One surface, drawn by `@a2ui/react`'s `A2uiSurface` inside a `<div class="a2ui-stream-surface"
 * data-surface-id="…">`, with markdown rendered (no renderer left unconfigured) and, while
 * `streaming`, the stream's placeholders drawn as skeleton bars, and a default look for buttons,
 * fields, headings and captions (stylesheets with zero specificity: any rule of the app wins; the
 * renderer's elements are its own). A surface that throws as it renders is drawn empty and
 * reported (see {@link A2uiStreamSurfaceProps.onError}); the rest of the page stays.
 *
 * @example
 * ```tsx
 * surfaces.map((s) => <A2uiStreamSurface key={s.id} surface={s.surface} streaming={s.streaming} />)
 * ```
 */
export function A2uiStreamSurface({ surface, streaming = false, markdown, markdownImages = false, className, onError }: A2uiStreamSurfaceProps): ReactElement {
  useInsertionEffect(adoptSurfaceTheme, []);
  useInsertionEffect(adoptSkeletonStyles, []);
  const outer = useMarkdownRenderer();
  const policy = surfacePolicy(surface);
  const render = markdown ?? outer ?? renderMarkdown;
  const guarded = useMemo(() => guardMarkdown(render, policy, { images: markdownImages }), [render, policy, markdownImages]);
  const scope = useMemo(() => ({ policy, surface, markdown: render, markdownImages }), [policy, surface, render, markdownImages]);
  const props = {
    className: className ? `${SURFACE_CLASS} ${className}` : SURFACE_CLASS,
    'data-surface-id': surface.id,
    ...(streaming ? { [STREAMING_ATTRIBUTE]: '' } : {}),
  };
  const fallback = createElement('div', { ...props, 'data-render-failed': '' });
  const drawn = createElement(SurfaceBoundary, { surface, onError, fallback }, createElement('div', props, createElement(A2uiSurface, { surface })));
  return createElement(UrlScopeContext.Provider, { value: scope }, createElement(MarkdownContext.Provider, { value: guarded }, drawn));
}
