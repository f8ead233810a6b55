import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameQueue } from '../../src/lit/frame-queue.js';

describe('FrameQueue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs everything pushed before a frame once, in order, in that frame', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const runs: number[][] = [];
    const queue = new FrameQueue<number>((items) => runs.push(items));
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(frames).toHaveLength(1);
    expect(runs).toEqual([]);
    frames[0]!(0);
    expect(runs).toEqual([[1, 2, 3]]);
    queue.push(4);
    expect(frames).toHaveLength(2);
    frames[1]!(16);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes at once and cancels the frame it asked for', () => {
    const cancelled: number[] = [];
    vi.stubGlobal('requestAnimationFrame', () => 7);
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => cancelled.push(handle));
    const runs: string[][] = [];
    const queue = new FrameQueue<string>((items) => runs.push(items));
    queue.flush();
    expect(runs).toEqual([]);
    queue.push('a');
    queue.flush();
    expect(runs).toEqual([['a']]);
    expect(cancelled).toEqual([7]);
  });

  it('uses a timer where there are no animation frames', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const runs: number[][] = [];
    const queue = new FrameQueue<number>((items) => runs.push(items));
    queue.push(1);
    queue.push(2);
    expect(runs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toEqual([[1, 2]]);
  });
});
