import { describe, expect, it } from 'vitest';
import { defaultMarkdown, lazyMarkdown, plainTextMarkdown } from '../../src/lit/markdown.js';

describe('plainTextMarkdown', () => {
  it('escapes the text and keeps its line breaks', async () => {
    expect(await plainTextMarkdown('# A & <b>"B"</b>\n\'c\'')).toBe(
      '<span style="white-space: pre-wrap"># A &amp; &lt;b&gt;&quot;B&quot;&lt;/b&gt;\n&#39;c&#39;</span>',
    );
  });
});

describe('lazyMarkdown', () => {
  it('loads the renderer once, on the first call, and renders with it', async () => {
    let loads = 0;
    const render = lazyMarkdown(async () => {
      loads++;
      return async (text: string) => `<p>${text}</p>`;
    });
    expect(loads).toBe(0);
    expect(await Promise.all([render('a'), render('b')])).toEqual(['<p>a</p>', '<p>b</p>']);
    expect(await render('c')).toBe('<p>c</p>');
    expect(loads).toBe(1);
  });

  it('passes the options on', async () => {
    const render = lazyMarkdown(async () => async (_text: string, options?: unknown) => JSON.stringify(options));
    expect(await render('x', { tagClassMap: { h1: ['big'] } })).toBe('{"tagClassMap":{"h1":["big"]}}');
  });

  it('shows the text as it is when the import fails', async () => {
    const render = lazyMarkdown(() => Promise.reject(new TypeError('Failed to resolve module specifier "@a2ui/markdown-it"')));
    expect(await render('# Title <i>')).toBe('<span style="white-space: pre-wrap"># Title &lt;i&gt;</span>');
  });

  it('shows the text as it is when the module has no renderer (a bundler aliased it to an empty module)', async () => {
    const render = lazyMarkdown(async () => undefined);
    expect(await render('**bold**')).toBe('<span style="white-space: pre-wrap">**bold**</span>');
  });
});

// Rendering with @a2ui/markdown-it needs a DOM (DOMPurify): the browser tests check it.
describe('defaultMarkdown', () => {
  it('is one renderer, shared by every sink of the page', () => {
    expect(defaultMarkdown()).toBe(defaultMarkdown());
  });
});
