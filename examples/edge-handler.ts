/**
 * An edge-style handler (Cloudflare Workers, Vercel/Netlify edge, Deno Deploy, Bun.serve):
 * `Request` in, a streamed `Response` of NDJSON parts out, one line per part, each sent as soon as
 * the parser has it. The model's output comes from `modelOutput(request)`; the default export
 * forwards the request body to `MODEL_URL` (any endpoint that streams model text).
 */
import { a2uiStream, basicCatalog, type Part } from 'a2ui-stream';

/** Where the handler gets the model's streamed output for a request. */
export type ModelOutput = (request: Request) => Promise<ReadableStream<Uint8Array | string>>;

/** One part as a JSON line (errors as their category and message). */
function toJsonLine(part: Part): string {
  const plain = part.type === 'error' ? { type: 'error', category: part.error.category, message: part.error.message } : part;
  return `${JSON.stringify(plain)}\n`;
}

/** A handler that streams the parts of the model's output as NDJSON. */
export function createHandler(modelOutput: ModelOutput): (request: Request) => Promise<Response> {
  return async (request) => {
    const output = await modelOutput(request);
    const body = output
      .pipeThrough(a2uiStream(basicCatalog('0.9')))
      .pipeThrough(new TransformStream<Part, string>({ transform: (part, c) => c.enqueue(toJsonLine(part)) }))
      .pipeThrough(new TextEncoderStream());
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
  };
}

declare const process: { env: Record<string, string | undefined> } | undefined;

export default {
  fetch: createHandler(async (request) => {
    const url = typeof process === 'undefined' ? undefined : process.env.MODEL_URL;
    if (!url) throw new Error('set MODEL_URL to an endpoint that streams model output');
    const upstream = await fetch(url, { method: 'POST', body: await request.text() });
    if (!upstream.body) throw new Error(`no body from ${url}`);
    return upstream.body;
  }),
};
