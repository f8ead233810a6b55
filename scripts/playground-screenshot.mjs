// Takes a screenshot of the playground: starts `npm run playground`, replays the generated
// one-surface response (v1.0, delta snapshots: a markdown heading, an icon) with the Lit renderer
// (or React's, `--renderer=react`), written in JSON (or in Express, `--format=express`) in headless
// Chromium (in Express with the source shown) and writes docs/playground.png (the README's; React's: docs/playground-react.png;
// Express: docs/playground-express.png), or the file given.
//   node scripts/playground-screenshot.mjs [out.png] [--renderer=lit|react] [--format=json|express]
import { join } from 'node:path';
import { ROOT, openChromium, startPlayground } from './playground-session.mjs';

const args = process.argv.slice(2);
const renderer = args.find((arg) => arg.startsWith('--renderer='))?.slice('--renderer='.length) ?? 'lit';
if (renderer !== 'lit' && renderer !== 'react') throw new Error(`--renderer: lit or react, not '${renderer}'`);
const format = args.find((arg) => arg.startsWith('--format='))?.slice('--format='.length) ?? 'json';
if (format !== 'json' && format !== 'express') throw new Error(`--format: json or express, not '${format}'`);
const named = format === 'express' ? 'docs/playground-express.png' : renderer === 'lit' ? 'docs/playground.png' : 'docs/playground-react.png';
const out = args.find((arg) => !arg.startsWith('--')) ?? join(ROOT, named);
/** Each renderer's surface element. */
const SURFACE = { lit: 'a2ui-surface', react: '.a2ui-react-surface' };
const server = await startPlayground();
const browser = await openChromium({ width: 1440, height: 860 });
try {
  await browser.page.goto(
    `${server.url}?response=generated-small&format=${format}&version=1.0&snapshots=delta&cps=3000&chunk=16&renderer=${renderer}&autoplay=1`,
  );
  await browser.page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await browser.page.locator(SURFACE[renderer]).getByText('Confirm & continue').waitFor({ timeout: 10_000 });
  await browser.page.evaluate(() => document.fonts.ready);
  // In Express, show the response as the model wrote it.
  if (format === 'express') await browser.page.locator('#source summary').click();
  // Show one part's JSON, as a click on its row does.
  await browser.page.locator('#parts tr.a2ui').nth(1).click();
  await browser.page.waitForTimeout(300);
  await browser.page.screenshot({ path: out });
  if (browser.errors.length > 0) throw new Error(`console errors:\n${browser.errors.join('\n')}`);
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
