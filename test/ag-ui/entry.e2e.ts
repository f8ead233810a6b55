/**
 * The built `a2ui-stream/ag-ui` entry (ESM and CommonJS) in a project that installed a2ui-stream,
 * its dependencies and `@ag-ui/client` (with the rxjs it brings): the middleware is an
 * `instanceof` the project's own `Middleware` and draws a surface through the project's agent.
 * Without `@ag-ui/client` the entry does not load, and the error names the missing package (the
 * middleware extends its class; see docs/decisions.md, U1). Needs `npm run build`.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requireBuild, ROOT, run } from '../docs/consumer.js';

let withClient: string;
let withoutClient: string;

/** A project with a2ui-stream's `dist/`, its dependencies and `extra` packages (links into this repository's node_modules). */
async function project(extra: readonly string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'a2ui-stream-ag-ui-'));
  const pkg = join(dir, 'node_modules/a2ui-stream');
  await mkdir(pkg, { recursive: true });
  await cp(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  await cp(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
  const { dependencies } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of [...Object.keys(dependencies), ...extra]) {
    await mkdir(join(dir, 'node_modules', name, '..'), { recursive: true });
    await symlink(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  return dir;
}

beforeAll(async () => {
  requireBuild();
  withClient = await project(['@ag-ui/client', '@ag-ui/core', 'rxjs']);
  withoutClient = await project([]);
});
afterAll(async () => {
  for (const dir of [withClient, withoutClient]) if (dir) await rm(dir, { recursive: true, force: true });
});

const script = `
const { Middleware, AbstractAgent } = CLIENT;
const { Observable } = RXJS;
const { A2uiStreamMiddleware } = AGUI;
const text = 'Hi <a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hello"}]}}]</a2ui-json>';
const events = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: 'm' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
];
class Agent extends AbstractAgent { run() { return new Observable((s) => { events.forEach((e) => s.next(e)); s.complete(); }); } }
const middleware = new A2uiStreamMiddleware();
const agent = new Agent();
agent.use(middleware);
await agent.runAgent();
console.log(middleware instanceof Middleware);
console.log(agent.messages.map((m) => m.role + ':' + (m.role === 'activity' ? m.content.a2ui_operations.length : m.content)).join('|'));
`;
const expected = ['true', 'assistant:Hi |activity:2'];

it("the ESM entry extends the project's Middleware and draws through its agent", async () => {
  const code = `import * as CLIENT from '@ag-ui/client'; import * as RXJS from 'rxjs'; import * as AGUI from 'a2ui-stream/ag-ui';\n${script}`;
  const result = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: withClient });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim().split('\n')).toEqual(expected);
});

it('the CommonJS entry does the same', async () => {
  const code = `const CLIENT = require('@ag-ui/client'); const RXJS = require('rxjs'); const AGUI = require('a2ui-stream/ag-ui');\n(async () => {${script}})();`;
  const result = await run(process.execPath, ['-e', code], { cwd: withClient });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim().split('\n')).toEqual(expected);
});

it('without @ag-ui/client the entry does not load, and says which package is missing', async () => {
  const esm = await run(
    process.execPath,
    ['--input-type=module', '-e', "import('a2ui-stream/ag-ui').then(() => console.log('loaded'), (e) => console.log(e.code, e.message))"],
    { cwd: withoutClient },
  );
  expect(esm.stdout).toMatch(/^ERR_MODULE_NOT_FOUND Cannot find package '@ag-ui\/client'/);
  const cjs = await run(process.execPath, ['-e', "try { require('a2ui-stream/ag-ui'); console.log('loaded') } catch (e) { console.log(e.code, e.message) }"], {
    cwd: withoutClient,
  });
  expect(cjs.stdout).toMatch(/^MODULE_NOT_FOUND Cannot find module '@ag-ui\/client'/);
});
