// Fails (exit 1) when the parse path of one version, `a2uiStream` + `basicCatalogVxx` from the
// main entry bundled by esbuild (minified), grows past its gzipped budget, or takes in a package
// it does not need (the JSON Schema converter). Run after `npm run build`.
import { bundleSize, parsePathModule, VERSION_CATALOGS } from '../bench/bundle-size.mjs';

/**
 * Gzipped bytes each one-version parse path may take: what it measured when the budget was set
 * (v0.9: 32.4 KB), plus about 3%. The goal is 25 KB; the parser alone is ~29 KB (see
 * `bench/RESULTS.md`, run 13).
 * Issue #19 (conventional reference names, the placeholder option, history, message order, the
 * held-back errors) added ~2.1 KB gzip (v0.9: 32.7 → 34.8 KB): budgets raised by that much. The
 * eleventh session's fixes (history and knownSurfaces across turns, a repeated v0.8
 * beginRendering, the stream's drain after an error) added ~0.4 KB (v0.9: 35.1 → 35.5 KB): the
 * same again.
 */
const BUDGET = { '0.8': 33_600, '0.9': 36_100, '0.9.1': 36_100, '1.0': 36_100 };
const ALLOWED_PACKAGES = ['@streamparser/json', 'valibot'];

let failed = false;
for (const [version, fn] of VERSION_CATALOGS) {
  const { min, gzip, packages } = await bundleSize(parsePathModule(fn));
  const extra = packages.filter((name) => !ALLOWED_PACKAGES.includes(name));
  const over = gzip > BUDGET[version];
  failed ||= over || extra.length > 0;
  console.log(
    `${over || extra.length > 0 ? 'FAIL' : 'ok  '} v${version} a2uiStream + ${fn}: ${(min / 1000).toFixed(1)} KB min, ` +
      `${(gzip / 1000).toFixed(2)} KB gzip (budget ${(BUDGET[version] / 1000).toFixed(1)} KB)` +
      (extra.length > 0 ? `; packages it should not need: ${extra.join(', ')}` : ''),
  );
}
process.exit(failed ? 1 : 0);
