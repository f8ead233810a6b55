/**
 * Work that grew faster than the input, found by the robustness work; each case was a bug, now
 * fixed. The work is counted, not timed: the characters of every open value the parser heals (a
 * look at it costs that much), or the reads of a list. Each case stops once its count passes a
 * bound far above what linear work needs, so an open bug fails soon instead of running on. How
 * the time grows is in bench/ (`npm run bench`, linearity and shapes).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError } from '../../src/errors.js';
import { JsonBlockReader } from '../../src/json/block-reader.js';
import { FullSnapshots } from '../../src/stream/full-snapshots.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import { limitOf, modeOf, rethrow } from '../stream/helpers.js';
import { isDeliberateError } from '../support/robust.js';

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const catalog = basicCatalog('0.9');
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CATALOG}"}}`;

afterEach(() => vi.restoreAllMocks());

const heal = JsonBlockReader.prototype.heal;

/** Counts the characters (as JSON) of every value `JsonBlockReader.heal` returns from now on. */
function countHealed(): { chars: number; calls: number } {
  const count = { chars: 0, calls: 0 };
  vi.spyOn(JsonBlockReader.prototype, 'heal').mockImplementation(function (this: JsonBlockReader, ...args) {
    const value = heal.apply(this, args);
    count.calls++;
    count.chars += value === undefined ? 0 : JSON.stringify(value).length;
    return value;
  });
  return count;
}

/** What {@link feedCounting} saw. */
interface Outcome {
  finished: boolean;
  error: unknown;
  fed: number;
  healed: { chars: number; calls: number };
}

/**
 * Feeds `head`, then `piece` `times` times, then `tail`, counting healed characters; stops once
 * they pass `bound`. The outcome: whether it finished, the deliberate error it ended with, the
 * characters fed and the count.
 */
function feedCounting(parser: A2uiStreamParser, head: string, piece: string, times: number, tail: string, bound: number): Outcome {
  const healed = countHealed();
  let fed = 0;
  const push = (text: string) => {
    rethrow(parser.push(text));
    fed += text.length;
  };
  try {
    push(head);
    for (let i = 0; i < times; i++) {
      push(piece);
      if (healed.chars > bound) return { finished: false, error: undefined, fed, healed };
    }
    push(tail);
    rethrow(parser.end());
    return { finished: true, error: undefined, fed, healed };
  } catch (error) {
    if (!isDeliberateError(error)) throw error;
    return { finished: true, error, fed, healed };
  }
}

describe('linear work in the size of an open message', () => {
  // Fixed bug: each call re-healed and diffed the whole open data-model value, so an array that
  // kept growing cost O(n) per chunk, O(n²) in all: 100,000 characters of `1, ` took minutes.
  // A small open value is looked at on every chunk (a bounded cost); what counts is what reading
  // the next 100,000 characters adds.
  it('a data-model array that never closes reaches maxBufferSize; 100,000 more characters heal at most 10× that', () => {
    const head = `<a2ui-json>[${create},{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"items":[`;
    const [small, large] = [100_000, 200_000].map((maxBufferSize) => {
      const outcome = feedCounting(new A2uiStreamParser(catalog, { maxBufferSize }), head, '1, ', 1_000_000, '', 1e8);
      expect(outcome.finished, `healed ${outcome.healed.chars} characters for ${outcome.fed} read`).toBe(true);
      expect(outcome.error).toBeInstanceOf(A2uiLimitError);
      expect(outcome.healed.calls).toBeGreaterThan(0);
      return outcome;
    }) as [Outcome, Outcome];
    expect(large.fed - small.fed).toBeGreaterThan(99_000);
    expect(large.healed.chars - small.healed.chars).toBeLessThan(10 * (large.fed - small.fed));
  });

  // Fixed bug: a component's text still streaming was re-read whole on each call, so a 4 MiB text
  // in 4 KiB chunks cost about as much as 2 GB of input (16 MiB in 64 KiB chunks: ~45 s).
  it('a 4 MiB component text in 4 KiB chunks is read, healing at most 10× its size', () => {
    const parser = new A2uiStreamParser(catalog);
    const head = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"`;
    const outcome = feedCounting(parser, head, 'z'.repeat(4_096), 1_024, '"}]}}]</a2ui-json>', 10 * 2 ** 22);
    expect(outcome.finished, `healed ${outcome.healed.chars} characters for ${outcome.fed} read`).toBe(true);
    expect(outcome.error).toBeUndefined();
    expect(outcome.healed.calls).toBeGreaterThan(0);
    expect(outcome.healed.chars).toBeLessThan(10 * outcome.fed);
  });
});

describe('linear work in the number of references', () => {
  // Fixed bug: a full-snapshot form looked each reference up in the list of absent ones, so a
  // parent whose children had not arrived cost their number squared, each time it was made again
  // (12 s for 100,000; a list of 2,000 children arriving one by one took ~5 s, now ~0.5 s).
  it('a full-snapshot form with 2,000 absent references reads that list a bounded number of times', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => `c${i}`);
    let reads = 0;
    const absent = new Proxy(ids, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const entry = modeOf(catalog, FullSnapshots).entryOf({ id: 'root', component: 'Column', children: ids }, absent, false);
    expect(entry.form.children).toEqual(ids.map((id) => `loading_${id}`));
    expect(reads).toBeGreaterThanOrEqual(ids.length);
    expect(reads).toBeLessThan(10 * ids.length);
  });
});

describe('placeholders are bounded', () => {
  // Fixed bug: references to missing children became `loading_*` placeholders without any limit;
  // 30,000 of them (with maxComponentsPerSurface 100) were all emitted, a 2 MB message.
  const children = Array.from({ length: 30_000 }, (_, i) => `"m${i}"`).join(',');
  const text = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":[${children}]}]}}]</a2ui-json>`;

  it('a list of 30,000 missing children is a LimitError maxComponentsPerSurface', () => {
    // maxExpansion would leave the root out first (it draws 30,001), and the output budget would
    // hold its placeholders back (below): this test is about the placeholders.
    const parser = new A2uiStreamParser(catalog, { maxComponentsPerSurface: 100, maxExpansion: 100_000, outputBytesPerChar: Number.POSITIVE_INFINITY });
    expect(limitOf(parser.push(text)).message).toMatch(/maxComponentsPerSurface \(100\)/);
  });

  it('with the output budget, their parent waits: no placeholder goes out, one error names the budget', () => {
    const parser = new A2uiStreamParser(catalog, { maxExpansion: 100_000 });
    const parts = [...parser.push(text), ...parser.end()];
    const errors = parts.filter((part) => part.type === 'error');
    expect(errors.map((part) => (part.type === 'error' ? part.error.message : ''))).toEqual([
      expect.stringMatching(
        /^Component 'root' of surface 's' is held back: it refers to 'm0', .* and 29990 more, not arrived, and the output budget \(outputBytesPerChar\) has no room/,
      ),
    ]);
    expect(JSON.stringify(parts).length).toBeLessThan(text.length);
  });
});
