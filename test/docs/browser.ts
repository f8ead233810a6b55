/**
 * Runs a page in headless Chromium (playwright-core; where Chromium is: test/support/prerequisites.mjs)
 * against a small static server over a directory, and returns the page's text once `ready(text)` holds.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { CHROMIUM } from '../support/prerequisites.mjs';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.html': 'text/html',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Serves `dir` (with `index` at `/`; `.txt` files streamed in small pieces), opens it in Chromium, and returns the body text when ready. */
export async function runPage(dir: string, index: string, ready: (text: string) => boolean, timeoutMs = 60_000): Promise<{ text: string; errors: string[] }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    const file = path === '/' ? index : normalize(decodeURIComponent(path).slice(1));
    if (file.startsWith('..')) return void response.writeHead(404).end();
    try {
      const body = await readFile(join(dir, file));
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      // Text files stream slowly, like a model's output: 48 bytes every 20 ms, slow enough that a
      // loaded machine does not merge the pieces into one read (the page then sees no placeholder).
      const step = extname(file) === '.txt' ? 48 : body.length;
      for (let i = 0; i < body.length; i += step) {
        response.write(body.subarray(i, i + step));
        if (step < body.length) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      response.end();
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(join(tmpdir(), 'a2ui-stream-docs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    timeout: timeoutMs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${port}/`, { timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < deadline) {
      // What a person sees: innerText follows the layout (line breaks, hidden text left out).
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
      text = await page.evaluate(() => document.body.innerText);
      if (ready(text) || errors.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { text, errors };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}
