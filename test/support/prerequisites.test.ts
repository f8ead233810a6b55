/** The rule for a missing prerequisite: fail under CI, skip with the reason elsewhere. */
import { describe, expect, it, vi } from 'vitest';
import { inCi, missingPrerequisite, needs } from './prerequisites.mjs';

describe('inCi', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    [' FALSE ', false],
    ['true', true],
    ['1', true],
    ['yes', true],
  ])('CI=%j: %s', (value, expected) => {
    expect(inCi(value === undefined ? {} : { CI: value })).toBe(expected);
  });
});

describe('missingPrerequisite and needs', () => {
  it('under CI: a failure naming what is missing and why', () => {
    expect(missingPrerequisite('tmux', 'tmux not found on PATH', { CI: 'true' })).toEqual({
      fail: true,
      message: 'tmux is required under CI (CI=true): tmux not found on PATH',
    });
  });

  it('elsewhere: a skip that says CI would fail', () => {
    expect(missingPrerequisite('tmux', 'tmux not found on PATH', {})).toEqual({
      fail: false,
      message: 'skipped: tmux: tmux not found on PATH (under CI=true this fails the run)',
    });
  });

  it('needs: nothing when present; a skip elsewhere, a thrown failure under CI, when missing', () => {
    const skipped: string[] = [];
    const context = { skip: (note?: string): never => void skipped.push(note ?? '') as never };
    try {
      vi.stubEnv('CI', '');
      needs(context, 'deno', undefined);
      expect(skipped).toEqual([]);
      needs(context, 'deno', '/x/deno not found');
      expect(skipped).toEqual(['skipped: deno: /x/deno not found (under CI=true this fails the run)']);
      vi.stubEnv('CI', 'true');
      expect(() => needs(context, 'deno', '/x/deno not found')).toThrow('deno is required under CI (CI=true): /x/deno not found');
      expect(skipped).toHaveLength(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
