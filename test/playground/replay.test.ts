/**
 * The playground's replay engine, without a page: chunking, SSE feeds through the real provider
 * adapters, the parser driven as `a2uiStream` drives it, and the timeline's pace and scrubbing.
 */
import { describe, expect, it } from 'vitest';
import { chunkText, sseFeed, textFeed, type Feed } from '../../playground/feed.js';
import { Player, type Clock } from '../../playground/player.js';
import { Replay, type PartRecord } from '../../playground/replay.js';
import { demoResponse } from '../../src/cli/demo-response.js';
import { basicCatalog, a2uiStream, type Part } from '../../src/index.js';
import { anthropicTextStream, openAIChatTextStream } from '../../src/providers/index.js';
import { anthropic, openAIChatError } from '../providers/recordings.js';

/** Text parts merged per run, errors as their messages: what two readers must agree on. */
function normalise(parts: readonly Part[]): unknown[] {
  const out: unknown[] = [];
  for (const part of parts) {
    const last = out[out.length - 1] as { type?: string; text?: string } | undefined;
    if (part.type === 'text' && last?.type === 'text') last.text += part.text;
    else if (part.type === 'text') out.push({ ...part });
    else if (part.type === 'error') out.push({ type: 'error', message: part.error.message });
    else out.push(part);
  }
  return out;
}

async function throughStream(chunks: string[], snapshots: 'full' | 'delta'): Promise<Part[]> {
  const parts: Part[] = [];
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  await source.pipeThrough(a2uiStream(basicCatalog('0.9'), { snapshots })).pipeTo(new WritableStream({ write: (part) => void parts.push(part) }));
  return parts;
}

function replayAll(feed: Feed, snapshots: 'full' | 'delta', charsPerSecond = Infinity): PartRecord[] {
  const records: PartRecord[] = [];
  const replay = new Replay(feed, { catalogs: basicCatalog('0.9'), snapshots, charsPerSecond, onPart: (record) => records.push(record) });
  replay.feedTo(feed.pieces.length);
  expect(replay.done).toBe(true);
  return records;
}

/** A fake clock: `advance` runs the timers that are due. */
function fakeClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer !== handle);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((timer) => timer !== next);
        now = next.at;
        next.run();
      }
      now = until;
    },
  };
}

const BROKEN = 'Before <a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s",,]]</a2ui-json> after ✓ 👋🏽';

describe('chunkText', () => {
  it('cuts into pieces of the size that join to the text, never between surrogate halves', () => {
    const text = '👋🏽 a2ui 日本 😀😀';
    for (const size of [1, 2, 3, 7, 100]) {
      const chunks = chunkText(text, size);
      expect(chunks.join('')).toBe(text);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(size + 1);
        expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(chunk)).toBe(false);
      }
    }
    expect(chunkText('abcdef', 4)).toEqual(['abcd', 'ef']);
  });
});

describe('Replay', () => {
  for (const snapshots of ['full', 'delta'] as const) {
    it(`gives the parts a2uiStream gives for the same chunks (${snapshots})`, async () => {
      for (const text of [demoResponse('0.9'), BROKEN]) {
        for (const size of [1, 13, 4096]) {
          const feed = textFeed(text, size);
          const records = replayAll(feed, snapshots);
          const streamed = await throughStream(
            feed.pieces.map((piece) => piece.text),
            snapshots,
          );
          expect(normalise(records.map((record) => record.part))).toEqual(normalise(streamed));
        }
      }
    });
  }

  it('records where and when each part left the parser', () => {
    const feed = textFeed(BROKEN, 10);
    const records = replayAll(feed, 'delta', 100);
    expect(records.map((record) => record.index)).toEqual(records.map((_, i) => i));
    for (const record of records) {
      const end = record.piece < feed.pieces.length ? feed.pieces[record.piece]?.end : BROKEN.length;
      expect(record.offset).toBe(end);
      expect(record.at).toBe(record.offset * 10);
    }
    const error = records.find((record) => record.part.type === 'error');
    // The block fails where it closes: the piece holding `</a2ui-json>`.
    expect(error?.offset).toBe(Math.ceil((BROKEN.indexOf('</a2ui-json>') + '</a2ui-json>'.length) / 10) * 10);
    // What follows the block comes after the error, whole; what the failing piece held of it goes out with that piece.
    const after = records.slice(records.indexOf(error as (typeof records)[number]) + 1);
    expect(after.map((record) => (record.part.type === 'text' ? record.part.text : `[${record.part.type}]`)).join('')).toBe(' after ✓ 👋🏽');
    expect(after[0]?.piece).toBe(error?.piece);
  });
});

