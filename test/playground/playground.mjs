// The playground in headless Chromium: `npm run --silent playground` from the repo (no build
// needed), its first line of output is the URL (without --silent npm prints its banner first); the first screen says what to do and evaluates no
// renderer; the page replays recorded responses and the renderer (Lit or React) draws their
// surfaces, markdown as HTML and icons as glyphs; the format switch replays a response written in
// Express and draws the same surface; every bundled response (in JSON and in Express) replays with both
// renderers without a console error or warning; the scrubber replays to a point; the long-task
// figure counts only what happens while playing. `npm run test:playground` (in .ci/run).
// Ends with `N passed, N failed`; without Chromium it skips (exit 0), or fails under CI.
import { openChromium, startPlayground } from '../../scripts/playground-session.mjs';
import { check, finish } from '../support/checks.mjs';
import { drawnProblems, inspectDrawn } from '../support/drawn.mjs';
import { chromiumMissing, missingPrerequisite } from '../support/prerequisites.mjs';

const missing = await chromiumMissing();
if (missing) {
  const { fail, message } = missingPrerequisite('Chromium', missing);
  if (fail) check(message, false);
  else console.log(`- ${message}`);
  finish();
}

const server = await startPlayground();
check('npm run --silent playground prints the URL on its first line', /^http:\/\/127\.0\.0\.1:\d+\/$/.test(server.url), server.lines.join('\n'));
const browser = await openChromium();
const { page } = browser;
// Whether the page's first script (evaluated before DOMContentLoaded) brought a renderer with it.
await page.addInitScript(() => {
  document.addEventListener('DOMContentLoaded', () => (window.litAtFirstScript = customElements.get('a2ui-surface') !== undefined));
});

const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
/** Loads the page with these settings, plays, and waits until the replay is done. */
async function replay(settings) {
  await page.goto(`${server.url}?${new URLSearchParams({ ...settings, autoplay: '1' })}`);
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  // The renderer draws on its own schedule (Lit updates, React commits, markdown renders, animation
  // frames); the icon font, loaded by each page, may still be on its way (icons are blank until then).
  await page.evaluate(() => document.fonts.ready);
  await frames();
  await page.waitForTimeout(100);
  await frames();
}
/** The text the renderer drew inside each surface (Lit's `<a2ui-surface>` and its shadow DOM all the way down, or the React view's). */
const surfaceText = () =>
  page.evaluate(() => {
    const deep = (node) =>
      (node.shadowRoot ? deep(node.shadowRoot) : '') + [...node.childNodes].map((child) => (child.nodeType === 3 ? child.textContent : deep(child))).join(' ');
    return [...document.querySelectorAll('#conversation a2ui-surface, #conversation .a2ui-react-surface')].map((surface) =>
      deep(surface).replace(/\s+/g, ' ').trim(),
    );
  });
/** Keeps the main thread busy for `ms` in a task of the page's own (a long task made on purpose; the Long Tasks API does not see the test's evaluations). */
const block = (ms) =>
  page.evaluate(
    (duration) =>
      new Promise((resolve) =>
        setTimeout(() => {
          const end = performance.now() + duration;
          while (performance.now() < end);
          resolve();
        }),
      ),
    ms,
  );
const figure = (id) => page.locator(`#fig-${id}`).textContent();
const rows = () => page.locator('#parts tr').count();
const scrub = (position) =>
  page.evaluate((to) => {
    const scrubber = document.getElementById('scrubber');
    scrubber.value = String(to);
    scrubber.dispatchEvent(new Event('input'));
  }, position);

