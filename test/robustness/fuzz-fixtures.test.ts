/**
 * Replays every input the fuzzer saved in test/fixtures/fuzz/ (one JSON file per distinct
 * failure: `{seed, index, problem, case}`): each must now pass the fuzzer's checks but its time bound.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCase, type FuzzCase } from '../support/fuzz-case.js';

const dir = new URL('../fixtures/fuzz/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('fuzz regression fixtures', () => {
  if (files.length === 0) it.skip('no saved fuzz failures', () => {});
  for (const name of files) {
    it(name, async () => {
      const saved = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as { case: FuzzCase };
      // No time bound here (the fuzzer judges slow runs): crashes, stream ends and mismatches.
      expect(await checkCase(saved.case, Infinity)).toBeUndefined();
    });
  }
});
