// The chat app end to end, as a person uses it: `npm run --silent chat` from the repo (no build),
// its first line the URL; the page sends the suggested question, the first answer's surface grows while
// it streams, a click on Book goes to the route as the next turn (the action, its context and the
// surface's data model), and the second answer changes that surface in place (the same element).
// The surface has A2uiStreamSurface's default look (computed styles checked).
// Screenshots go to a temporary folder, or to docs/ with A2UI_UPDATE_DOCS=1 (so a CI run leaves the
// clone as it was). Used by test/react/run.mjs.
import { join } from 'node:path';
import { answered, ask, bookedInPlace, chatChecks, clickBook, loadChat, SURFACE as surface, secondAnswer, shotsDir } from '../support/chat-page.mjs';

/** The checks, as `[name, ok, detail]`. */
export function chatAppChecks(context, root) {
  const shots = shotsDir(root);
  return chatChecks(context, root, {}, async ({ server, page, check, problems, posted }) => {
    const url = server.url;
    check('npm run --silent chat prints the URL on its first line', /^http:\/\/127\.0\.0\.1:\d+\/$/.test(url), server.lines.join('\n'));
    const outside = [];
    await page.route(
      (u) => !u.href.startsWith(url),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    await loadChat(page, url);
    check(
      'the page loads with a hint and the question filled in',
      (await page.textContent('main'))?.includes('press Book') && (await page.inputValue('form input')) !== '',
    );

    await ask(page);
    // While it streams: how much of the surface is drawn, sampled until the answer ends.
    const sizes = [];
    let streamingShot;
    for (let i = 0; i < 600; i++) {
      const state = await page.evaluate((selector) => {
        const element = document.querySelector(selector);
        return {
          status: document.querySelector('.status')?.getAttribute('data-status'),
          size: element ? element.querySelectorAll('*').length : 0,
          streaming: element?.hasAttribute('data-a2ui-streaming'),
        };
      }, surface);
      if (state.status !== 'streaming') break;
      if (sizes.at(-1) !== state.size) sizes.push(state.size);
      if (!streamingShot && state.streaming && state.size > 40) streamingShot = await page.screenshot({ path: join(shots, 'react-chat-streaming.png') });
      await page.waitForTimeout(40);
    }
    const grows = sizes.length >= 4 && sizes.every((size, i) => i === 0 || size > sizes[i - 1]);
    check(`the first answer's surface grows while it streams (elements drawn: ${sizes.join(' → ')})`, grows && streamingShot !== undefined);
    await answered(page);
    const first = await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      window.firstSurface = element;
      const icons = [...element.querySelectorAll('span.material-symbols-outlined')];
      return {
        text: element.textContent,
        icons: icons.length,
        drawn: icons.filter((icon) => icon.getBoundingClientRect().width <= parseFloat(getComputedStyle(icon).fontSize) * 1.2).length,
        bold: element.querySelectorAll('strong').length,
        skeletons: element.querySelectorAll('div[style*="flex-direction: row"]:empty').length,
      };
    }, surface);
    check(
      'the first answer drew the restaurants, icons as glyphs, markdown rendered',
      first.text.includes('Café Müller') && first.icons >= 4 && first.drawn === first.icons && first.bold > 0,
      JSON.stringify(first),
    );
    // A2uiStreamSurface's default look (src/react/theme.ts), as the Lit renderer draws: the primary
    // buttons (Book) filled with the theme's primary color, no paragraph margins inside a button, a
    // field with a border and rounded corners, headings without the browser's margins.
    const look = await page.evaluate((selector) => {
      const element = document.querySelector(selector);
      const style = (node) => (node ? getComputedStyle(node) : undefined);
      const buttons = [...element.querySelectorAll('button')].map((button) => ({
        background: style(button).backgroundColor,
        radius: style(button).borderTopLeftRadius,
        innerMargin: style(button.querySelector('p'))?.marginTop ?? '0px',
      }));
      const field = style(element.querySelector('input:not([type=checkbox])'));
      const heading = style(element.querySelector('h1, h2, h3'));
      return { buttons, field: field && { radius: field.borderTopLeftRadius, border: field.borderTopWidth }, headingMargin: heading?.marginTop };
    }, surface);
    check(
      'the surface has its default look: filled primary buttons, a rounded field, no stray margins',
      look.buttons.length > 0 &&
        look.buttons.every((b) => b.background === 'rgb(17, 119, 238)') &&
        look.buttons.every((b) => b.radius !== '0px' && b.innerMargin === '0px') &&
        look.field?.radius !== '0px' &&
        look.field?.border === '1px' &&
        look.headingMargin === '0px',
      JSON.stringify(look),
    );
    await page.screenshot({ path: join(shots, 'react-chat-answer.png'), fullPage: true });

    const { body, sent } = await clickBook(page, posted);
    check(
      'the click is sent as the next turn: surface id, the action with its context, the data model',
      sent?.action?.surfaceId === 'tables' &&
        sent.action.name === 'book_table' &&
        sent.action.context?.restaurant === 'Café Müller' &&
        sent.dataModel?.surfaces?.tables?.guests === '2' &&
        body?.a2uiClientCapabilities?.['v0.9']?.supportedCatalogIds?.length === 2,
      JSON.stringify(sent),
    );
    const second = await secondAnswer(page);
    check('the second answer changes that surface in place (the same element, no second surface)', bookedInPlace(second), JSON.stringify(second));
    await page.screenshot({ path: join(shots, 'react-chat.png'), fullPage: true });
    check('no console error or warning', problems.length === 0, problems.join('\n'));
    check('no request beyond 127.0.0.1', outside.length === 0, outside.join('\n'));
  });
}
