/**
 * The queue of changed surfaces (`snapshot-queue.ts`), alone, with stand-in surfaces and output:
 * a surface whose snapshot the output holds back with no room waits aside, and is looked at again
 * when the room may have come, in the order it stood.
 */
import { describe, expect, it } from 'vitest';
import type { Body } from '../../src/stream/reader.js';
import { NO_BOUND, type PlaceholderRoom } from '../../src/stream/snapshots.js';
import { SnapshotQueue, type SnapshotOutput } from '../../src/stream/snapshot-queue.js';
import type { Surface } from '../../src/stream/surface.js';
import type { Wire } from '../../src/stream/wire.js';

/** Surfaces with changes; each snapshot is one component named for its surface, and changes again nothing. */
function surfaces(count: number): Surface[] {
  return Array.from({ length: count }, (_, i) => {
    let changed = true;
    return {
      id: `s${i}`,
      state: 'ready',
      get hasChanges() {
        return changed;
      },
      snapshot: () => {
        changed = false;
        return [{ id: `s${i}` }];
      },
    } as unknown as Surface;
  });
}

/** An output holding back the snapshot of each surface in `held` until the allowance reaches its `roomAt`; counts its questions. */
class Output implements SnapshotOutput {
  readonly held = new Map<string, number>();
  readonly sent: string[] = [];
  allowance = 0;
  taken_ = 0;
  questions = 0;
  message(message: Body): void {
    this.sent.push(message.surfaceId as string);
    if (this.held.delete(message.surfaceId as string)) this.taken_++;
  }
  holds(surfaceId: string): boolean {
    this.questions++;
    return this.held.has(surfaceId);
  }
  keep(): void {}
  outdated(surfaceId: string): number {
    this.questions++;
    return this.held.get(surfaceId) ?? 0;
  }
  taken(): number {
    return this.taken_;
  }
  admit(): boolean {
    return true;
  }
  room(): PlaceholderRoom {
    return { ...NO_BOUND, allowance: this.allowance };
  }
}

const wire = { components: (surfaceId: string, components: unknown[]) => ({ surfaceId, components }) } as unknown as Wire;

describe('SnapshotQueue', () => {
  it('a surface held back with no room is not looked at per piece of input, however many there are (probe 13 finding 3)', () => {
    const output = new Output();
    const queue = new SnapshotQueue(wire, output);
    const all = surfaces(300);
    for (const surface of all) {
      output.held.set(surface.id, 10_000);
      queue.note(surface);
    }
    for (let at = 0; at < 1_000; at++) queue.flush(at);
    expect(output.sent).toEqual([]);
    // Once each: not 300 per piece.
    expect(output.questions).toBeLessThan(2 * 300 + 1_000);
  });

  it('looks again, in the order the surfaces stood, once the allowance reaches a held one’s room', () => {
    const output = new Output();
    const queue = new SnapshotQueue(wire, output);
    const [a, b, c] = surfaces(3) as [Surface, Surface, Surface];
    output.held.set('s0', 500);
    output.held.set('s1', 100);
    queue.note(a);
    queue.note(b);
    queue.flush(1);
    queue.note(c);
    queue.flush(2);
    expect(output.sent).toEqual(['s2']);
    output.allowance = 200;
    queue.flush(3);
    expect(output.sent).toEqual(['s2', 's1']);
    output.allowance = 600;
    queue.flush(4);
    expect(output.sent).toEqual(['s2', 's1', 's0']);
  });

  it('looks again once a held message went out (its own snapshot, released), and sends all at a flush without a piece', () => {
    const output = new Output();
    const queue = new SnapshotQueue(wire, output);
    const [a, b] = surfaces(2) as [Surface, Surface];
    output.held.set('s0', 1_000);
    output.held.set('s1', 1_000);
    queue.note(a);
    queue.note(b);
    queue.flush(1);
    // The output released s0's held snapshot (a block closed): s0's changes go at the next flush.
    output.held.delete('s0');
    output.taken_++;
    queue.flush(2);
    expect(output.sent).toEqual(['s0']);
    queue.flush();
    expect(output.sent).toEqual(['s0', 's1']);
  });
});
