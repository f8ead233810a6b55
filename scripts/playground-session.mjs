// Runs `npm run --silent playground` and opens its page in headless Chromium (playwright-core; where
// Chromium is: test/support/prerequisites.mjs): used by the screenshot script and the playground's browser test.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARGS as CHROMIUM_ARGS } from '../test/runtimes/browser.mjs';
import { CHROMIUM } from '../test/support/prerequisites.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts `npm run --silent <script>` with `env` (and `PORT=0`: a free port); resolves with the URL
 * (its first line of output: `--silent` keeps npm's banner out), the lines it printed, and
 * `stop()`. Fails when the first line is not a `http://127.0.0.1:<port>/` URL.
 */
export function startServer(script, { cwd = ROOT, env = {}, timeoutMs = 60_000 } = {}) {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines = [];
  let stderr = '';
  child.stderr.on('data', (data) => (stderr += data));
  // A child ended by a signal has no exit code: its signal code says it is gone.
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM'); // npm and the server it started
    await exited;
  };
  // If this process ends first (an error, a timeout), the server must not outlive it.
  process.once('exit', () => {
    if (running()) process.kill(-child.pid, 'SIGTERM');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no URL within ${timeoutMs} ms`), timeoutMs);
    const fail = (why) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`npm run ${script}: ${why}\n${lines.join('\n')}\n${stderr}`)));
    };
    let buffer = '';
    child.stdout.on('data', (data) => {
      buffer += data;
      const parts = buffer.split('\n');
      buffer = parts.pop();
      for (const line of parts) {
        lines.push(line);
        if (lines.length === 1) {
          clearTimeout(timer);
          if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(line)) return fail(`its first line is not a URL: ${JSON.stringify(line)}`);
          resolve({ url: line, lines, stop });
        }
      }
    });
    child.once('exit', (code) => fail(`exited with ${code}`));
  });
}

/** {@link startServer} for the playground. */
export const startPlayground = (timeoutMs = 60_000) => startServer('playground', { timeoutMs });

/**
 * Opens headless Chromium with a fresh profile; returns a page that records console errors and
 * warnings (`errors`, each as `type: text`; uncaught errors too) and requests beyond 127.0.0.1
 * (`offline`), and `close()`.
 */
export async function openChromium({ width = 1440, height = 900 } = {}) {
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(join(tmpdir(), 'a2ui-stream-playground-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width, height },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  /** Requests that left the machine (anything but 127.0.0.1 and data: URLs). */
  const offline = [];
  page.on('request', (request) => {
    if (!/^(http:\/\/127\.0\.0\.1[:/]|data:)/.test(request.url())) offline.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  };
  return { page, errors, offline, close };
}
