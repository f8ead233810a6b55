/**
 * Chunking invariance: for any way of cutting a response into chunks, the concatenated text and
 * the final surface state (components reachable from each root, data models) are the same as for
 * the whole response in one chunk, and equal to what the response's messages say.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/protocol/versions.js';
import { applyMessages, applyParts, finalState } from '../support/apply-messages.js';
import { generateResponse, type GeneratedVersion } from '../support/generate-response.js';
import { randomResponse } from '../support/random-response.js';
import { runParser, splitAt, textOf } from '../support/robust.js';
import { FIXTURE_RESPONSES } from './fixtures.js';

const RUNS = 150;

/** Cut points for a text of length `n`: a few random ones, or every character. */
const cutsFor = (n: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.integer({ min: 0, max: n }), { maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length: n }, (_, i) => i)) },
  );

function outcome(version: ProtocolVersion, chunks: readonly string[], snapshots: 'full' | 'delta' = 'full') {
  const { parts, errors } = runParser(basicCatalog(version), chunks, { snapshots });
  return {
    text: textOf(parts),
    state: finalState(applyParts(new Map(), parts)),
    errors: errors.map((e) => e.message),
  };
}

describe('chunking invariance on generated responses', () => {
  // Delta snapshots too: a surface's messages are spread over several blocks, so components
  // released when a block closed are met again by later ones.
  for (const snapshots of ['full', 'delta'] as const) {
    for (const version of PROTOCOL_VERSIONS) {
      it(`v${version}, ${snapshots}: text and final state are the same for any chunking, and match the messages`, () => {
        const input = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => randomResponse(seed, version));
        fc.assert(
          fc.property(
            input.chain((response) => fc.tuple(fc.constant(response), cutsFor(response.text.length))),
            ([response, cuts]) => {
              const whole = outcome(version, [response.text], snapshots);
              expect(whole.errors).toEqual([]);
              expect(whole.state).toEqual(finalState(applyMessages(new Map(), response.messages)));
              const chunked = outcome(version, splitAt(response.text, cuts), snapshots);
              expect(chunked).toEqual(whole);
            },
          ),
          { numRuns: RUNS },
        );
      });
    }
  }
});

describe('chunking invariance on generateResponse output (larger responses)', () => {
  for (const version of ['0.8', '0.9', '1.0'] as const satisfies readonly GeneratedVersion[]) {
    it(`v${version}: text and final state are the same for any chunking, and match the messages`, () => {
      const input = fc
        .record({ seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }), targetBytes: fc.integer({ min: 2_000, max: 12_000 }) })
        .map(({ seed, targetBytes }) => generateResponse({ version, seed, targetBytes }));
      fc.assert(
        fc.property(
          input.chain((response) => fc.tuple(fc.constant(response), fc.array(fc.nat(response.text.length), { maxLength: 60 }))),
          ([response, cuts]) => {
            const whole = outcome(version, [response.text]);
            expect(whole.errors).toEqual([]);
            expect(whole.state).toEqual(finalState(applyMessages(new Map(), response.messages)));
            expect(outcome(version, splitAt(response.text, cuts))).toEqual(whole);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

describe('chunking invariance on fixtures', () => {
  for (const fixture of FIXTURE_RESPONSES) {
    it(`${fixture.name}: text, final state and errors are the same for any chunking`, () => {
      const whole = outcome(fixture.version, [fixture.text]);
      expect(whole.text).toContain(fixture.expectText);
      expect(Object.keys(whole.state)).toEqual(fixture.expectSurfaces);
      fc.assert(
        fc.property(cutsFor(fixture.text.length), (cuts) => {
          expect(outcome(fixture.version, splitAt(fixture.text, cuts))).toEqual(whole);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
