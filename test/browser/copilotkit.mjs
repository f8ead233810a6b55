// `npm run test:browser:copilotkit`: CopilotKit's A2UI renderer (`@copilotkit/a2ui-renderer`
// 1.74.0) painting, in headless Chromium, the activity events `A2uiStreamMiddleware` sends while a
// run streams. A Node server (test/browser/copilotkit-server.ts) replays recorded agent runs (the
// text form with two surfaces, a render_a2ui tool call) at a model's pace behind the middleware as
// server-sent events; the page (test/browser/copilotkit-page.ts) reads them with `HttpAgent` and
// paints each activity message as react-core does. Checks per run: components painted before the
// model's output ended and in several steps, the final surfaces equal the renderer fed the
// model's messages at once, no render error or console error, screenshots at first paint, middle
// and end differ. Ends with `N passed, N failed`.
import { createServer } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ARGS } from '../runtimes/browser.mjs';
import { CHROMIUM } from '../support/prerequisites.mjs';
import { bundlePage, exitWithoutChromium, listen, reporter } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** One agent event every 12 ms: a model's pace (12 to 16 characters each). */
const INTERVAL_MS = 12;
const TIMEOUT_MS = 120_000;
const reporting = reporter();
const { check: report } = reporting;
// `A2UI_DEBUG=1`: React's development build, source maps, warnings and stacks printed.
const debug = Boolean(process.env.A2UI_DEBUG);
const pageScript = () =>
  bundlePage(join(root, 'test/browser/copilotkit-page.ts'), {
    define: { 'process.env.NODE_ENV': debug ? '"development"' : '"production"' },
    sourcemap: debug ? 'inline' : false,
  });

/** The server module, bundled for Node from the sources (no build needed); packages resolve from node_modules. */
async function loadServer() {
  const outfile = join(root, 'node_modules/.cache/a2ui-stream/copilotkit-server.mjs');
  await build({
    entryPoints: [join(root, 'test/browser/copilotkit-server.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    packages: 'external',
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

function serve(script, server, cases) {
  const page =
    '<!doctype html><meta charset="utf-8"><title>CopilotKit</title><body style="width:760px;font-family:sans-serif"><div id="chat"></div></body><script type="module" src="/page.js"></script>';
  const http = createServer((request, response) => {
    const agent = /^\/agent\/(\d+)$/.exec(request.url ?? '');
    if (request.url === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else if (agent && request.method === 'POST' && cases[agent[1]]) {
      server.serveAgent(request, response, cases[agent[1]], INTERVAL_MS).catch((error) => {
        report(`the agent endpoint answers`, false, error?.stack ?? error);
        response.destroy();
      });
    } else response.writeHead(404).end();
  });
  return listen(http);
}

async function runCase(context, url, testCase, index) {
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  if (debug)
    page.on('console', (message) => {
      if (message.type() === 'warning') console.log('warn:', message.text().slice(0, 500));
    });
  page.on('pageerror', (error) => consoleErrors.push(debug ? String(error.stack) : String(error)));
  // Images of the generated surfaces point elsewhere; the test needs no network.
  await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.fulfill({ status: 204 }));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.a2uiCopilotKit !== undefined);
    const running = page.evaluate((i) => window.a2uiCopilotKit.run(i), index);
    await page
      .waitForFunction(() => window.a2uiCopilotKit.painted() > 0, undefined, { timeout: debug ? 5000 : TIMEOUT_MS, polling: 10 })
      .catch(async (error) => {
        if (debug) console.log(consoleErrors, await page.evaluate(() => document.body.innerHTML.slice(0, 3000)));
        throw error;
      });
    const early = await page.screenshot();
    await page.waitForTimeout(testCase.events.length * INTERVAL_MS * 0.3);
    const middle = await page.screenshot();
    const result = await running;
    const end = await page.screenshot({ fullPage: true });
    const outputEnd = result.ends.TEXT_MESSAGE_END ?? result.ends.TOOL_CALL_END;
    report(
      `${testCase.name}: first component painted after ${result.firstPaint} events, before the model's output ended (event ${outputEnd})`,
      result.firstPaint !== undefined && result.firstPaint < outputEnd * 0.7,
    );
    report(`${testCase.name}: painted in ${result.steps} steps while the run streamed`, result.steps >= 5);
    const direct = await page.evaluate((messages) => window.a2uiCopilotKit.direct(messages), testCase.messages);
    const ids = Object.keys(direct);
    const same = ids.length > 0 && JSON.stringify(result.surfaces) === JSON.stringify(direct);
    report(
      `${testCase.name}: the ${ids.length} surface(s) end as the renderer draws the model's messages given at once`,
      same,
      same ? undefined : firstDifference(result.surfaces, direct),
    );
    const problems = [...result.errors, ...consoleErrors];
    report(`${testCase.name}: no render error, no console error`, problems.length === 0, problems.join('\n'));
    report(`${testCase.name}: screenshots at first paint, middle and end differ`, !early.equals(middle) && !middle.equals(end));
    return { early, middle, end };
  } finally {
    await page.close();
  }
}

function firstDifference(streamed, direct) {
  for (const id of new Set([...Object.keys(streamed), ...Object.keys(direct)])) {
    const a = streamed[id] ?? '(missing)';
    const b = direct[id] ?? '(missing)';
    if (a === b) continue;
    let at = 0;
    while (a[at] === b[at]) at++;
    return `surface ${id} differs at ${at}:\n  streamed …${a.slice(Math.max(0, at - 80), at + 160)}\n  direct   …${b.slice(Math.max(0, at - 80), at + 160)}`;
  }
  return 'no difference found';
}

await exitWithoutChromium(reporting);

const dir = await mkdtemp(join(tmpdir(), 'a2ui-copilotkit-'));
const { chromium } = await import('playwright-core');
let context;
let server;
try {
  const serverModule = await loadServer();
  const cases = serverModule.cases();
  server = await serve(await pageScript(), serverModule, cases);
  context = await chromium.launchPersistentContext(join(dir, 'profile'), { executablePath: CHROMIUM, headless: true, args: ARGS, timeout: TIMEOUT_MS });
  for (const [index, testCase] of cases.entries()) {
    const shots = await runCase(context, server.url, testCase, index);
    // `A2UI_SCREENSHOTS=<dir>` keeps them, to look at.
    if (process.env.A2UI_SCREENSHOTS) {
      for (const [when, png] of Object.entries(shots)) await writeFile(join(process.env.A2UI_SCREENSHOTS, `copilotkit-${index}-${when}.png`), png);
    }
  }
} catch (error) {
  report('the CopilotKit run completes', false, error?.stack ?? error);
} finally {
  await context?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
}
reporting.finish();
