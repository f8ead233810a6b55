// The install line of each entry as a new user types it, in a fresh project, with the versions npm
// resolves today (ranges, not this repository's pins; TypeScript too), the package file `npm pack`
// writes standing in for `a2ui-stream`; then a short program on the entry compiled with
// `tsc --strict` (NodeNext; skipLibCheck off where the peers' own declarations allow) and, where it
// runs in Node, run. The lines are
// the ones to give in the docs (printed at the end). Needs the npm registry. Ends with the line
// `N passed, N failed`.
//   node test/install/entries.mjs [name…]   (names: core, ai-6, ai-7, react, ag-ui, lit)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, finish } from '../support/checks.mjs';
import { freshProject, pack, run, writeStrictTsconfig } from '../support/fresh-project.mjs';
import { PROGRAMS } from './programs.mjs';

/**
 * Per set of entries: the install line (`a2ui-stream` stands for the package file), the entries it
 * serves, and what else the programs need as dev dependencies (TypeScript is always added).
 * `libCheck: false`: compiled with `skipLibCheck` (as apps are: Next.js's default), since the
 * declarations of `ai` (Node's `Buffer`, `json-schema` without types) and `@a2ui/web_core` 0.11
 * (relative imports without extensions) do not compile on their own under NodeNext.
 * `@ai-sdk/react` pins an exact `ai` (3.0.328 pins 6.0.325 while `ai@6` resolves 6.0.333): two
 * copies of `ai`, and `Chat`'s `onData` part loses its type (`part.data` is `unknown`). npm's
 * `overrides` with `$ai` makes `@ai-sdk/react` use the app's `ai`: one copy.
 */
export const INSTALLS = [
  { name: 'core', entries: 'a2ui-stream, /providers, /agent, /node, /a2a', line: 'npm i a2ui-stream', dev: ['@types/node'] },
  {
    name: 'ai-6',
    entries: '/ai-sdk with ai 6 and useChat',
    line: "npm i a2ui-stream ai@6 @ai-sdk/react@3 react && npm pkg set overrides.ai='$ai' && npm i",
    dev: ['@types/react'],
    libCheck: false,
  },
  {
    name: 'ai-7',
    entries: '/ai-sdk with ai 7 and useChat',
    line: "npm i a2ui-stream ai@7 @ai-sdk/react@4 react && npm pkg set overrides.ai='$ai' && npm i",
    dev: ['@types/react'],
    libCheck: false,
  },
  {
    name: 'react',
    entries: '/react (with useChat)',
    line: "npm i a2ui-stream @a2ui/react @a2ui/web_core react react-dom ai @ai-sdk/react && npm pkg set overrides.ai='$ai' && npm i",
    dev: ['@types/react'],
    libCheck: false,
  },
  { name: 'ag-ui', entries: '/ag-ui', line: 'npm i a2ui-stream @ag-ui/client rxjs', dev: ['@types/node'] },
  { name: 'lit', entries: '/lit', line: 'npm i a2ui-stream @a2ui/lit @a2ui/web_core lit', dev: [] },
];

/** Runs a shell command in `cwd`; its status, output and time. */
const sh = (command, cwd) => run('sh', ['-c', command], cwd, { timeoutMs: 900_000 });

const only = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'a2ui-stream-entries-'));
try {
  const { packed, tarball } = pack(dir);
  check('npm pack writes the package file', packed.status === 0 && tarball !== undefined, packed.out);
  for (const install of INSTALLS.filter((i) => only.length === 0 || only.includes(i.name))) {
    const app = freshProject(dir, install.name, tarball);
    const line = install.line.replaceAll(/\ba2ui-stream\b(?!\/)/g, `./${tarball}`);
    const installed = sh(`${line.replaceAll('npm i ', 'npm i --no-audit --no-fund ')}`, app);
    check(`${install.name}: \`${install.line}\` in a fresh project (${installed.seconds.toFixed(0)} s)`, installed.status === 0, installed.out);
    const tools = sh(`npm i --no-audit --no-fund -D typescript ${install.dev.join(' ')}`, app);
    check(`${install.name}: TypeScript${install.dev.length ? ` and ${install.dev.join(', ')}` : ''} beside it`, tools.status === 0, tools.out);
    const programs = PROGRAMS[install.name];
    for (const [file, code] of Object.entries({ ...programs.files, ...programs.plain })) writeFileSync(join(app, file), code);
    writeStrictTsconfig(app, {
      include: Object.keys(programs.files),
      jsx: 'react-jsx',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: install.dev.includes('@types/node') ? ['node'] : [],
      skipLibCheck: install.libCheck === false,
    });
    const compiled = sh('node_modules/.bin/tsc -p . --pretty false', app);
    const ts = sh('node -p "require(\'typescript/package.json\').version"', app).out.trim();
    check(
      `${install.name}: tsc ${ts} --strict${install.libCheck === false ? ' (skipLibCheck)' : ''} compiles a program on ${install.entries}`,
      compiled.status === 0,
      compiled.out,
    );
    for (const [file, expected] of Object.entries(programs.run ?? {})) {
      const ran = sh(`node ${file}`, app);
      check(`${install.name}: ${file} runs and prints ${JSON.stringify(expected)}`, ran.status === 0 && ran.out.includes(expected), ran.out);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('\nInstall lines (a2ui-stream from the registry once published; here the package file):');
for (const install of INSTALLS) console.log(`  ${install.entries}: ${install.line}`);
finish();
