// The playground in headless Chromium: `npm run --silent playground` from the repo (no build
// needed), its first line of output is the URL (without --silent npm prints its banner first); the page replays recorded responses and the renderer draws
// their surfaces; the scrubber replays to a point. `npm run test:playground` (in .ci/run).
// Ends with `N passed, N failed`; skips (exit 0) without Chromium unless CI is set.
import { chromiumMissing, openChromium, startPlayground } from '../../scripts/playground-session.mjs';
import { check, finish } from '../support/checks.mjs';


const missing = await chromiumMissing();
if (missing) {
  console.log(`skipped: ${missing}`);
  process.exit(process.env.CI ? 1 : 0);
}

const server = await startPlayground();
check('npm run --silent playground prints the URL on its first line', /^http:\/\/127\.0\.0\.1:\d+\/$/.test(server.url), server.lines.join('\n'));
const browser = await openChromium();
const { page } = browser;

/** Loads the page with these settings, plays, and waits until the replay is done. */
async function replay(settings) {
  await page.goto(`${server.url}?${new URLSearchParams({ ...settings, autoplay: '1' })}`);
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  // The renderer draws on its own schedule (Lit updates, animation frames): give it a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
/** The text the renderer drew inside each `<a2ui-surface>` (its shadow DOM, all the way down). */
const surfaceText = () =>
  page.evaluate(() => {
    const deep = (node) => (node.shadowRoot ? deep(node.shadowRoot) : '') + [...node.childNodes].map((child) => (child.nodeType === 3 ? child.textContent : deep(child))).join(' ');
    return [...document.querySelectorAll('#conversation a2ui-surface')].map((surface) => deep(surface).replace(/\s+/g, ' ').trim());
  });
const figure = (id) => page.locator(`#fig-${id}`).textContent();
const rows = () => page.locator('#parts tr').count();
const scrub = (position) =>
  page.evaluate((to) => {
    const scrubber = document.getElementById('scrubber');
    scrubber.value = String(to);
    scrubber.dispatchEvent(new Event('input'));
  }, position);

try {
  await replay({ response: 'demo', version: '0.9', snapshots: 'delta', cps: '4000', chunk: '16' });
  const [drawn] = await surfaceText();
  check('the demo (v0.9, delta) ends with its surface drawn by the renderer', /Dinner at Lumen.*Friday 19:30.*Confirm booking/.test(drawn ?? ''), JSON.stringify(drawn));
  const bubbles = await page.locator('#conversation .bubble').allTextContents();
  check('and the text around it', bubbles.some((text) => text.includes('Lumen has a table free')) && bubbles.some((text) => text.includes('Once you confirm')), JSON.stringify(bubbles));
  const all = await rows();
  check('the parts are listed with offsets and times', all > 20 && (await page.locator('#parts tr.a2ui td:nth-child(3)').first().textContent()) !== '', `${all} rows`);
  check('first paint is measured', /^\d+ ms$/.test(await figure('first-paint')), await figure('first-paint'));
  check('no renderer or parser error', (await figure('render-errors')) === '0' && (await figure('parts')).endsWith(' 0)'), `${await figure('render-errors')}; ${await figure('parts')}`);

  const max = Number(await page.locator('#scrubber').getAttribute('max'));
  const createdAt = await page.evaluate(() => {
    const row = [...document.querySelectorAll('#parts tr')].find((tr) => tr.textContent.includes('createSurface'));
    return Number(row.cells[2].textContent);
  });
  // The piece that ends where createSurface left the parser, plus one: the surface is there, its components mostly not.
  const early = Math.ceil(createdAt / 16) + 1;
  await scrub(early);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const [partial] = await surfaceText();
  check('scrubbing back replays to that point: fewer parts, the surface not finished', (await rows()) < all && !(partial ?? '').includes('Confirm booking'), `${await rows()} rows; ${JSON.stringify(partial)}`);
  check('a scrubbed run does not claim a first-paint time', (await figure('first-paint')).startsWith('not measured'), await figure('first-paint'));
  await page.selectOption('#snapshots', 'full');
  await page.waitForSelector('body[data-state="paused"]', { timeout: 30_000 });
  const kept = await page.locator('#scrubber').inputValue();
  check('changing the snapshot mode replays to the same point', kept === String(early) && page.url().includes('snapshots=full'), `${kept} ≠ ${early}`);
  await page.selectOption('#snapshots', 'delta');
  await page.waitForSelector('body[data-state="paused"]', { timeout: 30_000 });
  await scrub(max);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const [again] = await surfaceText();
  check('scrubbing to the end draws it all again', (await rows()) === all && again === drawn && (again ?? '').includes('Confirm booking'), `${await rows()} rows`);

  await replay({ response: 'demo-anthropic', version: '1.0', snapshots: 'full', cps: '20000', chunk: '64' });
  const [anthropic] = await surfaceText();
  check('an Anthropic SSE recording (v1.0, full) through the provider adapter draws the surface', /Dinner at Lumen.*Confirm booking/.test(anthropic ?? ''), JSON.stringify(anthropic));

  await replay({ response: 'generated-medium', version: '1.0', snapshots: 'delta', cps: '100000', chunk: '256' });
  const generated = await surfaceText();
  check('a generated v1.0 response draws both its surfaces', generated.length === 2 && generated.every((text) => text.length > 100), JSON.stringify(generated.map((text) => text.slice(0, 80))));
  check('with no renderer error', (await figure('render-errors')) === '0', await figure('render-errors'));

  check('the longest main-thread task is reported', /^(none ≥ 50 ms|\d+ ms \(\d+ tasks ≥ 50 ms\))$/.test(await figure('long-task')), await figure('long-task'));

  await replay({ response: 'recording-openai-chat-completions-error', version: '0.9', snapshots: 'delta', cps: '100000', chunk: '64' });
  const errorRow = await page.locator('#parts tr.error').allTextContents();
  check("a provider's error event ends the replay with an error part", errorRow.length === 1 && /server had an error/.test(errorRow[0]) && (await figure('parts')).endsWith(' 1)'), JSON.stringify(errorRow));

  await replay({ response: 'demo', version: '0.8', snapshots: 'full', cps: '100000', chunk: '64' });
  check('v0.8: the parts are listed, the page says why nothing is drawn', (await rows()) > 5 && (await page.locator('#note').textContent()).includes('v0.8 is not drawn'));

  // Your own response, pasted: the page guesses its format (here plain model text).
  const pasted = [
    'Here you go: <a2ui-json>[',
    '{"version":"v0.9","createSurface":{"surfaceId":"mine","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},',
    '{"version":"v0.9","updateComponents":{"surfaceId":"mine","components":[{"id":"root","component":"Column","children":["hello"]},{"id":"hello","component":"Text","text":"Pasted and drawn"}]}}',
    ']</a2ui-json> Done.',
  ].join('\n');
  await page.goto(`${server.url}?version=0.9&snapshots=delta&cps=4000&chunk=16`);
  await page.locator('#own summary').click();
  await page.locator('#own-text').fill(pasted);
  await page.locator('#own-use').click();
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const [mine] = await surfaceText();
  check('a pasted response is replayed and drawn', (mine ?? '').includes('Pasted and drawn') && (await page.locator('#own-format').inputValue()) === 'text', JSON.stringify(mine));

  check('no console error', browser.errors.length === 0, browser.errors.join('\n'));
  check('no request beyond 127.0.0.1', browser.offline.length === 0, browser.offline.join('\n'));
} catch (error) {
  check('the run completes', false, String(error?.stack ?? error));
} finally {
  await browser.close();
  await server.stop();
}

finish();
