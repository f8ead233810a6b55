/**
 * A v0.8 `dataModelUpdate` entry with a key and no value (an outside probe, probe8 finding 13):
 * read in one piece the message goes out as the model wrote it; streamed, the partials leave
 * such an entry out (it may still be unfinished), and when the entries after it had all gone out
 * in partials the message's end sent nothing more, so the entry was lost. Streamed now ends as whole.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { V08 } from './helpers.js';

const text =
  '<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"root"}},' +
  '{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Text":{"text":{"path":"/b"}}}}]}},' +
  '{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a"},{"key":"b","valueNumber":3}]}}]</a2ui-json>';

function read(size: number): Part[] {
  const parser = new A2uiStreamParser(V08, {});
  const parts: Part[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(...parser.push(text.slice(i, i + size)));
  parts.push(...parser.end());
  return parts;
}

/** The contents of the last dataModelUpdate sent. */
function lastContents(parts: readonly Part[]): unknown {
  const updates = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages.flatMap((m) => (m.dataModelUpdate ? [m.dataModelUpdate] : [])) : []));
  return (updates[updates.length - 1] as { contents?: unknown } | undefined)?.contents;
}

describe('a v0.8 data entry with no value (issue #37)', () => {
  const whole = read(text.length);

  it('whole: the message as written', () => {
    expect(lastContents(whole)).toEqual([{ key: 'a' }, { key: 'b', valueNumber: 3 }]);
  });

  for (const size of [1, 2, 7, 16, 64]) {
    it(`at ${size}-character chunks: its last update and the final state are whole's`, () => {
      const parts = read(size);
      expect(lastContents(parts)).toEqual(lastContents(whole));
      expect(finalState(applyParts(new Map(), parts))).toEqual(finalState(applyParts(new Map(), whole)));
    });
  }
});
