/**
 * What the Express conformance runners share: the catalogs the `agent/express` cases name (the
 * fixtures under `current/test_data/catalogs/`, with the August v1.0 schemas they refer to), and
 * the count-and-list of divergences.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import { catalogFromJsonSchema, type Catalog, type ProtocolVersion } from '../../src/index.js';
import { CONFORMANCE_DIR, SPEC_DIR } from './runner.js';

type Json = Record<string, unknown>;

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Json;

const cache = new Map<string, Catalog>();

/**
 * The fixture with its functions' `@call` discriminator spelled `call`: the fixtures are written
 * for the newest v1.0 (`@call`), while the only v1.0 common types at hand (August) and the
 * `agent/express` cases at this version spell calls `call`; unchanged, no call could validate.
 */
function plainCalls(doc: Json): Json {
  return JSON.parse(JSON.stringify(doc).replaceAll('"@call"', '"call"')) as Json;
}

/** The catalog document with only `keep` among its functions (also in `$defs.anyFunction`). */
function pruneFunctions(doc: Json, keep: readonly string[]): Json {
  const defs = doc.$defs as Json;
  const anyFunction = defs.anyFunction as { oneOf: { $ref: string }[] };
  return {
    ...doc,
    functions: Object.fromEntries(Object.entries(doc.functions as Json).filter(([name]) => keep.includes(name))),
    $defs: { ...defs, anyFunction: { ...anyFunction, oneOf: anyFunction.oneOf.filter((r) => keep.some((k) => r.$ref.endsWith(`/${k}`))) } },
  };
}

/**
 * The catalog of a fixture path relative to `current/` (e.g. `test_data/catalogs/simplified_catalog_v1_0.json`),
 * keeping only the functions in `functions` when given (upstream's `function_pruning` transformer;
 * `pruneCatalog` prunes components only).
 */
export function fixtureCatalog(path: string, functions?: readonly string[]): Catalog {
  const key = functions === undefined ? path : `${path}#${functions.join(',')}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const full = readJson(resolve(CONFORMANCE_DIR, 'current', path));
  const doc = functions === undefined ? full : pruneFunctions(full, functions);
  const version = String(doc.protocolVersion ?? '1.0') as ProtocolVersion;
  const dir = version === '1.0' ? 'v1_0' : 'v0_9';
  const catalog = catalogFromJsonSchema({
    version,
    catalog: plainCalls(doc),
    s2c: readJson(resolve(SPEC_DIR, dir, 'json', version === '1.0' ? 'agent_to_renderer.json' : 'server_to_client.json')),
    commonTypes: readJson(resolve(SPEC_DIR, dir, 'json/common_types.json')),
    id: String(doc.catalogId),
  });
  cache.set(key, catalog);
  return catalog;
}

/** Counts passed cases and divergences of one suite and prints them when the file's tests end. */
export class SuiteTally {
  private passed = 0;
  private readonly divergences: string[] = [];

  constructor(suite: string, total: number) {
    afterAll(() => {
      const lines = this.divergences.map((d) => `  - ${d}`).join('\n');
      console.log(
        `${suite}: ${this.passed}/${total} cases pass; ${this.divergences.length} divergences (listed with their reasons)${lines ? `\n${lines}` : ''}`,
      );
    });
  }

  /** Records a case that passed as written. */
  pass(): void {
    this.passed++;
  }

  /** Records a declared divergence (the case is checked against its declared form instead). */
  diverge(name: string, reason: string): void {
    this.divergences.push(`${name}: ${reason}`);
  }
}

/** Whether `value` has a value at each JSON Pointer in `pointers`. */
export function expectPresent(value: unknown, pointers: readonly string[]): void {
  for (const pointer of pointers) {
    let node: unknown = value;
    for (const part of pointer.split('/').slice(1)) node = (node as Json | undefined)?.[part];
    expect(node, `nothing at ${pointer}`).toBeDefined();
  }
}
