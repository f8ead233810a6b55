// `npm run chat`: the chat app on 127.0.0.1. Bundles the route (for Node) and the page (for the
// browser) with esbuild from the sources, so it needs no build; `a2ui-stream/*` imports resolve to
// `src/`. Its first line of output is the URL; `PORT` sets the port (default 5174; 0 picks a free
// one). Offline by default (the recorded model); see model.ts for a real provider, and for
// `A2UI_CHAT_FORMAT=express` (the model writes A2UI Express). No network
// but the provider's. Answers only requests to its own loopback names from its own page, and
// `/api/chat` only with a JSON body of at most 4 MiB (request-guard.mjs).
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { readJsonBody, refusal, RequestError } from './request-guard.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const port = process.env.PORT === undefined || process.env.PORT === '' ? 5174 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0–65535), not ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

/** `a2ui-stream` and `a2ui-stream/<entry>` from the sources; for Node, every other package stays an import. */
const sources = (node) => ({
  name: 'a2ui-stream-sources',
  setup(plugin) {
    plugin.onResolve({ filter: /^a2ui-stream(\/[\w-]+)?$/ }, (args) => ({ path: join(root, 'src', args.path.slice('a2ui-stream'.length), 'index.ts') }));
    if (node) plugin.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
  },
});

const shared = { bundle: true, format: 'esm', target: 'es2022', sourcemap: 'inline', logLevel: 'silent' };
let page;
let route;
let label;
try {
  const [browser] = await Promise.all([
    build({
      ...shared,
      entryPoints: [join(here, 'app.tsx')],
      platform: 'browser',
      jsx: 'automatic',
      write: false,
      outdir: join(here, 'out'), // not written: names the outputs
      assetNames: '[name]',
      loader: { '.woff2': 'file' },
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [sources(false)],
    }),
    // The route runs in this process; written where Node finds the repository's node_modules.
    mkdir(join(root, 'node_modules/.cache/a2ui-stream-chat'), { recursive: true }).then(() =>
      build({
        ...shared,
        stdin: { contents: "export { chatRoute } from './route.ts'; export { chatFormat, chatModel } from './model.ts';", resolveDir: here, loader: 'ts' },
        platform: 'node',
        outfile: join(root, 'node_modules/.cache/a2ui-stream-chat/server.mjs'),
        plugins: [sources(true)],
      }),
    ),
  ]);
  page = new Map(browser.outputFiles.map((file) => [`/${file.path.slice(file.path.lastIndexOf('/') + 1)}`, file.contents]));
  const server = await import(pathToFileURL(join(root, 'node_modules/.cache/a2ui-stream-chat/server.mjs')).href);
  const chosen = server.chatModel(process.env);
  route = server.chatRoute(chosen.model, { format: server.chatFormat(process.env) });
  label = chosen.label;
} catch (error) {
  const messages = error.errors?.map((e) => `${e.location?.file ?? ''}:${e.location?.line ?? ''} ${e.text}`) ?? [String(error?.stack ?? error)];
  console.error(`The chat app does not build:\n${messages.join('\n')}`);
  process.exit(1);
}

/** Largest request body: a long conversation with its surfaces fits. */
const MAX_BODY = 4 * 2 ** 20;

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', woff2: 'font/woff2' };
const html = await import('node:fs/promises').then((fs) => fs.readFile(join(here, 'index.html')));

/** Node's request as a fetch `Request`, the route's `Response` written back (streamed). */
async function callRoute(request, response) {
  const body = await readJsonBody(request, MAX_BODY);
  const answer = await route(new Request(`http://127.0.0.1${request.url}`, { method: 'POST', headers: request.headers, body }));
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body) Readable.fromWeb(answer.body).pipe(response);
  else response.end();
}

const server = createServer(async (request, response) => {
  const path = new URL(`http://localhost${request.url ?? '/'}`).pathname;
  const refused = refusal(request, server.address().port);
  if (refused) return void response.writeHead(refused.status, { 'content-type': 'text/plain' }).end(refused.reason);
  try {
    if (path === '/api/chat' && request.method === 'POST') return void (await callRoute(request, response));
    if (path === '/' || path === '/index.html') return void response.writeHead(200, { 'content-type': TYPES.html }).end(html);
    const file = page.get(path);
    if (file) return void response.writeHead(200, { 'content-type': TYPES[path.split('.').pop()] ?? 'application/octet-stream' }).end(file);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  } catch (error) {
    if (error instanceof RequestError) return void response.writeHead(error.status, { 'content-type': 'text/plain', connection: 'close' }).end(error.message);
    console.error(error);
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(String(error));
  }
});
server.on('error', (error) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use: set PORT to another one.` : String(error));
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
  console.log(`a2ui-stream chat: answers from ${label} (Ctrl-C stops it)`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  });
}
