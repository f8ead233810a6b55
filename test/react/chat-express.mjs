// The chat app in its Express mode: `A2UI_CHAT_FORMAT=express npm run --silent chat` (the recorded
// model writes its answers in A2UI Express, `<a2ui>` blocks decompiled from its JSON ones; the route
// asks for Express and gives earlier turns back in Express). One turn draws the restaurants in the
// surface, a click on Book draws the booking in that same surface. Express has no `sendDataModel`:
// the click carries the action and its context, and no data model (what JSON's surface asks for),
// which shows the surface came from the Express answer. Used by test/react/run.mjs.
import { join } from 'node:path';
import { startServer } from '../../scripts/playground-session.mjs';
import { secondAnswer, shotsDir } from './chat-app.mjs';

/** The checks, as `[name, ok, detail]`. */
export async function chatExpressChecks(context, root) {
  const shots = shotsDir(root);
  console.log(`chat app in Express: screenshots in ${shots}`);
  const checks = [];
  const check = (name, ok, detail) => checks.push([name, Boolean(ok), detail]);
  const server = await startServer('chat', { cwd: root, env: { A2UI_CHAT_RECORDED: '1', A2UI_CHAT_FORMAT: 'express' }, timeoutMs: 120_000 });
  const page = await context.newPage();
  try {
    check('the server says the recorded model writes A2UI Express', server.lines[1]?.includes('writing A2UI Express'), server.lines.join('\n'));
    const problems = [];
    const posted = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat')) posted.push(JSON.parse(request.postData() ?? '{}'));
    });
    await page.setViewportSize({ width: 820, height: 900 });
    await page.goto(server.url);
    await page.waitForSelector('form button:not([disabled])');
    await page.click('form button');
    const surface = '.a2ui-stream-surface[data-surface-id="tables"]';
    await page.waitForSelector(surface, { timeout: 60_000 });
    await page.waitForSelector('.status[data-status="ready"]', { timeout: 60_000 });
    await page.waitForFunction((selector) => !document.querySelector(selector)?.hasAttribute('data-a2ui-streaming'), surface);
    const first = await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      window.firstSurface = element;
      return {
        text: element.textContent,
        books: [...element.querySelectorAll('button')].filter((button) => button.textContent.trim() === 'Book').length,
        bold: element.querySelectorAll('strong').length,
        field: element.querySelector('input')?.value,
        answer: [...document.querySelectorAll('.message.assistant .text')].map((text) => text.textContent).join(' '),
      };
    }, surface);
    check(
      'one turn in Express draws the surface: title, the three restaurants with a Book button each, markdown, the bound field',
      first.text.includes('Tables for two in Zürich, Friday') &&
        ['Lumen', 'Café Müller', 'Ristorante “Da Nino”'].every((name) => first.text.includes(name)) &&
        first.books === 3 &&
        first.bold > 0 &&
        first.field === '2' &&
        first.answer.includes('Press Book') &&
        !first.answer.includes('a2ui'),
      JSON.stringify(first),
    );
    await page.screenshot({ path: join(shots, 'react-chat-express.png'), fullPage: true });

    const requests = posted.length;
    await page.click(`${surface} button:has-text("Book") >> nth=1`);
    await page.waitForFunction((n) => document.querySelector('.status')?.getAttribute('data-status') === 'streaming' || n < 0, requests);
    const sent = posted[requests]?.messages?.at(-1)?.parts?.find((part) => part.type === 'data-a2ui-action')?.data;
    check(
      'the click sends the action with its context, and no data model (Express has no sendDataModel)',
      sent?.action?.name === 'book_table' && sent.action.context?.restaurant === 'Café Müller' && sent.dataModel?.surfaces?.tables === undefined,
      JSON.stringify(sent),
    );
    const second = await secondAnswer(page, surface);
    check(
      'the second answer, in Express, changes that surface in place (surface("tables"), known from the conversation\'s history)',
      second.same && second.surfaces === 1 && second.text.includes('Booked: Café Müller') && !second.text.includes('Da Nino'),
      JSON.stringify(second),
    );
    await page.screenshot({ path: join(shots, 'react-chat-express-booked.png'), fullPage: true });
    check('no console error or warning', problems.length === 0, problems.join('\n'));
  } catch (error) {
    check('ran to the end', false, error);
  } finally {
    await page.close();
    await server.stop();
  }
  return checks;
}
