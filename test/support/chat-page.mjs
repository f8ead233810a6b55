// The chat app as the React suite drives it (test/react/chat-app.mjs in JSON, chat-express.mjs in
// Express): the app started with its recorded model, a page on it that records its console
// problems and what it posts to the route, and the steps both answers go through (load, ask, the
// first answer done, a click on Book, the second answer in the same surface).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/playground-session.mjs';
import { consoleProblems } from '../browser/harness.mjs';

/** The surface the recorded answers draw and change. */
export const SURFACE = '.a2ui-stream-surface[data-surface-id="tables"]';

/** Where the screenshots go: a temporary folder, or docs/ with A2UI_UPDATE_DOCS=1. */
export const shotsDir = (root) => (process.env.A2UI_UPDATE_DOCS === '1' ? join(root, 'docs') : mkdtempSync(join(tmpdir(), 'a2ui-chat-shots-')));

/**
 * Starts `npm run --silent chat` in `root` with the recorded model (and `env`), opens a page of
 * `context` (820×900) and runs `steps({ server, page, check, problems, posted })`: `check(name,
 * ok, detail)` notes a check, `problems` are the page's console errors and warnings, `posted` the
 * bodies sent to `/api/chat`. A step that throws is the failed check `ran to the end`. The checks,
 * as `[name, ok, detail]`.
 */
export async function chatChecks(context, root, env, steps) {
  const checks = [];
  const check = (name, ok, detail) => checks.push([name, Boolean(ok), detail]);
  const server = await startServer('chat', { cwd: root, env: { A2UI_CHAT_RECORDED: '1', ...env }, timeoutMs: 120_000 });
  const page = await context.newPage();
  try {
    const problems = consoleProblems(page);
    const posted = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat')) posted.push(JSON.parse(request.postData() ?? '{}'));
    });
    await page.setViewportSize({ width: 820, height: 900 });
    await steps({ server, page, check, problems, posted });
  } catch (error) {
    check('ran to the end', false, error);
  } finally {
    await page.close();
    await server.stop();
  }
  return checks;
}

/** Loads the chat at `url`, until its form can be sent. */
export async function loadChat(page, url) {
  await page.goto(url);
  await page.waitForSelector('form button:not([disabled])');
}

/** Sends the question filled in, until the answer's surface is there. */
export async function ask(page) {
  await page.click('form button');
  await page.waitForSelector(SURFACE, { timeout: 60_000 });
}

/** Until the answer ended and the surface no longer streams. */
export async function answered(page) {
  await page.waitForSelector('.status[data-status="ready"]', { timeout: 60_000 });
  await page.waitForFunction((selector) => !document.querySelector(selector)?.hasAttribute('data-a2ui-streaming'), SURFACE);
}

/**
 * Clicks the second Book button of the surface, until the next turn streams: the body the click
 * posted and the data of its `data-a2ui-action` part (`sent`).
 */
export async function clickBook(page, posted) {
  const requests = posted.length;
  await page.click(`${SURFACE} button:has-text("Book") >> nth=1`);
  await page.waitForFunction((n) => document.querySelector('.status')?.getAttribute('data-status') === 'streaming' || n < 0, requests);
  const body = posted[requests];
  return { body, sent: body?.messages?.at(-1)?.parts?.find((part) => part.type === 'data-a2ui-action')?.data };
}

/** Whether the second answer booked Café Müller in the first answer's surface (the same element, no second surface). */
export const bookedInPlace = (second) =>
  second.same && second.surfaces === 1 && second.text.includes('Booked: Café Müller') && !second.text.includes('Da Nino');

/**
 * Waits for the second answer (the booking, ZH-4821) in the surface and reads what the page
 * holds: whether it is the element the first answer drew (`window.firstSurface`), how many
 * surfaces there are, and its text.
 */
export async function secondAnswer(page) {
  await page.waitForSelector('.status[data-status="ready"]', { timeout: 60_000 });
  await page.waitForFunction((selector) => document.querySelector(selector)?.textContent?.includes('ZH-4821'), SURFACE);
  return page.evaluate(
    (selector) => ({
      same: document.querySelector(selector) === window.firstSurface && window.firstSurface.isConnected,
      surfaces: document.querySelectorAll('.a2ui-stream-surface').length,
      text: document.querySelector(selector)?.textContent ?? '',
    }),
    SURFACE,
  );
}
