// `npm run playground`: bundles the page from the sources (esbuild, in memory, once, then again
// when a source file changes, so edits show on reload; split into chunks, so each renderer is
// loaded when it is chosen) and serves it on 127.0.0.1 with the icon font of the
// `material-symbols` package. Its first line of output is the URL; `PORT` sets the port (default
// 5173; 0 picks a free one). No network. Answers only requests to its own loopback names from its
// own pages (../examples/chat/request-guard.mjs): a page loaded elsewhere cannot make it work.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { context } from 'esbuild';
import { refusal } from '../examples/chat/request-guard.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ICON_FONT = join(here, '../node_modules/material-symbols/material-symbols-outlined.woff2');
const port = process.env.PORT === undefined || process.env.PORT === '' ? 5173 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0–65535), not ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

const bundler = await context({
  entryPoints: [join(here, 'main.ts')],
  bundle: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: 'es2022',
  sourcemap: true,
  write: false,
  outdir: join(here, 'out'), // not written: names the outputs
  define: { 'process.env.NODE_ENV': '"development"' },
  logLevel: 'silent',
  plugins: [
    {
      name: 'keep-latest',
      setup: (build) =>
        build.onEnd((result) => {
          latest = built(result);
        }),
    },
  ],
});

/** A build's outputs by name (`main.js`, its chunks, their maps), or its errors. */
function built(result) {
  if (result.errors.length > 0) return { error: result.errors.map((e) => `${e.location?.file ?? ''}:${e.location?.line ?? ''} ${e.text}`).join('\n') };
  return { files: new Map(result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('/') + 1), file.contents])) };
}

/** The last build (each page load serves it: nothing is built per request). */
let latest = { error: 'not built yet' };
try {
  await bundler.rebuild();
} catch {
  // The errors are in `latest` (onEnd ran).
}
if (latest.error) {
  console.error(`The playground does not build:\n${latest.error}`);
  await bundler.dispose();
  process.exit(1);
}
// Rebuilt when a source file changes, not when the page is loaded.
await bundler.watch();

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };
const server = createServer(async (request, response) => {
  const path = new URL(`http://localhost${request.url ?? '/'}`).pathname;
  const refused = refusal(request, server.address().port);
  if (refused) return void response.writeHead(refused.status, { 'content-type': 'text/plain' }).end(refused.reason);
  try {
    if (path === '/' || path === '/index.html') {
      const html = await readFile(join(here, 'index.html'));
      return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    }
    if (path.startsWith('/img/')) {
      // The generated responses' pictures (see LOCAL_IMAGES in responses.ts): a drawn placeholder.
      const label = path.slice(5).replace(/[^\w.-]/g, '');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="100%" height="100%" fill="#c9d6e8"/><text x="50%" y="50%" font-family="sans-serif" font-size="28" fill="#4a5b75" text-anchor="middle">${label}</text></svg>`;
      return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
    }
    if (path === '/fonts/material-symbols-outlined.woff2') {
      return void response.writeHead(200, { 'content-type': 'font/woff2', 'cache-control': 'max-age=3600' }).end(await readFile(ICON_FONT));
    }
    const name = path.slice(1);
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    if (type !== undefined && !name.includes('/')) {
      const current = latest;
      if (current.error) {
        console.error(current.error);
        return void response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(current.error);
      }
      const file = current.files.get(name);
      if (file !== undefined) return void response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(file);
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
});

server.on('error', async (error) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use: set PORT to another one.` : String(error));
  await bundler.dispose();
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
  console.log('a2ui-stream playground (Ctrl-C stops it)');
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    server.closeAllConnections();
    server.close();
    await bundler.dispose();
    process.exit(0);
  });
}
