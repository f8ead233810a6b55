/** The checks of the example servers (chat, playground): loopback Host, same origin, a bounded JSON body. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs module of the examples, without declarations
import { readJsonBody, refusal } from '../../examples/chat/request-guard.mjs';

type Headers = Record<string, string>;
const request = (headers: Headers) => ({ headers });

describe('refusal', () => {
  it('answers its own loopback names from its own pages, and clients that send no Origin', () => {
    expect(refusal(request({ host: '127.0.0.1:5174' }), 5174)).toBeUndefined();
    expect(refusal(request({ host: 'localhost:5174', origin: 'http://localhost:5174', 'sec-fetch-site': 'same-origin' }), 5174)).toBeUndefined();
  });
  it('refuses another Host (DNS rebinding), another origin, a cross-site fetch', () => {
    expect(refusal(request({ host: 'rebind.example:5174' }), 5174)?.status).toBe(421);
    expect(refusal(request({ host: '127.0.0.1:5174', origin: 'https://evil.example' }), 5174)?.status).toBe(403);
    expect(refusal(request({ host: '127.0.0.1:5174', origin: 'http://127.0.0.1:9999' }), 5174)?.status).toBe(403);
    expect(refusal(request({ host: '127.0.0.1:5174', 'sec-fetch-site': 'cross-site' }), 5174)?.status).toBe(403);
  });
});

describe('readJsonBody', () => {
  const body = (headers: Headers, chunks: string[]) => Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { headers });
  it('reads a JSON body', async () => {
    expect(String(await readJsonBody(body({ 'content-type': 'application/json; charset=utf-8' }, ['{"a":', '1}']), 100))).toBe('{"a":1}');
  });
  it('refuses text/plain (a cross-site form needs no preflight for it) and no type', async () => {
    await expect(readJsonBody(body({ 'content-type': 'text/plain' }, ['{}']), 100)).rejects.toMatchObject({ status: 415 });
    await expect(readJsonBody(body({}, ['{}']), 100)).rejects.toMatchObject({ status: 415 });
  });
  it('stops at the limit, announced or not', async () => {
    await expect(readJsonBody(body({ 'content-type': 'application/json', 'content-length': '101' }, ['x']), 100)).rejects.toMatchObject({ status: 413 });
    await expect(readJsonBody(body({ 'content-type': 'application/json' }, Array<string>(20).fill('0123456789')), 100)).rejects.toMatchObject({ status: 413 });
  });
});
