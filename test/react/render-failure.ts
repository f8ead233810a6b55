/**
 * Probe 17 finding 2 in the React entry (messages: `test/browser/forbidden-paths.ts`): a surface
 * that throws as it renders is drawn empty (`data-render-failed`) and reported to the hook's
 * `onError` as a typed error; the text and the other surfaces stay; nothing is uncaught. And the
 * probe's answer through `a2uiStream`: the bad component is left out with a validation error, the
 * rest of its surface draws.
 */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { a2uiStream, basicCatalog, type A2uiError, type Part } from '../../src/index.js';
import { A2uiStreamSurface, useA2uiSurfaces } from '../../src/react/index.js';
import { FAILING_SURFACES, FORBIDDEN_PATH_ANSWER, forbiddenPathMessages, GOOD_SURFACE } from '../browser/forbidden-paths.js';
import { frames } from '../browser/url-fixtures.js';

function App({ parts, onError }: { parts: readonly Part[]; onError: (error: A2uiError) => void }) {
  const { surfaces } = useA2uiSurfaces(parts, { onError });
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return h('div', null, h('p', { className: 'text' }, text), ...surfaces.map((s) => h(A2uiStreamSurface, { key: s.id, surface: s.surface })));
}

/** What the page shows of surface `id`. */
const shown = (container: Element, id: string) => {
  const element = container.querySelector(`[data-surface-id="${id}"]`);
  return element === null ? 'missing' : element.hasAttribute('data-render-failed') ? `failed:${element.textContent}` : (element.textContent ?? '').trim();
};

/** Renders the messages, then the probe's answer as parsed. */
export async function renderFailure(): Promise<{ name: string; ok: boolean; detail: string }> {
  const errors: A2uiError[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  const parts: Part[] = [
    { type: 'text', text: 'Before the surfaces.' },
    { type: 'a2ui', messages: forbiddenPathMessages() },
  ];
  createRoot(container).render(h(App, { parts, onError: (error) => errors.push(error) }));
  for (let i = 0; i < 300 && !container.textContent?.includes('still here'); i++) await frames(1);
  await frames(5);
  const failing = FAILING_SURFACES.map((id) => `${id}=${shown(container, id)}`);
  const typed = errors.map((e) => `${e.name}:${e.details[0]?.code}:${e.details[0]?.path}`);

  const parsed: Part[] = [];
  const catalog = basicCatalog('0.9');
  const reader = new Blob([FORBIDDEN_PATH_ANSWER]).stream().pipeThrough(new TextDecoderStream()).pipeThrough(a2uiStream(catalog)).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parsed.push(read.value);
  const answer = document.body.appendChild(document.createElement('div'));
  const answerErrors: A2uiError[] = [];
  createRoot(answer).render(h(App, { parts: parsed, onError: (error) => answerErrors.push(error) }));
  for (let i = 0; i < 300 && !answer.textContent?.includes('visible'); i++) await frames(1);
  await frames(5);
  const streamErrors = parsed.flatMap((part) => (part.type === 'error' ? [part.error.category] : []));

  const ok =
    container.querySelector('.text')?.textContent === 'Before the surfaces.' &&
    shown(container, GOOD_SURFACE) === 'still here' &&
    failing.every((entry) => entry.endsWith('=failed:')) &&
    typed.length === FAILING_SURFACES.length &&
    FAILING_SURFACES.every((id) => typed.includes(`A2uiValidationError:render_failed:${id}`)) &&
    answer.textContent?.includes('Hello, here is your answer.') === true &&
    answer.textContent.includes('After.') &&
    shown(answer, 'fp') === 'visible' &&
    streamErrors.includes('ValidationError') &&
    answerErrors.length === 0;
  const detail = JSON.stringify({
    failing,
    typed,
    good: shown(container, GOOD_SURFACE),
    answer: answer.textContent,
    streamErrors,
    answerErrors: answerErrors.map(String),
  });
  return {
    name: 'a surface bound to a forbidden data path is drawn empty and reported; the text and the other surfaces stay (probe 17 finding 2)',
    ok,
    detail,
  };
}
