/**
 * Chunking invariance of the streaming core over the shown conformance cases and every example
 * surface of the spec: any chunking (one character at a time, every or many two-way splits,
 * random cuts) gives the same concatenated text and final surface state as a single push, with
 * full and delta snapshots; for the examples, that state is the one the example's own messages
 * describe. A case that expects an error: the same text and errors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { decompile, wrapDecompiledBlocks } from '../../src/response/index.js';
import type { A2uiMessage } from '../../src/types.js';
import { applyMessages, applyParts, finalState } from '../support/apply-messages.js';
import { runParser, splitAt, textOf } from '../support/robust.js';
import { catalogsForCase, conformanceSuite, SPEC_DIR, sharedSuite } from './runner.js';

type Snapshots = 'full' | 'delta';

function outcome(catalogs: Catalog | readonly Catalog[], chunks: readonly string[], snapshots: Snapshots, validate = true) {
  const { parts, errors } = runParser(catalogs, chunks, { snapshots, validate });
  return { text: textOf(parts), state: finalState(applyParts(new Map(), parts)), errors: errors.map((e) => e.message) };
}

/** Every two-way split when the text is short, else `limit` evenly spaced ones. */
function twoWaySplits(text: string, limit: number): string[][] {
  const step = Math.max(1, Math.floor(text.length / limit));
  const splits: string[][] = [];
  for (let i = 1; i < text.length; i += step) splits.push([text.slice(0, i), text.slice(i)]);
  return splits;
}

/** Checks the invariance in both snapshot modes; returns how many errors the whole response gave. */
function checkInvariance(catalogs: Catalog | readonly Catalog[], text: string, splitLimit: number, validate = true): number {
  let errors = 0;
  for (const snapshots of ['full', 'delta'] as const) {
    const whole = outcome(catalogs, [text], snapshots, validate);
    // A response cut off mid-value ends in whatever partial state its last chunk left, so for one
    // that ends in an error only the text and the errors must not depend on the chunking.
    const seen = (result: ReturnType<typeof outcome>) => (whole.errors.length > 0 ? { ...result, state: undefined } : result);
    const expected = seen(whole);
    expect(seen(outcome(catalogs, Array.from(text), snapshots, validate))).toEqual(expected);
    for (const chunks of twoWaySplits(text, splitLimit)) expect(seen(outcome(catalogs, chunks, snapshots, validate))).toEqual(expected);
    fc.assert(
      fc.property(fc.array(fc.nat(text.length), { maxLength: 30 }), (cuts) => {
        expect(seen(outcome(catalogs, splitAt(text, cuts), snapshots, validate))).toEqual(expected);
      }),
      { numRuns: 15, seed: text.length },
    );
    errors = whole.errors.length;
  }
  return errors;
}

// Every case, also those expecting an error: for them (see checkInvariance) the text and the
// errors must not depend on the chunking, the state they end in may.
conformanceSuite('agent/streaming_parser.yaml', (cases) => {
  for (const testCase of cases) {
    const steps = testCase.steps ?? [testCase];
    const failing = testCase.expect_error !== undefined || steps.some((step) => step.expect_error !== undefined);
    const text = steps.map((step) => step.input ?? '').join('');
    it(`${testCase.name}: any chunking gives the same text and ${failing ? 'errors' : 'final state'}`, () => {
      const errors = checkInvariance(catalogsForCase(testCase), text, Infinity, testCase.disable_validation !== true);
      // A case expecting an error gives one (and, by the invariance, the same ones however chunked).
      if (failing) expect(errors).toBeGreaterThan(0);
    });
  }
});

const EXAMPLE_FOLDERS: Record<string, ProtocolVersion> = { v0_8: '0.8', v0_9: '0.9', v1_0: '1.0' };

sharedSuite('spec examples', SPEC_DIR, () => {
  for (const [folder, version] of Object.entries(EXAMPLE_FOLDERS)) {
    const dir = join(SPEC_DIR, folder, 'catalogs/basic/examples');
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      it(`v${version} ${file}: any chunking gives the state the example's messages describe`, () => {
        const example = JSON.parse(readFileSync(join(dir, file), 'utf8')) as A2uiMessage[] | { messages: A2uiMessage[] };
        const messages = Array.isArray(example) ? example : example.messages;
        const text = `Here is the surface you asked for.\n${wrapDecompiledBlocks([decompile(messages)])}\nAnything else?`;
        const catalog = basicCatalog(version);
        const whole = outcome(catalog, [text], 'full');
        expect(whole.errors).toEqual([]);
        expect(whole.text).toBe('Here is the surface you asked for.\n\nAnything else?');
        expect(whole.state).toEqual(finalState(applyMessages(new Map(), messages)));
        checkInvariance(catalog, text, 40);
      });
    }
  }
});
