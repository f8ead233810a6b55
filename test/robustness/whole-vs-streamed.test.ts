/**
 * Issue #27, item 4: one answer, whole or streamed. For generated responses, well-formed, malformed
 * (a forgotten or extra closer, a block cut short) and with an invalid component, in every
 * version: `parseResponse` with the catalog and the stream at every chunking, in both snapshot
 * modes, end with the same final surfaces (placeholders read as absent) and report the same
 * errors (category and first line, naming the same message index); and the cases the issue found.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { PROTOCOL_VERSIONS } from '../../src/protocol/versions.js';
import { parseResponse } from '../../src/response/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState, type FinalState } from '../support/apply-messages.js';
import { chunkings } from '../support/chunkings.js';
import { generateResponse } from '../support/generate-response.js';
import { withInvalidComponent } from '../support/invalid-component.js';
import { malform } from '../support/malform.js';
import { randomResponse } from '../support/random-response.js';
import { runParser } from '../support/robust.js';

/** Whether a component a renderer holds is a stand-in: a `loading_` id, or an empty `Row`. */
function isStandIn(component: Record<string, unknown>): boolean {
  if (String(component.id).startsWith('loading_')) return true;
  const nested = (component.component as Record<string, { children?: { explicitList?: unknown[] } }> | undefined)?.Row;
  if (nested !== undefined) return Object.keys(nested).length === 1 && nested.children?.explicitList?.length === 0;
  return component.component === 'Row' && Array.isArray(component.children) && component.children.length === 0 && Object.keys(component).length === 3;
}

/** What a user ends seeing: the final state without stand-ins. */
function seen(parts: readonly Part[]): FinalState {
  const state = finalState(applyParts(new Map(), parts), true);
  for (const surface of Object.values(state)) {
    for (const [id, component] of Object.entries(surface.components)) if (isStandIn(component as Record<string, unknown>)) delete surface.components[id];
  }
  return state;
}

/** The errors as a user reads them: category and first line. */
function errors(parts: readonly Part[]): string[] {
  return parts.flatMap((part) => (part.type === 'error' ? [`${part.error.category}: ${part.error.message.split('\n')[0]}`] : []));
}

function outcome(parts: readonly Part[]) {
  return { seen: seen(parts), errors: errors(parts) };
}

const RESPONSES = 40;

describe('whole and streamed end the same way (issue #27, item 4)', () => {
  for (const version of PROTOCOL_VERSIONS) {
    for (const snapshots of ['full', 'delta'] as const) {
      it(`v${version}, ${snapshots}: ${RESPONSES} responses, malformed or with an invalid component, every chunking`, () => {
        const catalog = basicCatalog(version);
        const generatedVersion = version === '0.9.1' ? '0.9' : version;
        for (let i = 0; i < RESPONSES; i++) {
          // Even: a generated response with an invalid component; odd: a random one, maybe malformed.
          const broken =
            i % 2 === 0
              ? withInvalidComponent(generateResponse({ version: generatedVersion, targetBytes: 3_000, seed: 70 + i }).text, generatedVersion, i)
              : undefined;
          const { text, kind } = broken
            ? { text: broken.text, kind: `invalid ${broken.id} (${broken.how})` }
            : malform(randomResponse(7000 + i, version).text, 3000 + i);
          const whole = outcome(parseResponse(text, catalog, { snapshots }));
          for (const { name, chunks } of chunkings(text, i, 2)) {
            const streamed = outcome(runParser(catalog, chunks, { snapshots }).parts);
            expect(streamed, `response ${i} (${kind}), ${name}`).toEqual(whole);
          }
        }
      });
    }
  }
});
