// Fails (exit 1) when the parse path of one version, `a2uiStream` + `basicCatalogVxx` from the
// main entry bundled by esbuild (minified), or the same with `a2uiJsonStream` (no Express), grows
// past its gzipped budget, or takes in a package it does not need (the JSON Schema converter), or
// when the path without Express still holds it. Run after `npm run build`.
import { bundleSize, parsePathModule, VERSION_CATALOGS } from '../bench/bundle-size.mjs';

/**
 * Gzipped bytes each one-version parse path may take: what it measured when the budget was set,
 * plus about 1%. The issue's goal is 25 KB; the tokenizer and one version's catalog with valibot
 * are 11.4 KB of it (see `bench/RESULTS.md`, runs 13 and 14).
 * Issue #31 (the core redesigned, its private members as `#fields` a minifier shortens) measured
 * v0.8 32.6 KB, v0.9 34.9 KB, v1.0 35.0 KB (from 33.1, 35.5, 35.6 KB). Issue #27 (v1.0 surfaces
 * inside `createSurface`, output bounded by the input, no dangling reference, one answer whole or
 * streamed: the stream layer 34.9 → 41.8 KB minified) measured v0.8 34.7 KB, v0.9 37.1 KB,
 * v1.0 37.1 KB.
 * Issues #36–#40 (the reader boundary, the current v1.0 dialect's validation, the hostile-input
 * bounds, and the Express reader in every parser) measured v0.8 54.8 KB, v0.9 57.6 KB, v1.0
 * 57.6 KB, of which 4 KB were `@valibot/to-json-schema` (Express read a valibot catalog through
 * its JSON Schema). Their second round (Express's long strings and merged statements, the
 * expansion and total-state bounds) took it to v0.8 59.0 KB, v0.9 and v1.0 61.8 KB; Express now
 * reads the valibot schemas themselves (`src/express/valibot-document.ts`): v0.8 55.6 KB, v0.9
 * and v1.0 58.4 KB. Letting an app leave Express out would take back most of its 38 KB (minified).
 * Their third round (current v1.0 catalogs per component and composition per edge while
 * streaming, the core's error parts bounded as the entries', the expansion bound counting data
 * that arrives after its template, the Express surface taken back, and the splits of long
 * modules) measured v0.8 58.8 KB, v0.9 61.7 KB, v1.0 61.7 KB. Their fourth round (a data change
 * counting again only the templates whose list changed, at most 16 per list, counts carried up the
 * ancestors in one pass, and the speed work of #39) measured v0.8 60.2 KB, v0.9 and v1.0 63.0 KB.
 * Their fifth (Express errors with columns and unclosed Express given back as text, template paths
 * read as renderers read them, failed data-model messages put back, whole = streamed at the last
 * look) measured v0.8 61.3 KB, v0.9 64.1 KB, v1.0 64.1 KB. Their sixth (tables and schemas the parse
 * path never reads built by calls marked pure, so that a bundler leaves them out, and the private
 * members of the tag splitter, the JSON reader and Express as `#fields`) measured v0.8 59.0 KB,
 * v0.9 61.9 KB, v1.0 62.0 KB. Its seventh (the output budget holding snapshots and data updates
 * back, prose inside a JSON block named in an error, the Express scan given to the tag splitter by
 * the parser that reads Express) measured v0.8 60.9 KB, v0.9 63.8 KB, v1.0 63.9 KB. Its eighth
 * (delta snapshots and placeholders in the output budget, an action shown only whole, internal
 * faults told from bad JSON, the Express expansion budget) measured v0.8 62.5 KB, v0.9 65.3 KB,
 * v1.0 65.4 KB. Its ninth (Express data gathered until a surface's first component, the envelope of
 * a data update counted, statements left out by a limit told from a limit, checks and a component
 * with an action shown only whole) measured v0.8 63.3 KB, v0.9 66.1 KB, v1.0 66.2 KB. Its tenth
 * (the Express envelopes counted and the budget per response, a parent waiting for room looked at
 * again at the response's end, full snapshots checked but not laid out while held back) measured
 * v0.8 63.9 KB, v0.9 66.8 KB, v1.0 66.8 KB (with data held behind held snapshots). Its eleventh
 * (held messages per surface, a replaced full snapshot carrying what the held one had, a delta
 * measured without its string, `seed` between responses) measured v0.8 64.35 KB, v0.9 67.18 KB,
 * v1.0 67.25 KB. Its twelfth (held snapshots out of date and places kept for trees waiting, the
 * carried components in their current form, a block's close releasing whole once per surface, a
 * delete of an unknown surface named; the orphan check left out of the parse path) measured
 * v0.8 64.61 KB, v0.9 67.44 KB, v1.0 67.51 KB. Its thirteenth (what waits for the output budget looked
 * at only when it may go, full snapshots' placeholders shared across surfaces, a history tree the
 * limits cut seeded as unknown, a message measured without copying it) measured v0.8 65.11 KB,
 * v0.9 67.92 KB, v1.0 68.01 KB. Its fourteenth (a turn's end forgetting what no response sent,
 * history's own placeholders read as placeholders, options and chunks of the wrong type refused,
 * the catalog judgement its own class) measured v0.8 66.78 KB, v0.9 69.62 KB, v1.0 69.72 KB. Its
 * fifteenth (bindings through `__proto__`/`constructor`/`prototype` refused, validation reports
 * capped, history nested too deep refused, option values quoted safely, a limit of the response
 * ending only it) measured v0.8 68.20 KB, v0.9 71.05 KB, v1.0 71.11 KB. Its sixteenth (reachability
 * kept as references change, a roll-back recording only what it took back, surfaces sleeping once
 * per as much read as they hold, `maxExpansion`'s ceiling) measured v0.8 68.86 KB, v0.9 71.71 KB,
 * v1.0 71.77 KB. Its seventeenth (a rootless surface's snapshots between pieces skipped, a failed
 * walk's reach kept owed, parents looked at again only where a dropped child changes them, the
 * surface split into its content and its snapshots) measured v0.8 69.08 KB, v0.9 71.92 KB, v1.0
 * 72.00 KB.
 */
