// A local HTTP server for the runtime tests (Node only): serves the built bundles, the suite,
// the browser page, and slowly streamed model responses.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { anthropicSse, byteChunks, MODEL_RESPONSE } from './suite.mjs';

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json', '.html': 'text/html' };
const SERVED = ['dist/', 'test/runtimes/'];

async function streamSlowly(response, contentType, chunks) {
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
  for (const chunk of chunks) {
    if (response.destroyed) return;
    response.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  response.end();
}

/** Starts the server on 127.0.0.1 at a random port; resolves to `{ url, close }`. */
export function startServer(root) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/model') return streamSlowly(response, 'text/plain; charset=utf-8', byteChunks(MODEL_RESPONSE, 5));
    if (path === '/sse/anthropic') return streamSlowly(response, 'text/event-stream', byteChunks(anthropicSse(), 17));
    const file = path === '/' ? 'test/runtimes/page.html' : normalize(path.slice(1));
    if (!SERVED.some((prefix) => file.startsWith(prefix))) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(root, file));
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(done));
        },
      });
    });
  });
}
