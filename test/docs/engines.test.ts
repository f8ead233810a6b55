/**
 * The package says which Node.js versions it runs on (`engines.node`); each runtime dependency
 * must run on all of them, or installing on the oldest warns (`EBADENGINE`) or fails
 * (`engine-strict`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

interface Manifest {
  name: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
}

const root = join(import.meta.dirname, '..', '..');
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const require = createRequire(join(root, 'package.json'));

/** The lowest major version any part of a range names (`>=18`, `>=22.12`, `^18 || >=20`). */
function lowestNamedMajor(range: string): number {
  return Math.min(...[...range.matchAll(/(\d+)(?:\.\d+){0,2}/g)].map((m) => Number(m[1])));
}

test('every runtime dependency runs on the oldest Node.js the package supports', () => {
  const oldest = lowestNamedMajor(own.engines?.node ?? '');
  expect(oldest).toBe(18);
  for (const name of Object.keys(own.dependencies ?? {})) {
    // Resolve the manifest next to the package's entry point (some packages do not export it).
    let dir = dirname(require.resolve(name));
    while (!dir.endsWith(join('node_modules', ...name.split('/')))) dir = dirname(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    const range = manifest.engines?.node;
    if (range === undefined) continue;
    expect({ name, range, runsOnOldest: lowestNamedMajor(range) <= oldest }).toEqual({ name, range, runsOnOldest: true });
  }
});
