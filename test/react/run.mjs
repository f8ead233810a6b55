// `npm run test:react`: `a2ui-stream/react` in headless Chromium (playwright-core). 10 v0.9 and 10
// v1.0 fixture answers (test/react/fixtures.ts) streamed at a model's pace through useChat (the
// ai-sdk entry's data parts, mode 'events' or 'block') or a list of a2uiStream parts into
// `useA2uiSurfaces` and `A2uiStreamSurface`. Per answer: the final DOM equals rendering the same
// messages directly with @a2ui/react, screenshots early (skeletons visible), middle and end
// differ, no console error or warning, markdown rendered, icons drawn as glyphs, the hook's list
// applied at most once per animation frame. Then A2uiMarkdown (images off, then on), a v1.0 answer in
// the current dialect drawn as its August twin, the main-thread budget on the largest answer (production
// React; its longest task while streaming against drawing it directly in the same page), and the
// chat app end to end (test/react/chat-app.mjs), in JSON and in Express
// (test/react/chat-express.mjs). `--hook-only`, `--chat-only`.
// Ends with `N passed, N failed`.
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUDGET_RATIO, budgetRuns, firstDifference, offline, openPage as openTestPage, reporter, runSuite, streamingShots } from '../browser/harness.mjs';
import { chatAppChecks } from './chat-app.mjs';
import { chatExpressChecks } from './chat-express.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const hookOnly = process.argv.includes('--hook-only');
const chatOnly = process.argv.includes('--chat-only');
// `--budget-only`: just the main-thread budget (while working on it).
const budgetOnly = process.argv.includes('--budget-only');
const TIMEOUT_MS = 240_000;
/** A fast model's pace: 24 characters every 10 ms (~2,400 characters, ~600 tokens, a second). */
const PACE = { chunkSize: 24, intervalMs: 10 };
const reporting = reporter();
const { check: report } = reporting;

/** Seeds 1…10 per version; the source cycles events / block / parts, snapshot modes alternate. */
function cases() {
  const sources = ['events', 'block', 'parts'];
  return ['0.9', '1.0'].flatMap((version) =>
    Array.from({ length: 10 }, (_, i) => ({
      version,
      seed: i + 1,
      source: sources[i % 3],
      snapshots: i % 2 === 0 ? 'delta' : 'full',
      ...PACE,
    })),
  );
}

