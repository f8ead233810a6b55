/**
 * How `--delay` paces `demo` and `parse`, counted with fake timers instead of timed: the command
 * waits `delay` ms after each chunk's output (and only then reads the next chunk), so what a
 * person sees arrives chunk by chunk. In process, piped (NDJSON); the built CLI's e2e test checks
 * that a delay leaves the output unchanged.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { demoResponse } from '../../src/cli/demo-response.js';
import { demoCommand, tokenChunks } from '../../src/cli/demo.js';
import { chunks } from '../../src/cli/io.js';
import { parseCommand } from '../../src/cli/parse.js';
import { A2uiStreamParser, basicCatalog } from '../../src/index.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Runs `command` on fake timers; the exit code, and for each wait its delay and the lines written before it. */
async function paced(command: () => Promise<number>): Promise<{ code: number; waits: { ms: number; linesBefore: number }[]; lines: number }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const lines: string[] = [];
  const waits: { ms: number; linesBefore: number }[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    if (String(text) !== '') lines.push(String(text));
    return true;
  });
  const fakeTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
    waits.push({ ms: ms ?? 0, linesBefore: lines.length });
    return fakeTimeout(handler, ms);
  }) as typeof setTimeout);
  let settled = false;
  const done = command().finally(() => (settled = true));
  // Fire each wait in turn; between them let real I/O (reading the input file) finish.
  while (!settled) {
    if (vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
    else await new Promise((resolve) => setImmediate(resolve));
  }
  return { code: await done, waits, lines: lines.length };
}

/** Parts per chunk when `pieces` are pushed into a parser, then `end()`. */
function partsPerChunk(pieces: readonly string[], version: '0.9'): number[] {
  const parser = new A2uiStreamParser(basicCatalog(version));
  return [...pieces.map((piece) => parser.push(piece).length), parser.end().length];
}

const cumulative = (counts: readonly number[]) => counts.map((_, i) => counts.slice(0, i + 1).reduce((a, b) => a + b, 0));

test('demo --delay 5: a 5 ms wait after each chunk, each after that chunk’s parts are printed', async () => {
  const perChunk = partsPerChunk(tokenChunks(demoResponse('0.9')), '0.9');
  const { code, waits, lines } = await paced(() => demoCommand(['--ndjson', '--delay', '5']));
  expect(code).toBe(0);
  expect(perChunk.length).toBeGreaterThan(100);
  expect(waits.map((wait) => wait.ms)).toEqual(perChunk.map(() => 5));
  expect(waits.map((wait) => wait.linesBefore)).toEqual(cumulative(perChunk));
  expect(lines).toBe(cumulative(perChunk).at(-1));
});

test('demo --delay 0 does not wait', async () => {
  const { code, waits, lines } = await paced(() => demoCommand(['--ndjson', '--delay', '0']));
  expect(code).toBe(0);
  expect(waits).toEqual([]);
  expect(lines).toBeGreaterThan(10);
});

test('parse --chunk 200 --delay 100: a 100 ms wait between chunks (none after the last)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'a2ui-stream-pacing-'));
  try {
    const file = join(dir, 'response.txt');
    await writeFile(file, demoResponse('0.9'));
    const pieces = chunks(demoResponse('0.9'), 200);
    const perChunk = partsPerChunk(pieces, '0.9');
    const { code, waits } = await paced(() => parseCommand(['--chunk', '200', '--delay', '100', '--format', 'ndjson', file]));
    expect(code).toBe(0);
    expect(pieces.length).toBeGreaterThan(5);
    expect(waits.map((wait) => wait.ms)).toEqual(pieces.slice(1).map(() => 100));
    expect(waits.map((wait) => wait.linesBefore)).toEqual(cumulative(perChunk).slice(0, pieces.length - 1));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
