// The chat app in its Express mode: `A2UI_CHAT_FORMAT=express npm run --silent chat` (the recorded
// model writes its answers in A2UI Express, `<a2ui>` blocks decompiled from its JSON ones; the route
// asks for Express and gives earlier turns back in Express). One turn draws the restaurants in the
// surface, a click on Book draws the booking in that same surface. Express has no `sendDataModel`:
// the click carries the action and its context, and no data model (what JSON's surface asks for),
// which shows the surface came from the Express answer. Used by test/react/run.mjs.
import { join } from 'node:path';
import { answered, ask, bookedInPlace, chatChecks, clickBook, loadChat, SURFACE as surface, secondAnswer, shotsDir } from '../support/chat-page.mjs';

/** The checks, as `[name, ok, detail]`. */
export function chatExpressChecks(context, root) {
  const shots = shotsDir(root);
  console.log(`chat app in Express: screenshots in ${shots}`);
  return chatChecks(context, root, { A2UI_CHAT_FORMAT: 'express' }, async ({ server, page, check, problems, posted }) => {
    check('the server says the recorded model writes A2UI Express', server.lines[1]?.includes('writing A2UI Express'), server.lines.join('\n'));
    await loadChat(page, server.url);
    await ask(page);
    await answered(page);
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

    const { sent } = await clickBook(page, posted);
    check(
      'the click sends the action with its context, and no data model (Express has no sendDataModel)',
      sent?.action?.name === 'book_table' && sent.action.context?.restaurant === 'Café Müller' && sent.dataModel?.surfaces?.tables === undefined,
      JSON.stringify(sent),
    );
    const second = await secondAnswer(page);
    check(
      'the second answer, in Express, changes that surface in place (surface("tables"), known from the conversation\'s history)',
      bookedInPlace(second),
      JSON.stringify(second),
    );
    await page.screenshot({ path: join(shots, 'react-chat-express-booked.png'), fullPage: true });
    check('no console error or warning', problems.length === 0, problems.join('\n'));
  });
}
