/**
 * Runs each example in examples/ the way its comment says, inside a project that depends on the
 * built package: the edge handler with Requests, the Node, Deno and Bun scripts on a recorded
 * response, and the browser page in Chromium. Needs `npm run build`.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoResponse } from '../../src/cli/demo-response.js';
import { runPage } from '../docs/browser.js';
import { createConsumer, ROOT, run, transpile } from '../docs/consumer.js';
import { BUN, bunMissing, chromiumMissing, DENO, denoMissing, needs } from '../support/prerequisites.mjs';

const RESPONSE = demoResponse('0.9');
const EXAMPLES = join(ROOT, 'examples');
let consumer: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  consumer = await createConsumer();
  await writeFile(join(consumer.dir, 'response.txt'), RESPONSE);
});
afterAll(() => consumer?.dispose());

test('edge handler: a Request in, NDJSON parts streamed out while the model is still writing', async () => {
  await writeFile(join(consumer.dir, 'edge-handler.mjs'), transpile(await readFile(join(EXAMPLES, 'edge-handler.ts'), 'utf8')));
  await writeFile(
    join(consumer.dir, 'drive-edge.mjs'),
    `
import { createServer } from 'node:http';
import handler, { createHandler } from './edge-handler.mjs';
const text = process.argv[2];
const pieces = text.match(/[\\s\\S]{1,40}/g);

// createHandler with a model stream that is still writing when the first line must be out.
let modelDone = false;
const slow = () => new ReadableStream({
  async pull(controller) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const piece = pieces.shift();
    if (piece === undefined) { modelDone = true; controller.close(); } else controller.enqueue(piece);
  },
});
const response = await createHandler(async () => slow())(new Request('http://localhost/', { method: 'POST', body: 'hi' }));
const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
const first = await reader.read();
const firstBeforeEnd = !modelDone;
let rest = '';
for (let read = await reader.read(); !read.done; read = await reader.read()) rest += read.value;
console.log(JSON.stringify({ type: response.headers.get('content-type'), firstBeforeEnd, body: first.value + rest }));

// The default export: the request body forwarded to MODEL_URL, its streamed answer parsed.
const server = createServer((request, reply) => { reply.writeHead(200, { 'content-type': 'text/plain' }); reply.end(text); });
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
process.env.MODEL_URL = 'http://127.0.0.1:' + server.address().port + '/';
const forwarded = await handler.fetch(new Request('http://localhost/', { method: 'POST', body: 'Book me a table' }));
console.log(JSON.stringify({ body: await forwarded.text() }));
server.close();
`,
  );
  const result = await run(process.execPath, ['drive-edge.mjs', RESPONSE], { cwd: consumer.dir });
  expect(result.stderr).toBe('');
  const [streamed, forwarded] = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(streamed.type).toBe('application/x-ndjson; charset=utf-8');
  expect(streamed.firstBeforeEnd).toBe(true);
  for (const { body } of [streamed, forwarded]) {
    const parts = body
      .trim()
      .split('\n')
      .map((line: string) => JSON.parse(line));
    expect(parts[0].type).toBe('text');
    expect(parts.some((part: { messages?: object[] }) => part.messages?.some((m) => 'createSurface' in m))).toBe(true);
    expect(parts.every((part: { type: string }) => part.type !== 'error')).toBe(true);
  }
  // Delta snapshots (the v0.9 default): a child not arrived yet is an empty Row under its own id.
  expect(streamed.body).toContain('{"id":"summary","component":"Row","children":[]}');
});

test('node.mjs: prints the text and counts the surface and its component updates', async () => {
  await copyFile(join(EXAMPLES, 'node.mjs'), join(consumer.dir, 'node.mjs'));
  const result = await run(process.execPath, ['node.mjs', 'response.txt'], { cwd: consumer.dir });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Lumen has a table free on Friday evening.');
  expect(result.stdout).toContain('add it to your calendar.');
  expect(result.stdout).toMatch(/\n1 surface\(s\), ([2-9]|\d\d+) component update\(s\)\n$/);
});

test('deno.ts: prints each part as a JSON line', async (context) => {
  needs(context, 'deno', denoMissing());
  await copyFile(join(EXAMPLES, 'deno.ts'), join(consumer.dir, 'deno.ts'));
  const result = await run(DENO, ['run', '--quiet', '--allow-read', 'deno.ts', 'response.txt'], { cwd: consumer.dir });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const parts = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(parts.map((part) => part.type)).toContain('a2ui');
  expect(
    parts
      .filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join(''),
  ).toContain('Once you confirm');
});

test('bun.ts: prints the component ids as they become renderable, placeholders first', async (context) => {
  needs(context, 'bun', bunMissing());
  await copyFile(join(EXAMPLES, 'bun.ts'), join(consumer.dir, 'bun.ts'));
  const result = await run(BUN, ['bun.ts', 'response.txt'], { cwd: consumer.dir });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines.length).toBeGreaterThan(2);
  // Delta snapshots (the v0.9 default): the root with placeholders under its children's own ids
  // first, then only what changed: the root is not sent again.
  expect(lines[0]).toMatch(/^booking: root title summary details actions$/);
  expect(lines.slice(1).join('\n')).not.toMatch(/\broot\b/);
  expect(lines.at(-1)).toContain('confirm_label');
});

test('browser/: the page draws the surface as it streams, placeholders first, then the real components', async (context) => {
  needs(context, 'Chromium', await chromiumMissing());
  for (const file of ['index.html', 'app.js']) await copyFile(join(EXAMPLES, 'browser', file), join(consumer.dir, file));
  const { text, errors } = await runPage(consumer.dir, 'index.html', (body) => body.includes('done:'));
  expect(errors).toEqual([]);
  expect(text).toMatch(/done: up to [1-9]\d* placeholders were shown while streaming/);
  for (const shown of ['Lumen has a table free', 'Dinner at Lumen', 'Seasonal Nordic cooking', 'Friday 19:30', 'Confirm booking', 'add it to your calendar.']) {
    expect(text).toContain(shown);
  }
});
