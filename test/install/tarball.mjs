// The README's Install section as a new user follows it, on Node 20 (`.ci/run`, after the build):
// the package file `npm pack` writes, installed with the README's own `npm install` line into a
// fresh project (real registry installs of its dependencies, TypeScript and Node's types), then
// the README's Quick start blocks compiled there with `tsc --strict` (Node's module resolution,
// through the package's exports) and run, each printing what its `// →` lines say; the command
// line and `require` work too. Ends with the line `N passed, N failed`.
//   node test/install/tarball.mjs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, finish } from '../support/checks.mjs';
import { freshProject, pack, ROOT, run, writeStrictTsconfig } from '../support/fresh-project.mjs';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const devVersion = (name) => pkg.devDependencies[name];

/** The fenced blocks of a README section (`## title` up to the next `## `). */
function sectionBlocks(title) {
  const start = readme.indexOf(`\n## ${title}\n`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^```(\S+)([^\n]*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1], tags: m[2].trim(), code: m[3] }));
}

check('runs on Node 20', process.versions.node.startsWith('20.'), `node ${process.version}`);

// The Install block: `npm ci && npm pack` in the clone (npm ci ran at the start of .ci/run and the
// build step built dist/, so the pack here skips `prepare`), then `npm install ./<file>`.
const install = sectionBlocks('Install').find((block) => block.lang === 'sh' && block.tags === 'install');
const [packLine, installLine] = install?.code.trim().split('\n') ?? [];
check(
  'the README gives `npm ci && npm pack`, then an `npm install ./<file>.tgz` line',
  packLine === 'npm ci && npm pack' && /^npm install \.\/\S+\.tgz$/.test(installLine ?? ''),
  install?.code,
);
const dir = mkdtempSync(join(tmpdir(), 'a2ui-stream-tarball-'));
try {
  const { packed, tarball } = pack(dir);
  check('npm pack writes the file the README names', packed.status === 0 && `./${tarball}` === installLine?.split(' ').at(-1), `${packed.stderr}\n${tarball}`);

  const app = freshProject(dir, 'app', tarball);
  const installed = run('sh', ['-c', `${installLine} --no-audit --no-fund`], app);
  check(`\`${installLine}\` in a fresh project (${installed.seconds.toFixed(0)} s)`, installed.status === 0, installed.stderr);
  if (installed.stderr.trim() !== '') console.log(`  npm said:\n${installed.stderr.trim().replace(/^/gm, '    ')}`);
  // npm 11 warns about the package's `prepare` (which it does not run for a file): the README says so.
  const warning = /install-scripts +(a2ui-stream@\S+ \(prepare: [^)]*\))/.exec(installed.stderr);
  check('what npm warns about the install, the README quotes', warning === null || readme.replace(/\s+/g, ' ').includes(warning[1]), installed.stderr);
  const tools = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--save-dev', `typescript@${devVersion('typescript')}`, `@types/node@${devVersion('@types/node')}`],
    app,
  );
  check("TypeScript and Node's types install beside it", tools.status === 0, tools.stderr);

  // The Quick start's plain TypeScript blocks (the tagged ones need a runtime, a provider or a page).
  const quick = sectionBlocks('Quick start').filter((block) => block.lang === 'ts' && block.tags === '');
  check('the Quick start has plain TypeScript blocks', quick.length >= 3, String(quick.length));
  quick.forEach((block, i) => writeFileSync(join(app, `quick-${i}.ts`), block.code));
  writeStrictTsconfig(app, { include: ['quick-*.ts'], lib: ['ES2022', 'DOM', 'DOM.Iterable', 'DOM.AsyncIterable'], types: ['node'], skipLibCheck: false });
  const compiled = run(join(app, 'node_modules/.bin/tsc'), ['-p', '.', '--pretty', 'false'], app);
  check('tsc --strict compiles the Quick start (NodeNext, skipLibCheck off)', compiled.status === 0, compiled.stdout + compiled.stderr);
  quick.forEach((block, i) => {
    const ran = run(process.execPath, [join('out', `quick-${i}.js`)], app);
    // Each `// →` line is a whole printed line, in order (test/docs/snippets.ts, outputMismatch).
    const expected = [...block.code.matchAll(/^\s*\/\/ → (.*)$/gm)].map((m) => m[1].trimEnd());
    const printed = ran.stdout
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => line.trimEnd());
    const missing = expected.length === printed.length ? expected.filter((line, at) => line !== printed[at]) : expected;
    check(
      `Quick start block ${i + 1} runs and prints its ${expected.length} expected lines`,
      ran.status === 0 && ran.stderr === '' && missing.length === 0,
      `${ran.stderr}\nmissing: ${missing.join(' | ')}`,
    );
  });

  const cjs = run(
    process.execPath,
    ['-e', "console.log(typeof require('a2ui-stream').A2uiStreamParser, typeof require('a2ui-stream/ai-sdk').a2uiUIMessageStream)"],
    app,
  );
  check('require works (CommonJS build)', cjs.stdout.trim() === 'function function', cjs.stderr);
  const cli = run('npx', ['--no-install', 'a2ui-stream', 'validate', '-'], app, {
    input:
      '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}]</a2ui-json>',
  });
  check('the a2ui-stream command is installed', cli.status === 0 && cli.stdout.startsWith('✓ valid: 1 message'), cli.stdout + cli.stderr);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
finish();
