import { renderMarkdown } from '@a2ui/markdown-it';
import { useMarkdownRenderer } from '@a2ui/react/v0_9';
import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';
import { createElement, useEffect, useState, type ReactElement } from 'react';

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
   * Show images. Default `false`: each image is replaced by its alt text before the HTML reaches
   * the page, so nothing is fetched from a URL the model wrote.
   */
  images?: boolean;
  /** The element's class. Default `'a2ui-markdown'`. */
  className?: string;
}

/**
 * The text of a chat message rendered as markdown (what the model wrote around its surfaces:
 * `**Friday**` in bold), in a `<div>`. Rendering is asynchronous: the plain text shows until the
 * first rendering is done, and while the text streams the last rendering stays until the next one
 * is ready (no flash of plain text per chunk). Images are off by default.
 *
 * @example
 * ```tsx
 * message.parts.map((part, i) => (part.type === 'text' ? <A2uiMarkdown key={i} text={part.text} /> : null))
 * ```
 */
export function A2uiMarkdown({ text, markdown, images = false, className = 'a2ui-markdown' }: A2uiMarkdownProps): ReactElement | null {
  const outer = useMarkdownRenderer();
  const render = markdown ?? outer ?? renderMarkdown;
  const [html, setHtml] = useState<string>();
  useEffect(() => {
    let current = true;
    render(text).then(
      (rendered) => current && setHtml(images ? rendered : withoutImages(rendered)),
      () => current && setHtml(undefined),
    );
    return () => {
      current = false;
    };
  }, [text, render, images]);
  if (text.trim() === '') return null;
  return html === undefined ? createElement('div', { className }, text) : createElement('div', { className, dangerouslySetInnerHTML: { __html: html } });
}

/** `html` with each `<img>` replaced by its alt text, parsed in an inert `<template>` (nothing is loaded). */
function withoutImages(html: string): string {
  if (!html.includes('<img')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const image of template.content.querySelectorAll('img')) image.replaceWith(image.alt);
  return template.innerHTML;
}
