/**
 * Work that grows faster than the input, found by the robustness work. Each case feeds a bounded
 * input with a time budget far above what a linear reader needs and stops at the budget, so a
 * case never runs long (a single call cannot be stopped: it fails late). Each case was a bug,
 * now fixed; an open one would be marked `it.fails` until fixed.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError } from '../../src/errors.js';
import { FullSnapshots } from '../../src/stream/full-snapshots.js';
import { modeOf, rethrow } from '../stream/helpers.js';
import { A2uiStreamParser } from '../../src/stream/parser.js';
import { isDeliberateError } from '../support/robust.js';

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const catalog = basicCatalog('0.9');
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CATALOG}"}}`;
const BUDGET_MS = 5_000;

/** Feeds `head`, then `piece` `times` times, then `tail`, stopping at the budget; the outcome. */
function feedWithBudget(parser: A2uiStreamParser, head: string, piece: string, times: number, tail = '') {
  const started = performance.now();
  try {
    rethrow(parser.push(head));
    for (let i = 0; i < times; i++) {
      rethrow(parser.push(piece));
      if (performance.now() - started > BUDGET_MS) return { finished: false, error: undefined };
    }
    rethrow(parser.push(tail));
    rethrow(parser.end());
    return { finished: true, error: undefined };
  } catch (error) {
    if (!isDeliberateError(error)) throw error;
    return { finished: true, error };
  }
}

describe('linear time in the size of an open message', () => {
  // Fixed bug: each call re-healed and diffed the whole open data-model value, so an array that
  // kept growing cost O(n) per chunk, O(n²) in all: 100,000 characters of `1, ` took minutes.
  it('a data-model array that never closes reaches maxBufferSize (100,000) within the budget', () => {
    const parser = new A2uiStreamParser(catalog, { maxBufferSize: 100_000 });
    const head = `<a2ui-json>[${create},{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"items":[`;
    const outcome = feedWithBudget(parser, head, '1, ', 1_000_000);
    expect(outcome.finished).toBe(true);
    expect(outcome.error).toBeInstanceOf(A2uiLimitError);
  });

  // Fixed bug: a component's text still streaming was re-read whole on each call, so a 4 MiB text
  // in 4 KiB chunks cost about as much as 2 GB of input (16 MiB in 64 KiB chunks: ~45 s).
  it('a 4 MiB component text in 4 KiB chunks is read within the budget', () => {
    const parser = new A2uiStreamParser(catalog);
    const head = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"`;
    const outcome = feedWithBudget(parser, head, 'z'.repeat(4_096), 1_024, '"}]}}]</a2ui-json>');
    expect(outcome).toEqual({ finished: true, error: undefined });
  });
});

describe('linear time in the number of references', () => {
  // Fixed bug: a full-snapshot form looked each reference up in the list of absent ones, so a
  // parent whose children had not arrived cost their number squared, each time it was made again
  // (12 s for this form; a list of 2,000 children arriving one by one took ~5 s, now ~0.5 s).
  it('a full-snapshot form with 100,000 absent references is made within the budget', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `c${i}`);
    const started = performance.now();
    const entry = modeOf(catalog, FullSnapshots).entryOf({ id: 'root', component: 'Column', children: ids }, ids, false);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
    expect(entry.form.children).toEqual(ids.map((id) => `loading_${id}`));
  });
});

describe('placeholders are bounded', () => {
  // Fixed bug: references to missing children became `loading_*` placeholders without any limit;
  // 30,000 of them (with maxComponentsPerSurface 100) were all emitted, a 2 MB message.
  it('a list of 30,000 missing children is a LimitError maxComponentsPerSurface', () => {
    const parser = new A2uiStreamParser(catalog, { maxComponentsPerSurface: 100 });
    const children = Array.from({ length: 30_000 }, (_, i) => `"m${i}"`).join(',');
    const text = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":[${children}]}]}}]</a2ui-json>`;
    expect(() => parser.push(text)).toThrow(/maxComponentsPerSurface \(100\)/);
  });
});
