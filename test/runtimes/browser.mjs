// Opens the test page in headless Chromium (playwright-core) and returns what the page collected.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM } from '../support/prerequisites.mjs';

/** Chromium flags for a headless run on a shared machine (no sandbox, GPU, network services). */
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Loads `${baseUrl}/` and resolves to `{ collectedParts, suiteResults, pageError, consoleErrors }`. */
export async function runInChromium(baseUrl, timeoutMs) {
  const { chromium } = await import('playwright-core');
  // A fresh profile per run; playwright takes it as launchPersistentContext's first argument
  // (it refuses a --user-data-dir flag).
  const userDataDir = await mkdtemp(join(tmpdir(), 'a2ui-stream-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    timeout: timeoutMs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    await page.goto(`${baseUrl}/`, { timeout: timeoutMs });
    await page.waitForFunction(() => window.done === true, undefined, { timeout: timeoutMs });
    const result = await page.evaluate(() => ({
      collectedParts: window.collectedParts,
      suiteResults: window.suiteResults,
      pageError: window.pageError,
    }));
    return { ...result, consoleErrors };
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
