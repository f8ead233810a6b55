/**
 * Probe 17 finding 2 in the Lit sink (messages: `forbidden-paths.ts`): a component that throws as
 * it renders draws nothing and is reported to `onError` as a typed error; its surface's other
 * components, the other surfaces and the text draw; nothing is uncaught (the runner's console check
 * fails on an uncaught error). And the probe's answer through `a2uiStream`: the bad component is
 * left out with a validation error, the rest draws.
 */
import { a2uiStream, basicCatalog, type A2uiError, type Part } from '../../src/index.js';
import { a2uiLitSink } from '../../src/lit/index.js';
import { FAILING_SURFACES, FORBIDDEN_PATH_ANSWER, forbiddenPathMessages, GOOD_SURFACE } from './forbidden-paths.js';
import { frames } from './url-fixtures.js';

/** The text drawn by surface `id` in `container`, or `missing`. */
function drawn(container: HTMLElement, id: string): string {
  const surface = [...container.querySelectorAll('a2ui-surface')].find((element) => (element as { surface?: { id?: string } }).surface?.id === id);
  return surface === undefined ? 'missing' : (surface.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Writes the messages, then the probe's answer as parsed, each to a sink of its own. */
export async function renderFailure(): Promise<{ name: string; ok: boolean; detail: string }> {
  const container = document.body.appendChild(document.createElement('div'));
  const errors: A2uiError[] = [];
  const writer = a2uiLitSink(container, { onError: (error) => errors.push(error) }).getWriter();
  const parts: Part[] = [
    { type: 'text', text: 'Before the surfaces.' },
    { type: 'a2ui', messages: forbiddenPathMessages() },
  ];
  for (const part of parts) await writer.write(part);
  await writer.close();
  await frames(10);
  const failing = FAILING_SURFACES.map((id) => `${id}=${drawn(container, id)}`);
  const typed = errors.map((e) => `${e.name}:${e.details[0]?.code}:${e.details[0]?.path}`);

  const answer = document.body.appendChild(document.createElement('div'));
  const answerErrors: A2uiError[] = [];
  await new Blob([FORBIDDEN_PATH_ANSWER])
    .stream()
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(a2uiStream(basicCatalog('0.9')))
    .pipeTo(a2uiLitSink(answer, { onError: (error) => answerErrors.push(error) }));
  await frames(10);

  const ok =
    container.textContent?.includes('Before the surfaces.') === true &&
    drawn(container, GOOD_SURFACE) === 'still here' &&
    failing.every((entry) => entry.endsWith('=visible')) &&
    typed.length === FAILING_SURFACES.length &&
    FAILING_SURFACES.every((id) => typed.includes(`A2uiValidationError:render_failed:${id}`)) &&
    answer.textContent?.includes('Hello, here is your answer.') === true &&
    answer.textContent.includes('After.') &&
    drawn(answer, 'fp') === 'visible' &&
    answerErrors.map((e) => e.category).join() === 'ValidationError';
  const detail = JSON.stringify({ failing, typed, good: drawn(container, GOOD_SURFACE), answer: answer.textContent, answerErrors: answerErrors.map(String) });
  return { name: 'a component bound to a forbidden data path draws nothing and is reported; the rest draws (probe 17 finding 2)', ok, detail };
}