try {
  // The first screen: what to do, and nothing played.
  await page.goto(`${server.url}?response=demo&cps=2000`);
  await page.waitForSelector('body[data-state="paused"]', { timeout: 60_000 });
  const hint = await page.locator('#hint').textContent();
  check(
    'the first screen says what to do: press Play, pick a response and a renderer, scrub, paste your own',
    (await page.locator('#hint').isVisible()) && /Press Play/.test(hint) && /renderer/.test(hint) && /timeline/.test(hint) && /paste or drop/i.test(hint),
    hint,
  );
  const litLater = await page.evaluate(() => customElements.get('a2ui-surface') !== undefined);
  check(
    "the page's first script evaluates no renderer; the chosen one (Lit) is loaded after it",
    (await page.evaluate(() => window.litAtFirstScript)) === false && litLater,
  );
  await block(120);
  await frames();
  check("a long task before anything plays is not reported as the replay's", (await figure('long-task')) === 'none ≥ 50 ms', await figure('long-task'));
  await page.locator('#play').click();
  await page.waitForSelector('body[data-state="playing"]');
  check('the hint goes once the response plays', !(await page.locator('#hint').isVisible()));
  await block(120);
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await frames();
  const counted = /^(\d+) ms \(\d+ tasks ≥ 50 ms\)$/.exec(await figure('long-task'));
  check('a long task while it plays is reported', counted !== null && Number(counted[1]) >= 120, await figure('long-task'));

  await replay({ response: 'demo', version: '0.9', snapshots: 'delta', cps: '4000', chunk: '16' });
  const [drawn] = await surfaceText();
  check(
    'the demo (v0.9, delta) ends with its surface drawn by the renderer',
    /Dinner at Lumen.*Friday 19:30.*Confirm booking/.test(drawn ?? ''),
    JSON.stringify(drawn),
  );
  const bubbles = await page.locator('#conversation .bubble').allTextContents();
  check(
    'and the text around it',
    bubbles.some((text) => text.includes('Lumen has a table free')) && bubbles.some((text) => text.includes('Once you confirm')),
    JSON.stringify(bubbles),
  );
  const all = await rows();
  check(
    'the parts are listed with offsets and times',
    all > 20 && (await page.locator('#parts tr.a2ui td:nth-child(3)').first().textContent()) !== '',
    `${all} rows`,
  );
  check('first paint is measured', /^\d+ ms$/.test(await figure('first-paint')), await figure('first-paint'));
  check(
    'no renderer or parser error',
    (await figure('render-errors')) === '0' && (await figure('parts')).endsWith(' 0)'),
    `${await figure('render-errors')}; ${await figure('parts')}`,
  );
  // A button of the surface: the action it sends gets a row in the parts panel, its JSON shown.
  await page.locator('#conversation a2ui-surface').getByRole('button', { name: 'Confirm booking' }).click();
  await page.waitForSelector('#parts tr.action', { timeout: 10_000 });
  const actionRow = await page.locator('#parts tr.action').allTextContents();
  check(
    'a button pressed in the surface shows the action it sends in the parts panel (Lit)',
    actionRow.length === 1 &&
      actionRow[0].includes('confirm_booking from') &&
      (await page.locator('#detail').textContent()).includes('"sourceComponentId": "confirm"'),
    JSON.stringify(actionRow),
  );

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
  check(
    'scrubbing back replays to that point: fewer parts, the surface not finished',
    (await rows()) < all && !(partial ?? '').includes('Confirm booking'),
    `${await rows()} rows; ${JSON.stringify(partial)}`,
  );
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
  check(
    'scrubbing to the end draws it all again',
    (await rows()) === all && again === drawn && (again ?? '').includes('Confirm booking'),
    `${await rows()} rows`,
  );

  // The format switch: the same response written in Express (<a2ui> blocks), replayed through the
  // same parser, draws the same surface; the parts panel lists what came out of it.
  await replay({ response: 'demo', version: '1.0', snapshots: 'delta', cps: '4000', chunk: '16' });
  const [inJson] = await surfaceText();
  const jsonLength = Number(/offset \d+ \/ (\d+)/.exec(await page.locator('#position').textContent())?.[1]);
  const jsonSource = await page.locator('#source-text').textContent();
  await page.selectOption('#format', 'express');
  await page.waitForSelector('body[data-state="paused"]', { timeout: 30_000 });
  await page.locator('#play').click();
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await frames();
  const [inExpress] = await surfaceText();
  const expressLength = Number(/offset \d+ \/ (\d+)/.exec(await page.locator('#position').textContent())?.[1]);
  const expressParts = await page.locator('#parts tr.a2ui').allTextContents();
  const expressSource = await page.locator('#source-text').textContent();
  const fed = await page.evaluate(() => [...(CSS.highlights.get('fed') ?? [])].map((range) => range.toString().length));
  check(
    'the source view shows the response as the model writes it (<a2ui-json>, then <a2ui>), all of it marked as fed',
    jsonSource.includes('<a2ui-json>') &&
      expressSource.includes('<a2ui>') &&
      !expressSource.includes('<a2ui-json>') &&
      expressSource.length === expressLength &&
      fed.length === 1 &&
      fed[0] === expressLength,
    `${JSON.stringify(expressSource.slice(0, 120))}; fed ${fed}`,
  );
  check(
    'switching to Express replays the demo written in <a2ui> blocks (a shorter source) and draws the same surface',
    page.url().includes('format=express') &&
      /Dinner at Lumen.*Confirm booking/.test(inExpress ?? '') &&
      inExpress === inJson &&
      expressLength > 0 &&
      expressLength < jsonLength,
    `${JSON.stringify(inExpress)} vs ${JSON.stringify(inJson)}; ${expressLength} vs ${jsonLength} characters`,
  );
  check(
    "and the parts panel shows the Express blocks' messages, with no error",
    expressParts.some((row) => row.includes('createSurface')) &&
      expressParts.some((row) => row.includes('updateComponents')) &&
      (await figure('parts')).endsWith(' 0)') &&
      (await page.locator('#note').textContent()) === '',
    `${JSON.stringify(expressParts.slice(0, 4))}; ${await figure('parts')}`,
  );
  await page.locator('#conversation a2ui-surface').getByRole('button', { name: 'Confirm booking' }).click();
  await page.waitForSelector('#parts tr.action', { timeout: 10_000 });
  check(
    "a button of the Express surface sends the action JSON's did",
    (await page.locator('#parts tr.action').allTextContents()).some((row) => row.includes('confirm_booking from')),
  );
  await replay({ response: 'recording-anthropic-messages', version: '0.9', format: 'express', cps: '100000', chunk: '64' });
  const noForm = page.url().includes('response=recording-anthropic-messages') ? await page.locator('#note').textContent() : 'not that recording';
  await replay({ response: 'demo', version: '0.8', format: 'express', cps: '100000', chunk: '64' });
  check(
    'a recording without an Express form, and v0.8, say they are replayed in JSON',
    noForm.includes('replayed as it was recorded, in JSON') && (await page.locator('#note').textContent()).includes('v0.8 has no Express'),
    `${noForm} / ${await page.locator('#note').textContent()}`,
  );

  await replay({ response: 'demo-anthropic', version: '1.0', snapshots: 'full', cps: '20000', chunk: '64' });
  const [anthropic] = await surfaceText();
  check(
    'an Anthropic SSE recording (v1.0, full) through the provider adapter draws the surface',
    /Dinner at Lumen.*Confirm booking/.test(anthropic ?? ''),
    JSON.stringify(anthropic),
  );

  await replay({ response: 'generated-medium', version: '1.0', snapshots: 'delta', cps: '100000', chunk: '256' });
  const generated = await surfaceText();
  check(
    'a generated v1.0 response draws both its surfaces',
    generated.length === 2 && generated.every((text) => text.length > 100),
    JSON.stringify(generated.map((text) => text.slice(0, 80))),
  );
  check('with no renderer error', (await figure('render-errors')) === '0', await figure('render-errors'));

  check('the longest main-thread task is reported', /^(none ≥ 50 ms|\d+ ms \(\d+ tasks ≥ 50 ms\))$/.test(await figure('long-task')), await figure('long-task'));

  await replay({ response: 'recording-openai-chat-completions-error', version: '0.9', snapshots: 'delta', cps: '100000', chunk: '64' });
  const errorRow = await page.locator('#parts tr.error').allTextContents();
  check(
    "a provider's error event ends the replay with an error part",
    errorRow.length === 1 && /server had an error/.test(errorRow[0]) && (await figure('parts')).endsWith(' 1)'),
    JSON.stringify(errorRow),
  );

  await replay({ response: 'demo', version: '0.8', snapshots: 'full', cps: '100000', chunk: '64' });
  check(
    'v0.8: the parts are listed, the page says why nothing is drawn',
    (await rows()) > 5 && (await page.locator('#note').textContent()).includes('v0.8 is not drawn'),
  );

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
  check(
    'a pasted response is replayed and drawn',
    (mine ?? '').includes('Pasted and drawn') && (await page.locator('#own-format').inputValue()) === 'text',
    JSON.stringify(mine),
  );

  // The renderer switch: the same response, replayed to the same point by the other renderer.
  await page.goto(`${server.url}?response=demo&version=1.0&snapshots=delta&cps=4000&chunk=16`);
  await page.waitForSelector('body[data-state="paused"]', { timeout: 60_000 });
  await scrub(60);
  await page.selectOption('#renderer', 'react');
  await page.waitForSelector('#conversation .a2ui-react-surface', { timeout: 30_000 });
  await frames();
  const [switched] = await surfaceText();
  check(
    'switching to React replays to the same point with @a2ui/react',
    (await page.locator('#scrubber').inputValue()) === '60' &&
      page.url().includes('renderer=react') &&
      (await page.locator('#conversation a2ui-surface').count()) === 0 &&
      /Dinner at Lumen/.test(switched ?? ''),
    JSON.stringify(switched),
  );
  await scrub(Number(await page.locator('#scrubber').getAttribute('max')));
  await page.locator('#conversation .a2ui-react-surface').getByRole('button', { name: 'Confirm booking' }).click();
  await page.waitForSelector('#parts tr.action', { timeout: 10_000 });
  const reactAction = await page.locator('#parts tr.action').allTextContents();
  check('and with React', reactAction.length === 1 && reactAction[0].includes('confirm_booking from'), JSON.stringify(reactAction));

  check('no console error or warning', browser.errors.length === 0, browser.errors.join('\n'));

  // Every bundled response, in full, with each renderer: no console error or warning; markdown
  // headings drawn as headings and icons as glyphs where the response has them, the same with both.
  const responses = await page.locator('#response option').evaluateAll((options) => options.map((option) => option.value).filter((value) => value !== 'own'));
  const drawnBy = { lit: new Map(), react: new Map() };
  for (const renderer of ['lit', 'react']) {
    const failures = [];
    let replays = 0;
    // Each response in JSON; in Express too where it has that form (the text ones at both versions, the SSE ones at 1.0).
    const runs = responses.flatMap((response) =>
      response.startsWith('recording-')
        ? [[response, '0.9', 'json']]
        : [
            [response, '0.9', 'json'],
            [response, '1.0', 'json'],
            ...(response.startsWith('demo-') ? [] : [[response, '0.9', 'express']]),
            [response, '1.0', 'express'],
          ],
    );
    for (const [response, version, format] of runs) {
      const before = browser.errors.length;
      await replay({ response, format, version, snapshots: replays % 2 === 0 ? 'delta' : 'full', cps: '1000000', chunk: '256', renderer });
      replays++;
      const drawn = await page.evaluate(inspectDrawn, '#conversation');
      drawnBy[renderer].set(`${response} v${version} ${format}`, { headings: drawn.headings, icons: drawn.icons.map((icon) => icon.name) });
      const problems = [...browser.errors.slice(before), ...drawnProblems(drawn)];
      if ((await figure('render-errors')) !== '0') problems.push(`renderer errors: ${await figure('render-errors')}`);
      if (response.startsWith('generated-') && version === '1.0' && !drawn.headings.some((heading) => heading.startsWith('h1:')))
        problems.push('no markdown heading drawn');
      if (response.startsWith('generated-') && drawn.icons.length === 0) problems.push('no icon drawn');
      if (problems.length > 0) failures.push(`${response} v${version} ${format}: ${problems.join('; ')}`);
    }
    check(
      `${renderer}: ${replays} full replays of the ${responses.length} bundled responses (JSON and Express), no console error or warning, no renderer error, headings and icons drawn`,
      failures.length === 0,
      failures.join('\n    '),
    );
  }
  const differ = [...drawnBy.lit]
    .filter(([key, lit]) => JSON.stringify(lit) !== JSON.stringify(drawnBy.react.get(key)))
    .map(([key, lit]) => `${key}: ${JSON.stringify(lit)} ≠ ${JSON.stringify(drawnBy.react.get(key))}`);
  check('Lit and React draw the same headings and icons for every response', drawnBy.lit.size > 0 && differ.length === 0, differ.slice(0, 3).join('\n    '));
  const expressDiffers = [...drawnBy.lit]
    .filter(([key]) => key.endsWith(' express'))
    .filter(([key, express]) => JSON.stringify(express) !== JSON.stringify(drawnBy.lit.get(key.replace(/ express$/, ' json'))))
    .map(([key]) => key);
  check(
    'each response draws the same headings and icons in Express as in JSON',
    [...drawnBy.lit.keys()].some((key) => key.endsWith(' express')) && expressDiffers.length === 0,
    expressDiffers.join(', '),
  );

  check('no request beyond 127.0.0.1', browser.offline.length === 0, browser.offline.join('\n'));
} catch (error) {
  check('the run completes', false, String(error?.stack ?? error));
} finally {
  await browser.close();
  await server.stop();
}

finish();
