// The build stamp (scripts/stamp.mjs): `npm run demo` and `npm pack` reuse dist/ only when it was
// built from the sources as they are, so each change a build reads must make it stale, and
// nothing else.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isFresh, sourceHash, stampOf } from '../../scripts/stamp.mjs';

let root = '';
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};
const stamp = () => writeFileSync(stampOf(root), `${sourceHash(root)}\n`);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'a2ui-stamp-'));
  write('package.json', JSON.stringify({ exports: { '.': { import: './dist/index.js', require: './dist/index.cjs' } }, bin: { x: './dist/cli.js' } }));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsup.config.ts', 'export default {};');
  write('src/index.ts', 'export const a = 1;');
  write('src/deep/b.ts', 'export const b = 2;');
  for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/cli.js']) write(file, '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('is fresh only once stamped, and stays fresh when times change but contents do not', () => {
    expect(isFresh(root)).toBe(false);
    stamp();
    expect(isFresh(root)).toBe(true);
    utimesSync(join(root, 'src/deep/b.ts'), new Date(2000, 1, 1), new Date(2000, 1, 1));
    expect(isFresh(root)).toBe(true);
  });

  it('is stale after a source, a config or the lockfile changes, or a source is added', () => {
    stamp();
    for (const [path, changed] of [
      ['src/deep/b.ts', 'export const b = 3;'],
      ['tsup.config.ts', 'export default { dts: false };'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ] as const) {
      const before = sourceHash(root);
      write(path, changed);
      expect(isFresh(root), path).toBe(false);
      stamp();
      expect(sourceHash(root)).not.toBe(before);
    }
    write('src/new.ts', '');
    expect(isFresh(root)).toBe(false);
    rmSync(join(root, 'src/new.ts'));
    expect(isFresh(root)).toBe(true);
  });

  it('is stale when a file package.json points at is missing', () => {
    stamp();
    rmSync(join(root, 'dist/cli.js'));
    expect(isFresh(root)).toBe(false);
  });
});
