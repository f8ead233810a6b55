/**
 * A second start message for a live surface (#38): renderers refuse it whole, so it is not sent,
 * and it is an error part naming the surface, never a silent drop.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { A2uiMessage } from '../../src/types.js';
import { errorsOf, messagesOf, parseChunks, V09, V10 } from './helpers.js';

const create09 = (extra = '') => `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"${extra}}}`;
const create10 = (extra = '') => `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"${V10.id}"${extra}}}`;
const sizes = [1, 7, 1000];
const chunked = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('a second createSurface for a live surface is an error part', () => {
  test.each(sizes)('v0.9, at %i-character chunks: one create sent, one IntegrityError naming the surface, the block reads on', (size) => {
    const update = `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"after"}]}}`;
    const parts = parseChunks(V09, chunked(`<a2ui-json>[${create09()}, ${create09(',"sendDataModel":true')}, ${update}]</a2ui-json>`, size));
    const messages = messagesOf(parts);
    expect(messages.filter((m) => 'createSurface' in m)).toEqual([JSON.parse(create09())]);
    const errors = errorsOf(parts);
    expect(errors.map((e) => e.category)).toEqual(['IntegrityError']);
    expect(errors[0]?.message).toMatch(/createSurface for surface 's' refused: the surface already exists/);
    expect(errors[0]?.details[0]?.code).toBe('surface_exists');
    // The message after it is read.
    expect(JSON.stringify(messages)).toContain('"text":"after"');
  });

  test.each(sizes)('v1.0 with content, at %i-character chunks: refused whole, content included, and reported', (size) => {
    const second = create10(',"components":[{"id":"root","component":"Text","text":"second"}]');
    const parts = parseChunks(V10, chunked(`<a2ui-json>[${create10()}, ${second}]</a2ui-json>`, size));
    expect(JSON.stringify(messagesOf(parts))).not.toContain('second');
    expect(errorsOf(parts).map((e) => e.message)).toEqual([expect.stringMatching(/^createSurface for surface 's' refused: the surface already exists/)]);
  });

  test('a surface from history or knownSurfaces is live too', () => {
    const history = [JSON.parse(create09()) as A2uiMessage];
    for (const options of [{ history }, { knownSurfaces: ['s'] }]) {
      const parser = new A2uiStreamParser(V09, options);
      const parts = [...parser.push(`<a2ui-json>${create09()}</a2ui-json>`), ...parser.end()];
      expect(messagesOf(parts)).toEqual([]);
      expect(errorsOf(parts).map((e) => e.category)).toEqual(['IntegrityError']);
    }
  });

  test('after deleteSurface the surface may be made again, without error', () => {
    const parts = parseChunks(V09, [`<a2ui-json>[${create09()}, {"version":"v0.9","deleteSurface":{"surfaceId":"s"}}, ${create09()}]</a2ui-json>`]);
    expect(errorsOf(parts)).toEqual([]);
    expect(messagesOf(parts).filter((m) => 'createSurface' in m)).toHaveLength(2);
  });
});