const BUDGET = { 0.8: 69_400, 0.9: 72_300, '0.9.1': 72_300, '1.0': 72_300 };
/**
 * The same without Express (`a2uiJsonStream`, #39's fifth round): v0.8 49.4 KB, v0.9 52.2 KB,
 * v1.0 52.2 KB; its sixth: v0.8 47.3 KB, v0.9 50.2 KB, v1.0 50.3 KB; its seventh: v0.8 48.7 KB,
 * v0.9 51.5 KB, v1.0 51.6 KB; its eighth: v0.8 49.5 KB, v0.9 52.3 KB, v1.0 52.4 KB; its ninth: v0.8 49.7 KB,
 * v0.9 52.5 KB, v1.0 52.5 KB; its tenth: v0.8 50.0 KB, v0.9 52.8 KB, v1.0 52.9 KB; its eleventh: v0.8
 * 50.39 KB, v0.9 53.22 KB, v1.0 53.33 KB; its twelfth: v0.8 50.63 KB, v0.9 53.48 KB, v1.0 53.56 KB; its thirteenth: v0.8 51.13 KB,
 * v0.9 53.98 KB, v1.0 54.08 KB; its fourteenth: v0.8 52.83 KB, v0.9 55.69 KB, v1.0 55.75 KB; its
 * fifteenth: v0.8 54.26 KB, v0.9 57.09 KB, v1.0 57.17 KB; its sixteenth: v0.8 54.93 KB, v0.9 57.77 KB,
 * v1.0 57.85 KB; its seventeenth: v0.8 55.16 KB, v0.9 57.99 KB, v1.0 58.08 KB. It must stay at least `EXPRESS_AT_LEAST` smaller than the path with Express
 * (Express is about 12 KB): a bundler that keeps Express in it (a class extending a global,
 * kept whether used or not, reaching the Express reader) fails here.
 */
const JSON_BUDGET = { 0.8: 55_500, 0.9: 58_400, '0.9.1': 58_400, '1.0': 58_400 };
const EXPRESS_AT_LEAST = 8_000;
const ALLOWED_PACKAGES = ['@streamparser/json', 'valibot'];

let failed = false;
for (const [version, fn] of VERSION_CATALOGS) {
  let full = 0;
  for (const [stream, budget] of [
    ['a2uiStream', BUDGET],
    ['a2uiJsonStream', JSON_BUDGET],
  ]) {
    const { min, gzip, packages } = await bundleSize(parsePathModule(fn, stream));
    const extra = packages.filter((name) => !ALLOWED_PACKAGES.includes(name));
    const over = gzip > budget[version];
    const withExpress = stream === 'a2uiJsonStream' && full - gzip < EXPRESS_AT_LEAST;
    if (stream === 'a2uiStream') full = gzip;
    failed ||= over || withExpress || extra.length > 0;
    console.log(
      `${over || withExpress || extra.length > 0 ? 'FAIL' : 'ok  '} v${version} ${stream} + ${fn}: ${(min / 1000).toFixed(1)} KB min, ` +
        `${(gzip / 1000).toFixed(2)} KB gzip (budget ${(budget[version] / 1000).toFixed(1)} KB)` +
        (withExpress ? `; only ${((full - gzip) / 1000).toFixed(1)} KB below the path with Express: Express is in it` : '') +
        (extra.length > 0 ? `; packages it should not need: ${extra.join(', ')}` : ''),
    );
  }
}
process.exit(failed ? 1 : 0);
