/**
 * A page bundled with `@a2ui/markdown-it` left out (an import the page cannot resolve, as when
 * the optional peer is not installed): `a2uiLitSink` with its defaults must show the text and the
 * `Text` components as they are, escaped, with no warning. Sets `window.noMarkdown`.
 */
import type { A2uiMessage } from '../../src/index.js';
import { a2uiLitSink } from '../../src/lit/index.js';

declare global {
  interface Window {
    noMarkdown?: { ok: boolean; detail: string };
  }
}

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const message = (body: Record<string, unknown>): A2uiMessage => ({ version: 'v0.9', ...body }) as A2uiMessage;
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function check(): Promise<{ ok: boolean; detail: string }> {
  const container = document.createElement('div');
  document.body.append(container);
  const errors: string[] = [];
  const writer = a2uiLitSink(container, { onError: (error) => errors.push(error.message) }).getWriter();
  await writer.write({ type: 'text', text: '# Plain <b>title</b>\nsecond line\n\n' });
  await writer.write({
    type: 'a2ui',
    messages: [
      message({ createSurface: { surfaceId: 'p', catalogId: CATALOG } }),
      message({ updateComponents: { surfaceId: 'p', components: [{ id: 'root', component: 'Text', text: '# Raw **heading**' }] } }),
    ],
  });
  await writer.close();
  for (let i = 0; i < 6; i++) await frame();
  const bubble = container.querySelector('.a2ui-stream-text');
  const text = container.querySelector('a2ui-surface')?.shadowRoot?.querySelector('a2ui-basic-text .a2ui-text');
  const headings = container.querySelectorAll('h1').length + (text?.querySelectorAll('h1').length ?? 0);
  const seen = { bubble: bubble?.textContent, bubbleTags: bubble?.querySelectorAll('b').length, text: text?.textContent?.trim(), headings, errors };
  const ok =
    seen.bubble === '# Plain <b>title</b>\nsecond line\n\n' &&
    seen.bubbleTags === 0 &&
    seen.text === '# Raw **heading**' &&
    headings === 0 &&
    errors.length === 0;
  return { ok, detail: JSON.stringify(seen) };
}

check().then(
  (result) => (window.noMarkdown = result),
  (error: unknown) => (window.noMarkdown = { ok: false, detail: String((error as Error)?.stack ?? error) }),
);
