/**
 * Pins the public face: every package entry exports exactly the names in `public-names.ts`, its
 * values at run time (the module's keys) and its types in the declarations (read from the sources
 * with the TypeScript compiler, `scripts/public-names.mjs`). Adding, removing or moving a public
 * name fails here until that list is changed with it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { a2uiActionPart } from '../../src/ai-sdk/index.js';
import type { A2uiUserAction } from '../../src/index.js';
// @ts-expect-error: a plain ES module script, without declarations.
import { ENTRIES, publicNames } from '../../scripts/public-names.mjs';
import { PUBLIC_NAMES } from './public-names.js';

type Names = Record<string, { values: string[]; types: string[] }>;
const entries = ENTRIES as Record<string, string>;
const declared = publicNames() as Names;
/** Each entry's module, loaded as a user's import would load it (static paths, for the bundler). */
const load: Record<string, () => Promise<Record<string, unknown>>> = {
  index: () => import('../../src/index.js'),
  agent: () => import('../../src/agent/index.js'),
  a2a: () => import('../../src/a2a/index.js'),
  'ai-sdk': () => import('../../src/ai-sdk/index.js'),
  'ag-ui': () => import('../../src/ag-ui/index.js'),
  lit: () => import('../../src/lit/index.js'),
  react: () => import('../../src/react/index.js'),
  node: () => import('../../src/node/index.js'),
  providers: () => import('../../src/providers/index.js'),
};
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};

test('every entry of package.json is pinned, and the internal barrel is not an entry', () => {
  const exported = Object.keys(packageJson.exports)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? 'index' : key.slice(2)))
    .sort();
  expect(exported).toEqual(Object.keys(entries).sort());
  expect(Object.keys(PUBLIC_NAMES).sort()).toEqual(Object.keys(entries).sort());
  expect(Object.keys(load).sort()).toEqual(Object.keys(entries).sort());
  expect(Object.keys(packageJson.exports).some((key) => key.includes('internal'))).toBe(false);
});

describe.each(Object.keys(entries))('entry %s', (entry) => {
  const pinned = PUBLIC_NAMES[entry]!;

  test('exports the pinned values and types, and no other', () => {
    expect(declared[entry]!.values).toEqual(pinned.values);
    expect(declared[entry]!.types).toEqual(pinned.types);
  });

  test('holds the pinned values at run time', async () => {
    expect(Object.keys(await load[entry]!()).sort()).toEqual(pinned.values);
  });
});

test('the main entry stays a face a user can hold in their head', () => {
  const { values, types } = PUBLIC_NAMES.index!;
  expect(values.length + types.length).toBeLessThanOrEqual(130);
});

test('one A2uiUserAction: the AI SDK action part takes the type of the main entry', () => {
  expectTypeOf<Parameters<typeof a2uiActionPart>[0]>().toEqualTypeOf<A2uiUserAction>();
  expect(PUBLIC_NAMES.index!.types).toContain('A2uiUserAction');
  for (const entry of ['ai-sdk', 'ag-ui']) expect(PUBLIC_NAMES[entry]!.types).not.toContain('A2uiUserAction');
});
