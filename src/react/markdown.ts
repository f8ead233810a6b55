import { renderMarkdown } from '@a2ui/markdown-it';
import { useMarkdownRenderer } from '@a2ui/react/v0_9';
import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';
import { createElement, useEffect, useMemo, useState, type ReactElement } from 'react';
import { defaultUrlCheck, guardMarkdown, UrlPolicy, type UrlCheck } from '../web-core/url-policy.js';

/** Props of {@link A2uiMarkdown}. */
export interface A2uiMarkdownProps {
  /** The markdown: a text part of a message, whole or as it streams. */
  text: string;
  /**
   * Renders markdown to sanitized HTML. Default: the `MarkdownContext` of `@a2ui/react` given
   * above, else `renderMarkdown` from `@a2ui/markdown-it` (markdown-it and DOMPurify).
   */
  markdown?: MarkdownRenderer;
  /**
   * Load images whose URL {@link A2uiMarkdownProps.allowUrl} allows. Default `false`: each image
   * is shown as a link to it (or as its alt text when links to it are not allowed) before the HTML
   * reaches the page, so nothing is fetched from a URL the model wrote.
   */
  images?: boolean;
  /**
   * Which image and link URLs stand (see `UseA2uiSurfacesOptions.allowUrl`); a refused link keeps
   * its text without `href`. Default: `https:`, the page's origin, `data:image/…` images.
   */
  allowUrl?: UrlCheck;
  /** The element's class. Default `'a2ui-markdown'`. */
  className?: string;
}

/**
 * The text of a chat message rendered as markdown (what the model wrote around its surfaces:
 * `**Friday**` in bold), in a `<div>`. Rendering is asynchronous: the plain text shows until the
 * first rendering is done, and while the text streams the last rendering stays until the next one
 * is ready (no flash of plain text per chunk). Images and links pass the URL policy, as in
 * `A2uiStreamSurface`'s markdown; images are off by default.
 *
 * @example
 * ```tsx
 * message.parts.map((part, i) => (part.type === 'text' ? <A2uiMarkdown key={i} text={part.text} /> : null))
 * ```
 */
export function A2uiMarkdown({ text, markdown, images = false, allowUrl, className = 'a2ui-markdown' }: A2uiMarkdownProps): ReactElement | null {
  const outer = useMarkdownRenderer();
  const render = markdown ?? outer ?? renderMarkdown;
  const guarded = useMemo(() => guardMarkdown(render, new UrlPolicy(allowUrl ?? defaultUrlCheck), { images }), [render, allowUrl, images]);
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    let current = true;
    guarded(text).then(
      (rendered) => current && setHtml(rendered),
      () => current && setHtml(undefined),
    );
    return () => {
      current = false;
    };
  }, [text, guarded]);
  if (text.trim() === '') return null;
  return html === undefined ? createElement('div', { className }, text) : createElement('div', { className, dangerouslySetInnerHTML: { __html: html } });
}
