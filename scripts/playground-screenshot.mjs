// Takes the README's screenshot of the playground: starts `npm run playground`, replays the
// generated one-surface response (v1.0, delta snapshots: a markdown heading, an icon) with the Lit
// renderer in headless Chromium and writes docs/playground.png.
//   node scripts/playground-screenshot.mjs [out.png]
import { join } from 'node:path';
import { ROOT, openChromium, startPlayground } from './playground-session.mjs';

const out = process.argv[2] ?? join(ROOT, 'docs/playground.png');
const server = await startPlayground();
const browser = await openChromium({ width: 1440, height: 860 });
try {
  await browser.page.goto(`${server.url}?response=generated-small&version=1.0&snapshots=delta&cps=3000&chunk=16&renderer=lit&autoplay=1`);
  await browser.page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await browser.page.locator('a2ui-surface').getByText('Confirm & continue').waitFor({ timeout: 10_000 });
  await browser.page.evaluate(() => document.fonts.ready);
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
