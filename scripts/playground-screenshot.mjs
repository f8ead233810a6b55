// Takes the README's screenshot of the playground: starts `npm run playground`, replays the
// demo's response (v0.9, delta snapshots) in headless Chromium and writes docs/playground.png.
//   node scripts/playground-screenshot.mjs [out.png]
import { join } from 'node:path';
import { ROOT, openChromium, startPlayground } from './playground-session.mjs';

const out = process.argv[2] ?? join(ROOT, 'docs/playground.png');
const server = await startPlayground();
const browser = await openChromium({ width: 1440, height: 860 });
try {
  await browser.page.goto(`${server.url}?response=demo&version=0.9&snapshots=delta&cps=1500&chunk=16&autoplay=1`);
  await browser.page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await browser.page.locator('a2ui-surface').getByText('Confirm booking').waitFor({ timeout: 10_000 });
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
