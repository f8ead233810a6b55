/**
 * Issue #19 rule 3: within a block, messages (and their partials) go out in the order their
 * objects began, whatever the chunking. For random responses, well-formed and malformed (a
 * forgotten closing brace, an extra closer, a block cut short), at 20 chunkings each: the messages
 * in the order they go out (each message's partials taken together), the final state a
 * spec-following renderer holds, the text and the errors equal those of feeding the response whole.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/protocol/versions.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { malform, type Malformation } from '../support/malform.js';
import { randomResponse } from '../support/random-response.js';
import { Rng } from '../support/rng.js';
import { runParser, splitAt, textOf } from '../support/robust.js';

const RESPONSES = 200;
const CHUNKINGS = 20;

/** What a message is about: its kind and surface (a message's partials all say the same). */
function topic(message: A2uiMessage): string {
  const key = Object.keys(message).find((name) => name !== 'version') ?? '';
  const body = message[key] as { surfaceId?: unknown } | undefined;
  return `${key}:${String(body?.surfaceId)}`;
}

/** The topics in the order they go out, a run of the same topic (one message and its partials) once. */
function order(parts: readonly Part[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part.type !== 'a2ui') continue;
    for (const message of part.messages) {
      const next = topic(message);
      if (out[out.length - 1] !== next) out.push(next);
    }
  }
  return out;
}

/** Per surface, the topics in the order they go out (a run of the same topic once). */
function orderPerSurface(parts: readonly Part[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const topic of order(parts)) {
    const surface = topic.slice(topic.indexOf(':') + 1);
    const list = (out[surface] ??= []);
    if (list[list.length - 1] !== topic) list.push(topic);
  }
  return out;
}

/**
 * With `budget` (the default output budget of full snapshots), a full snapshot held back may go
 * out after other surfaces' messages: then only each surface's own order is compared.
 */
function outcome(version: ProtocolVersion, chunks: readonly string[], snapshots: 'full' | 'delta', budget = false) {
  const options = budget ? { snapshots } : { snapshots, outputBytesPerChar: Number.POSITIVE_INFINITY };
  const { parts, errors } = runParser(basicCatalog(version), chunks, options);
  return {
    text: textOf(parts),
    order: budget ? orderPerSurface(parts) : order(parts),
    state: finalState(applyParts(new Map(), parts)),
    errors: errors.map((error) => error.message),
  };
}

/**
 * Chunking `n` of response `i`: one character at a time (the first chunking of every tenth
 * response: the costliest), a few large pieces, or many small ones.
 */
function chunking(text: string, rng: Rng, i: number, n: number): string[] {
  if (n === 0 && i % 10 === 0) return [...text];
  const cuts: number[] = [];
  const count = rng.chance(0.3) ? rng.int(1, 4) : rng.int(5, 80);
  for (let i = 0; i < count; i++) cuts.push(rng.int(0, text.length));
  return splitAt(text, cuts);
}

describe('messages go out in the order they began, whatever the chunking', () => {
  for (const snapshots of ['full', 'delta'] as const) {
    it(`${RESPONSES} random responses (malformed ones included) × ${CHUNKINGS} chunkings, ${snapshots} snapshots`, () => {
      const kinds = new Map<Malformation, number>();
      for (let i = 0; i < RESPONSES; i++) {
        const version = PROTOCOL_VERSIONS[i % PROTOCOL_VERSIONS.length] as ProtocolVersion;
        const { text, kind } = malform(randomResponse(1000 + i, version).text, 5000 + i);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        const whole = outcome(version, [text], snapshots);
        const wholeBudget = outcome(version, [text], snapshots, true);
        const rng = new Rng(9000 + i);
        for (let n = 0; n < CHUNKINGS; n++) {
          const chunks = chunking(text, rng, i, n);
          expect(outcome(version, chunks, snapshots), `response ${i} (v${version}, ${kind}), chunking ${n}`).toEqual(whole);
          if (snapshots === 'full' && n < 2) {
            expect(outcome(version, chunks, snapshots, true), `response ${i} (v${version}, ${kind}), chunking ${n}, output budget`).toEqual(wholeBudget);
          }
        }
      }
      // The generator must have made each kind of input several times.
      for (const kind of ['none', 'missing closer', 'extra closer', 'truncated block'] as const) {
        expect(kinds.get(kind) ?? 0).toBeGreaterThan(10);
      }
    });
  }
});

describe("the issue's example: two v0.8 root-level dataModelUpdates, the first missing its closing brace", () => {
  const text =
    '<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"r"}},' +
    '{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"one"}]},' +
    '{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"two"}]}}]</a2ui-json>';
  for (const snapshots of ['full', 'delta'] as const) {
    it(`the later one wins, fed whole or one character at a time (${snapshots} snapshots)`, () => {
      for (const chunks of [[text], [...text]]) {
        const { parts, errors } = runParser(basicCatalog('0.8'), chunks, { snapshots });
        expect(errors).toEqual([]);
        expect(finalState(applyParts(new Map(), parts)).s?.dataModel).toEqual({ a: 'two' });
        const last = messagesOf(parts).at(-1) as { dataModelUpdate?: { contents: unknown } };
        expect(last.dataModelUpdate?.contents).toEqual([{ key: 'a', valueString: 'two' }]);
      }
    });
  }
});

function messagesOf(parts: readonly Part[]): A2uiMessage[] {
  return parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
}
