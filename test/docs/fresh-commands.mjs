// Runs the README's main-job command on the fresh clone that .ci/run works in, right after its
// `npm ci` (whose prepare script builds dist/): the README says `npm ci && npm run demo`, so this runs
// `npm run demo` (piped, so the demo prints NDJSON) and checks what it printed, and that it did not
// build dist/ a second time. It also checks
// that the README's other fresh-machine command is `npm ci && npm test`, the command .ci/run's
// "tests" step runs. Ends with the line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, finish } from '../support/checks.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const shellBlocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((match) => match[1].trim());
check('the README gives `npm ci && npm run demo`', shellBlocks.includes('npm ci && npm run demo'));
check('the README gives `npm ci && npm test`', shellBlocks.includes('npm ci && npm test'));
check('.ci/run runs `npm test` after `npm ci`', /npm ci[\s\S]*\nnpm test\n/.test(readFileSync(join(root, '.ci/run'), 'utf8')));

console.log(existsSync(join(root, 'dist')) ? 'dist/ is there (npm ci ran prepare)' : 'dist/ is absent');
const demo = spawnSync('npm', ['run', 'demo'], { cwd: root, encoding: 'utf8', timeout: 600_000 });
check('`npm run demo` exits with 0', demo.status === 0, `exit ${demo.status}\n${demo.stderr}`);
// Built once: the demo reuses the dist/ that npm ci's prepare built (its stamp matches the sources).
check('`npm run demo` reuses the dist/ npm ci built (no second build)', !demo.stderr.includes('Building dist/'), demo.stderr);
const parts = demo.stdout
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line));
const text = parts
  .filter((part) => part.type === 'text')
  .map((part) => part.text)
  .join('');
const messages = parts.filter((part) => part.type === 'a2ui').flatMap((part) => part.messages);
check('it streams the text in many parts', parts.filter((part) => part.type === 'text').length > 20 && text.includes('Lumen has a table'));
check(
  'it creates the surface',
  messages.some((message) => 'createSurface' in message),
);
// The demo streams v0.9 with delta snapshots (the default): a placeholder is an empty Row under
// the missing child's own id, replaced later by the real component.
const sent = messages.flatMap((message) => message.updateComponents?.components ?? []);
const isPlaceholder = (c) => c.component === 'Row' && Object.keys(c).length === 3 && c.children?.length === 0;
check(
  'its component snapshots show placeholders before the real components',
  sent.some((c, i) => isPlaceholder(c) && sent.slice(i + 1).some((later) => later.id === c.id && later.component !== 'Row')),
);
check(
  'it reports no error',
  parts.every((part) => part.type !== 'error'),
);

finish();