describe('sseFeed', () => {
  it('hands the parser what the provider adapter passed on, chunk by chunk', async () => {
    for (const size of [1, 17, 10_000]) {
      const feed = await sseFeed(anthropic.sse, size, () => anthropicTextStream());
      expect(feed.pieces.map((piece) => piece.text).join('')).toBe(anthropic.text);
      expect(feed.pieces.at(-1)?.end).toBe(anthropic.sse.length);
      expect(feed.pieces.every((piece) => piece.error === undefined)).toBe(true);
      const text = replayAll(feed, 'delta').flatMap((record) => (record.part.type === 'text' ? [record.part.text] : []));
      expect(text.join('')).toBe('Hé!  👋🏽');
    }
  });

  it("ends with the adapter's error as an error part", async () => {
    const feed = await sseFeed(openAIChatError.sse, 16, () => openAIChatTextStream());
    expect(feed.pieces.at(-1)?.error?.message).toMatch(/server had an error/);
    const parts = replayAll(feed, 'full').map((record) => record.part);
    expect(
      parts
        .filter((part) => part.type === 'text')
        .map((part) => (part as { text: string }).text)
        .join(''),
    ).toBe('partial ');
    expect(parts.at(-1)?.type).toBe('error');
  });
});

describe('Player', () => {
  function setup(text: string, size: number, charsPerSecond: number) {
    const clock = fakeClock();
    const feed = textFeed(text, size);
    const runs: PartRecord[][] = [];
    const start = () => {
      const records: PartRecord[] = [];
      runs.push(records);
      return new Replay(feed, { catalogs: basicCatalog('0.9'), snapshots: 'delta', charsPerSecond, onPart: (record) => records.push(record) });
    };
    return { clock, feed, runs, player: new Player(start, charsPerSecond, clock, () => undefined) };
  }

  it("feeds each piece when the model's clock reaches its end", () => {
    const { clock, player } = setup('x'.repeat(100), 10, 100); // a piece every 100 ms
    player.play();
    expect(player.replay.position).toBe(0);
    clock.advance(250);
    expect(player.replay.position).toBe(2);
    player.pause();
    clock.advance(1000);
    expect(player.replay.position).toBe(2);
    player.play();
    clock.advance(100);
    expect(player.replay.position).toBe(3);
    clock.advance(10_000);
    expect(player.replay.done).toBe(true);
    expect(player.playing).toBe(false);
  });

  it('scrubs back into a fresh replay that ends as a replay played there', () => {
    const text = demoResponse('0.9');
    const { clock, feed, runs, player } = setup(text, 8, 1000);
    const middle = Math.floor(feed.pieces.length / 2);
    player.play();
    clock.advance(60_000);
    expect(player.replay.done).toBe(true);
    const played = runs[0] as PartRecord[];
    player.seek(middle);
    expect(runs).toHaveLength(2);
    expect(player.replay.position).toBe(middle);
    expect(runs[1]).toEqual(played.filter((record) => record.piece < middle));
    player.seek(feed.pieces.length);
    expect(runs).toHaveLength(2); // forward: the same replay goes on
    expect(runs[1]).toEqual(played);
  });
});
