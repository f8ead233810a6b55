import { describe, expect, it } from 'vitest';
import { splitPattern } from '../../src/node/python-glob.js';

describe('splitPattern: a Python glob as a literal base and a picomatch rest', () => {
  it('takes the segments before the first wildcard as the base', () => {
    expect(splitPattern('/a/b/*.json')).toEqual({ base: '/a/b', pattern: '*.json' });
    expect(splitPattern('a/b?/c/**/*.json')).toEqual({ base: 'a', pattern: 'b?/c/**/*.json' });
    expect(splitPattern('*.json')).toEqual({ base: '', pattern: '*.json' });
    expect(splitPattern('/*.json')).toEqual({ base: '/', pattern: '*.json' });
  });

  it('leaves a pattern without wildcards whole', () => {
    expect(splitPattern('/a/{b}/c.json')).toEqual({ base: '/a/{b}/c.json', pattern: undefined });
  });

  it("escapes what only picomatch reads as syntax, and keeps Python's classes", () => {
    expect(splitPattern('d/{a,b}*(x)+@!|^$').pattern).toBe('\\{a,b\\}*\\(x\\)\\+\\@\\!\\|\\^\\$');
    expect(splitPattern('d/a***b').pattern).toBe('a*b');
    expect(splitPattern('d/x[!a-c]').pattern).toBe('x[!a-c]');
    expect(splitPattern('d/x[]x]').pattern).toBe('x[\\]x]');
    expect(splitPattern('d/x[!]]').pattern).toBe('x[!\\]]');
    expect(splitPattern('d/x[^a]').pattern).toBe('x[\\^a]');
    expect(splitPattern('d/[a').pattern).toBe('\\[a');
  });

  it('keeps a class that starts a segment from matching a leading dot, unless the segment starts with one', () => {
    expect(splitPattern('d/[!a-c]').pattern).toBe('[!a-c.]');
    expect(splitPattern('d/[]x]').pattern).toBe('[\\]x]');
    expect(splitPattern('d/[^a.]').pattern).toBe('[\\^a]');
    expect(splitPattern('d/[--0]x').pattern).toBe('[\\-/-0]x');
    expect(splitPattern('d/[.]x').pattern).toBe('[/]x');
    expect(splitPattern('d/[.!]x').pattern).toBe('[\\!]x');
    expect(splitPattern('d/.[!a]').pattern).toBe('.[!a]');
    expect(splitPattern('d/a\\*').pattern).toBe('a\\\\*');
  });

  it('reads backslashes as separators on Windows, and a drive root as a root', () => {
    expect(splitPattern('C:\\ex\\**\\*.json', true)).toEqual({ base: 'C:/ex', pattern: '**/*.json' });
    expect(splitPattern('C:\\*.json', true)).toEqual({ base: 'C:/', pattern: '*.json' });
    expect(splitPattern('C:/ex/*.json', true)).toEqual({ base: 'C:/ex', pattern: '*.json' });
    expect(splitPattern('\\\\server\\share\\*.json', true)).toEqual({ base: '//server/share', pattern: '*.json' });
  });
});
