/**
 * The messages the output budget holds back (`held-resends.ts`), alone: a surface's messages go in
 * the order they were held, and a release walks no further than it must.
 */
import { describe, expect, it, vi } from 'vitest';
import { HeldResends, OUTPUT_FLOOR } from '../../src/stream/held-resends.js';
import type { A2uiMessage } from '../../src/types.js';

const snapshot = (surfaceId: string, text: string) =>
  ({ surfaceUpdate: { surfaceId, components: [{ id: 'root', component: { Text: { text: { literalString: text } } } }] } }) as unknown as A2uiMessage;
const data = (surfaceId: string, key: string) => ({ dataModelUpdate: { surfaceId, contents: [{ key, valueString: 'v' }] } }) as unknown as A2uiMessage;

describe('HeldResends', () => {
  it('holds a snapshot past the budget; the data queued behind it go after it, in order', () => {
    const held = new HeldResends(2);
    expect(held.offer(snapshot('s', 'x'.repeat(OUTPUT_FLOOR)), 's', 's', 0)).toBeUndefined();
    held.queue(data('s', 'a'), 's');
    held.queue(data('s', 'b'), 's');
    expect(held.release(0, false)).toEqual([]);
    const out = held.release(1_000, false);
    expect(out.map((message) => Object.keys(message)[0])).toEqual(['surfaceUpdate', 'dataModelUpdate', 'dataModelUpdate']);
    expect(held.holdsSurface('s')).toBe(false);
  });

  it('a release that finds every surface held back does not walk what is queued behind (per chunk, that was quadratic)', () => {
    const held = new HeldResends(2);
    held.offer(snapshot('s', 'x'.repeat(OUTPUT_FLOOR)), 's', 's', 0);
    for (let i = 0; i < 1_000; i++) held.queue(data('s', `k${i}`), 's');
    const looks = vi.spyOn(Set.prototype, 'has');
    try {
      expect(held.release(0, false)).toEqual([]);
      expect(looks.mock.calls.length).toBeLessThan(10);
    } finally {
      looks.mockRestore();
    }
  });

  it('another surface’s messages still go while one is held back', () => {
    const held = new HeldResends(2);
    expect(held.offer(snapshot('s', 'x'.repeat(2 * OUTPUT_FLOOR)), 's', 's', 0)).toBeUndefined();
    held.queue(data('s', 'a'), 's');
    expect(held.offer(snapshot('t', 'y'.repeat(OUTPUT_FLOOR + 50)), 't', 't', 0)).toBeUndefined();
    // 200 characters read: room for t's snapshot, not for s's.
    const out = held.release(200, false);
    expect(out.map((message) => (message as unknown as { surfaceUpdate: { surfaceId: string } }).surfaceUpdate.surfaceId)).toEqual(['t']);
    expect(held.holdsSurface('s')).toBe(true);
  });

  it('a snapshot held and out of date is not released alone: the data queued behind it wait for the one replacing it', () => {
    const held = new HeldResends(2);
    held.offer(snapshot('s', 'x'.repeat(OUTPUT_FLOOR)), 's', 's', 0);
    held.queue(data('s', 'a'), 's');
    expect(held.outdated('s', 0)).toBe(false);
    expect(held.release(1_000, false)).toEqual([]);
    expect(held.outdated('s', 1_000)).toBe(true);
    expect(held.offer(snapshot('s', 'newer'), 's', 's', 1_000, 'surfaceUpdate')).toBeDefined();
    expect(held.release(1_000, false).map((message) => Object.keys(message)[0])).toEqual(['dataModelUpdate']);
  });

  it('a place kept for a snapshot not taken yet holds its surface’s data behind it and sends nothing itself', () => {
    const held = new HeldResends(2);
    held.keep('s', 's');
    held.queue(data('s', 'a'), 's');
    expect(held.holds('s')).toBe(true);
    expect(held.release(10_000, false)).toEqual([]);
    expect(held.takeFor('s', 's')).toEqual([]);
    expect(held.release(10_000, true).map((message) => Object.keys(message)[0])).toEqual(['dataModelUpdate']);
    held.keep('t', 't');
    held.queue(data('t', 'b'), 't');
    expect(held.offer(snapshot('t', 'tree'), 't', 't', 0, 'surfaceUpdate')).toEqual(snapshot('t', 'tree'));
    expect(held.release(0, false).map((message) => Object.keys(message)[0])).toEqual(['dataModelUpdate']);
  });

  it('a full snapshot replacing the one held carries the components that one held and it lacks, but placeholders (a component unreachable by then kept its form)', () => {
    const held = new HeldResends(2);
    const tree = (components: object[]) => ({ surfaceUpdate: { surfaceId: 's', components } }) as unknown as A2uiMessage;
    const big = 'x'.repeat(2 * OUTPUT_FLOOR);
    const a = { id: 'a', component: { Text: { text: { literalString: big } } } };
    const b = { id: 'b', component: { Text: { text: { literalString: 'b' } } } };
    const b2 = { id: 'b', component: { Text: { text: { literalString: 'b2' } } } };
    const c = { id: 'c', component: { Text: { text: { literalString: 'c' } } } };
    const stand = { id: 'loading_c', component: { Row: { children: { explicitList: [] } } } };
    expect(held.offer(tree([a, b, stand]), 's', 's', 0, 'surfaceUpdate')).toBeUndefined();
    // `a` is no longer in the tree; `b` changed; `c` is new (its placeholder, not carried, gave way).
    expect(held.offer(tree([b2, c]), 's', 's', 0, 'surfaceUpdate')).toBeUndefined();
    const [out] = held.release(10_000, false);
    expect((out as unknown as { surfaceUpdate: { components: object[] } }).surfaceUpdate.components).toEqual([a, b2, c]);
  });

  it('a release walks no further into a surface held back than its first message, while another surface’s go (probe 12 finding 2)', () => {
    const held = new HeldResends(2);
    held.offer(snapshot('s', 'x'.repeat(2 * OUTPUT_FLOOR)), 's', 's', 0);
    for (let i = 0; i < 1_000; i++) held.queue(data('s', `k${i}`), 's');
    held.offer(snapshot('t', 'y'.repeat(OUTPUT_FLOOR + 50)), 't', 't', 0);
    held.queue(data('t', 'a'), 't');
    const looks = [vi.spyOn(Set.prototype, 'has'), vi.spyOn(Map.prototype, 'get')];
    try {
      const out = held.release(200, false);
      expect(out.map((message) => Object.keys(message)[0])).toEqual(['surfaceUpdate', 'dataModelUpdate']);
      expect(looks.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBeLessThan(50);
    } finally {
      for (const spy of looks) spy.mockRestore();
    }
  });

  it('a release while every surface waits for room does not walk the surfaces, however many (probe 13 finding 3)', () => {
    const held = new HeldResends(2);
    for (let s = 0; s < 500; s++) held.offer(snapshot(`s${s}`, 'x'.repeat(2 * OUTPUT_FLOOR)), `s${s}`, `s${s}`, 0);
    const looks = [vi.spyOn(Set.prototype, 'has'), vi.spyOn(Map.prototype, 'get')];
    try {
      // One character per call: the first walks the 500, the next 999 only compare the room.
      for (let read = 0; read < 1_000; read++) expect(held.release(read, false)).toEqual([]);
      expect(looks.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBeLessThan(2_000);
    } finally {
      for (const spy of looks) spy.mockRestore();
    }
    // Room for one of them (about 4 KiB): the walk runs again and finds it.
    expect(held.release(1_100, false)).toHaveLength(1);
  });

  it('a surface’s next message, once the one before it went, is released as soon as it has room', () => {
    const held = new HeldResends(2);
    held.offer(snapshot('s', 'x'.repeat(2 * OUTPUT_FLOOR)), 's', 's', 0);
    held.queue(data('s', 'a'), 's');
    held.offer(snapshot('t', 'y'.repeat(4 * OUTPUT_FLOOR)), 't', 't', 0);
    expect(held.release(10, false)).toEqual([]);
    // A message of `s` goes: its snapshot goes first, the data queued behind it waits for the next release.
    expect(held.takeFor('s', {}).map((message) => Object.keys(message)[0])).toEqual(['surfaceUpdate', 'dataModelUpdate']);
    held.offer(snapshot('u', 'z'.repeat(OUTPUT_FLOOR)), 'u', 'u', 10);
    held.queue(data('u', 'b'), 'u');
    expect(held.release(10, false)).toEqual([]);
    // Room for u's snapshot (not t's): it goes with the data behind it.
    expect(held.release(4_000, false).map((message) => Object.keys(message)[0])).toEqual(['surfaceUpdate', 'dataModelUpdate']);
    expect(held.holdsSurface('u')).toBe(false);
    expect(held.holdsSurface('t')).toBe(true);
  });

  it('a snapshot held replaced by a smaller one goes at the next release with room for it', () => {
    const held = new HeldResends(2);
    held.offer(snapshot('s', 'x'.repeat(8 * OUTPUT_FLOOR)), 's', 's', 0);
    expect(held.release(100, false)).toEqual([]);
    expect(held.outdated('s', 100)).toBe(false);
    // Replacing it costs what it took until there is room for that: it stays held.
    expect(held.offer(snapshot('s', 'small'), 's', 's', 100, 'surfaceUpdate')).toBeUndefined();
    expect(held.release(100, false)).toEqual([]);
    expect(held.release(8_200, false)).toEqual([snapshot('s', 'small')]);
  });

  it('changes held merged are never out of date, and go once they fit, also after they shrank (probe 14 findings 1 and 5)', () => {
    const held = new HeldResends(2);
    const changes = (text: string) => ({ surfaceUpdate: { surfaceId: 's', components: [{ id: 't', text }] } }) as unknown as A2uiMessage;
    expect(held.offerChanges(changes('x'.repeat(3 * OUTPUT_FLOOR)), 'surfaceUpdate', 's', 0)).toBeUndefined();
    held.queue(data('s', 'a'), 's');
    expect(held.release(0, false)).toEqual([]);
    // The surface changed (a flush asks); the next changes merge into the one held.
    held.outdated('s', 0);
    expect(held.offerChanges(changes('short'), 'surfaceUpdate', 's', 0)).toBeUndefined();
    const out = held.release(10, false);
    expect(out.map((message) => Object.keys(message)[0])).toEqual(['surfaceUpdate', 'dataModelUpdate']);
    expect(JSON.stringify(out[0])).toContain('short');
  });
});
