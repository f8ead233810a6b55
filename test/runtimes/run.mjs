// `npm run test:runtimes`: runs the stream suite (suite.mjs) against the built dist/ in Node,
// Deno, Bun and headless Chromium. A missing runtime is skipped with a message, and is a
// failure under CI (see test/support/prerequisites.mjs). Ends with the line `N passed, N failed`.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUN, bunMissing, chromiumMissing, DENO, denoMissing, missingPrerequisite } from '../support/prerequisites.mjs';
import { runInChromium } from './browser.mjs';
import { startServer } from './server.mjs';
import { checkModelParts } from './suite.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const entry = join(root, 'test/runtimes/entry.mjs');
const TIMEOUT_MS = 120_000;
let passed = 0;
let failed = 0;

const exists = (path) =>
  access(path).then(
    () => true,
    () => false,
  );

function report(runtime, name, ok, error) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✓' : '✗'} [${runtime}] ${name}`);
  if (!ok && error) console.log(`    ${String(error).split('\n').join('\n    ')}`);
}

function missing(runtime, why) {
  const { fail, message } = missingPrerequisite(runtime, why);
  if (fail) report(runtime, message, false);
  else console.log(`- [${runtime}] ${message}`);
}

function reportSuite(runtime, summary) {
  for (const result of summary.results) report(runtime, result.name, result.ok, result.error);
}

function runProcess(command, args) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ code: -1, stdout, stderr: `${stderr}${error}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

async function runCommandRuntime(runtime, command, args) {
  const { code, stdout, stderr } = await runProcess(command, args);
  const line = stdout.split('\n').find((text) => text.startsWith('@@results '));
  if (line === undefined) {
    report(runtime, 'suite ran', false, `exit code ${code}\n${stdout}${stderr}`.trim());
    return;
  }
  reportSuite(runtime, JSON.parse(line.slice('@@results '.length)));
}

async function runChromium(baseUrl) {
  const why = await chromiumMissing();
  if (why) return missing('chromium', why);
  let page;
  try {
    page = await runInChromium(baseUrl, TIMEOUT_MS);
  } catch (error) {
    return report('chromium', 'page loaded', false, error?.stack ?? error);
  }
  if (page.pageError || !page.suiteResults) {
    return report('chromium', 'page ran', false, page.pageError ?? page.consoleErrors.join('\n'));
  }
  try {
    checkModelParts(page.collectedParts);
    report('chromium', 'the page piped a slowly fetched response through the browser bundle', true);
  } catch (error) {
    report('chromium', 'the page piped a slowly fetched response through the browser bundle', false, error);
  }
  reportSuite('chromium', page.suiteResults);
}

for (const file of ['dist/index.js', 'dist/providers.js', 'dist/browser/a2ui-stream.js']) {
  if (!(await exists(join(root, file)))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const server = await startServer(root);
try {
  await runCommandRuntime('node', process.execPath, [entry, server.url]);

  const noDeno = denoMissing();
  if (noDeno) missing('deno', noDeno);
  else await runCommandRuntime('deno', DENO, ['run', '--quiet', `--allow-net=127.0.0.1`, `--allow-read=${root}`, '--allow-env', entry, server.url]);

  const noBun = bunMissing();
  if (noBun) missing('bun', noBun);
  else await runCommandRuntime('bun', BUN, [entry, server.url]);

  await runChromium(server.url);
} finally {
  await server.close();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