/** The page bundled for React's development build (warnings on) and its production build. */
async function bundle(mode) {
  const result = await build({
    entryPoints: [join(root, 'test/react/page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: join(root, 'test/react/out'), // not written: names the outputs
    assetNames: '[name]',
    loader: { '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    minify: mode === 'production',
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('/') + 1), file.contents]));
}

const TYPES = { js: 'text/javascript', css: 'text/css', woff2: 'font/woff2' };

/** The test server (not started): the page of each build (`/development/`, `/production/`) and its files. */
function serve(builds) {
  const page = (mode) =>
    `<!doctype html><meta charset="utf-8"><title>a2ui-stream/react</title><link rel="stylesheet" href="/${mode}/page.css"><body style="width:760px;font:15px/1.4 sans-serif"></body><script type="module" src="/${mode}/page.js"></script>`;
  return createServer((request, response) => {
    const [, mode, name] = /^\/(development|production)\/?([\w.-]*)$/.exec(request.url) ?? [];
    const files = builds[mode];
    if (files && name === '') response.writeHead(200, { 'content-type': 'text/html' }).end(page(mode));
    else if (files?.has(name)) response.writeHead(200, { 'content-type': TYPES[name.split('.').pop()] }).end(files.get(name));
    else response.writeHead(404).end();
  });
}

/** The test page at `url`, once `window.reactTest` is there, and its console problems. */
const openPage = (context, url) => openTestPage(context, url, 'reactTest');

const name = (c) => `v${c.version} seed ${c.seed} (${c.source}, ${c.snapshots})`;

async function streamCase(context, url, c) {
  const { page, problems } = await openPage(context, `${url}development`);
  try {
    const running = page.evaluate((x) => window.reactTest.run(x), c);
    const { result, end, differ } = await streamingShots(page, running, 'reactTest', TIMEOUT_MS);
    const all = [...result.errors, ...problems];
    report(`${name(c)}: ${result.chars} chars, no console error or warning`, all.length === 0, all.join('\n'));
    const same = result.streamed.length >= 2 && JSON.stringify(result.streamed) === JSON.stringify(result.direct);
    report(
      `${name(c)}: final DOM of ${result.streamed.length} surfaces equals rendering the messages directly with @a2ui/react`,
      same,
      same ? undefined : firstDifference(result.streamed, result.direct),
    );
    report(`${name(c)}: screenshots early (skeletons visible), middle and end differ`, differ);
    const { icons, markdown } = result;
    report(
      `${name(c)}: ${icons.count} icons drawn as glyphs of the local symbol font`,
      icons.count > 0 && icons.drawn === icons.count && icons.fontLoaded,
      JSON.stringify(icons),
    );
    report(
      `${name(c)}: markdown rendered (${markdown.strong} bold, ${markdown.items} list items)`,
      markdown.strong > 0 && markdown.items > 0 && markdown.unrendered === 0,
      JSON.stringify(markdown),
    );
    report(
      `${name(c)}: messages applied at most once per animation frame (${result.sourceUpdates} source updates, ${result.applyingFlushes} applying frames)`,
      result.sharedFrames === 0 && result.applyingFlushes > 1 && result.applyingFlushes < result.sourceUpdates,
      JSON.stringify(result),
    );
    return end;
  } finally {
    await page.close();
  }
}

/**
 * The budget on the largest answer, production React (what users ship), for each source: the
 * longest main-thread task while it streams, over the task that draws the same messages directly
 * in that page (`processMessages` and a `flushSync` render, test/react/page.ts), at most
 * {@link BUDGET_RATIO}. The machine is shared: a task can be long because the process was not
 * scheduled, so the best of up to three runs counts. The icon font's first use decodes 4 MB of
 * font on the main thread, one native task of 67–130 ms measured: a cost of the page's font, not
 * of the stream, which the direct drawing after the stream no longer pays. The page loads and
 * shapes the font before the answer streams, as the Lit page does, so neither side counts it.
 */
async function budget(context, url, largest) {
  for (const source of ['events', 'block', 'parts']) {
    const c = { ...largest, source, ...(process.env.BUDGET_SNAPSHOTS ? { snapshots: process.env.BUDGET_SNAPSHOTS } : {}) };
    const { best, tried, figures, ok, detail } = await budgetRuns(context, `${url}production`, 'reactTest', c);
    report(
      `largest answer (${name(c)}, ${best.chars} chars): within the main-thread budget (≤ ${BUDGET_RATIO}× the direct drawing): ${figures} (runs: ${tried})`,
      ok,
      detail,
    );
  }
}

await runSuite(reporting, { prefix: 'a2ui-stream-react-', timeoutMs: TIMEOUT_MS }, async (context, listen) => {
  if (!chatOnly) {
    const server = await listen(serve({ development: await bundle('development'), production: await bundle('production') }));
    // No network: a request beyond the test server fails the run.
    const outside = await offline(context, server.url);
    const all = cases();
    // `--only=1.0:3`: one answer (while working on it); `--only=dialect`: the dialect twins only;
    // `--only=user-input`: the URL policy's user-input checks only; `--only=markdown`: A2uiMarkdown only;
    // `--only=render-failure`: a surface that throws (probe 17 finding 2)
    // (with A2UI_SHOTS=<folder>, their screenshot goes there).
    const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
    for (const c of budgetOnly ? [] : all.filter((c) => only === undefined || `${c.version}:${c.seed}` === only)) {
      try {
        await streamCase(context, server.url, c);
      } catch (error) {
        report(`${name(c)}: streamed`, false, error);
      }
    }
    if ((only === undefined || only === 'markdown') && !budgetOnly) {
      const { page, problems } = await openPage(context, `${server.url}development`);
      const { off, on, http } = await page.evaluate(() => window.reactTest.markdown());
      await page.close();
      report(
        'A2uiMarkdown renders chat text as markdown, an image as a link to it unless images are on',
        off.strong === 1 && off.images === 0 && off.text.includes('the dining room') && on.strong === 1 && on.images === 1 && problems.length === 0,
        JSON.stringify({ off, on, problems }),
      );
      report(
        'A2uiMarkdown applies the URL policy: an http: image is not loaded, an http: link keeps no href (probe 17 finding 8)',
        http.strong === 1 &&
          http.images === 0 &&
          http.urls.every((url) => url === '') &&
          http.text.includes('the dining room') &&
          http.text.includes('the menu'),
        JSON.stringify({ http, problems }),
      );
    }
    if ((only === undefined || only === 'dialect') && !budgetOnly) {
      const twins = await openPage(context, `${server.url}development`);
      const check = await twins.page.evaluate(() => window.reactTest.dialectTwins());
      if (process.env.A2UI_SHOTS) await twins.page.screenshot({ path: join(process.env.A2UI_SHOTS, 'react-dialect-twins.png'), fullPage: true });
      await twins.page.close();
      report(check.name, check.ok && twins.problems.length === 0, [check.detail, ...twins.problems].join('\n'));
    }
    if ((only === undefined || only === 'render-failure') && !budgetOnly) {
      const { page, problems } = await openPage(context, `${server.url}development`);
      const check = await page.evaluate(() => window.reactTest.renderFailure());
      await page.close();
      // React logs the errors its boundaries catch (console.error); what must not happen is an uncaught one.
      const uncaught = problems.filter((problem) => !problem.startsWith('error: ') && !problem.startsWith('warning: '));
      report(check.name, check.ok && uncaught.length === 0, [check.detail, ...uncaught].join('\n'));
    }
    if ((only === undefined || only === 'user-input') && !budgetOnly) {
      const { page, problems } = await openPage(context, `${server.url}development`);
      const check = await page.evaluate(() => window.reactTest.userInputUrls());
      await page.close();
      report(check.name, check.ok && problems.length === 0, [check.detail, ...problems].join('\n'));
      const rebind = await openPage(context, `${server.url}development`);
      const moved = await rebind.page.evaluate(() => window.reactTest.rebindUrls());
      await rebind.page.close();
      report(moved.name, moved.ok && rebind.problems.length === 0, [moved.detail, ...rebind.problems].join('\n'));
    }
    if (only === undefined)
      try {
        // v1.0 seed 10 is the largest answer (test/react/fixtures.test.ts checks seed 10 is each version's largest).
        await budget(
          context,
          server.url,
          all.find((c) => c.version === '1.0' && c.seed === 10),
        );
      } catch (error) {
        report('main-thread budget measured', false, error);
      }
    report('no request beyond the test server', outside.length === 0, outside.join('\n'));
    await context.unrouteAll();
  }
  if (!hookOnly && !budgetOnly) {
    for (const [check, ok, detail] of await chatAppChecks(context, root)) report(`chat app: ${check}`, ok, detail);
    for (const [check, ok, detail] of await chatExpressChecks(context, root)) report(`chat app in Express: ${check}`, ok, detail);
  }
});
