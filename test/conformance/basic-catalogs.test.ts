/**
 * Every component of every example in `a2ui-spec/<version>/catalogs/basic/examples/` validates
 * against `basicCatalog(version)` (v0.9.1: the v0.9 examples relabelled), its references resolve
 * inside the example, and mutated components (extra property, missing required property) are
 * rejected. Skips when the spec folder is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/basic/index.js';
import type { Catalog, ComponentDef } from '../../src/catalog/model.js';
import { forEachReference } from '../../src/catalog/refs.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

type Json = Record<string, unknown>;

interface Example {
  file: string;
  messages: Json[];
}

/** One component of an example, with what its type's schema validates. */
interface ComponentCase {
  id: string;
  type: string;
  props: Json;
}

const SUITES: readonly { version: ProtocolVersion; folder: string; relabel?: string }[] = [
  { version: '0.8', folder: 'v0_8' },
  { version: '0.9', folder: 'v0_9' },
  { version: '0.9.1', folder: 'v0_9', relabel: 'v0.9.1' },
  { version: '1.0', folder: 'v1_0' },
];

function loadExamples(dir: string, relabel: string | undefined): Example[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json[] | { messages: Json[] };
      const messages = Array.isArray(doc) ? doc : doc.messages;
      return {
        file,
        messages: relabel === undefined ? messages : messages.map((message) => ({ ...message, version: relabel })),
      };
    });
}

function componentsOf(message: Json, version: ProtocolVersion): ComponentCase[] {
  const body = (message.surfaceUpdate ?? message.updateComponents ?? message.createSurface) as Json | undefined;
  const list = (body?.components ?? []) as Json[];
  return list.map((component) => {
    if (version === '0.8') {
      const [type, props] = Object.entries(component.component as Json)[0]!;
      return { id: component.id as string, type, props: props as Json };
    }
    return { id: component.id as string, type: component.component as string, props: component };
  });
}

function issuesOf(def: ComponentDef | undefined, props: Json): string | undefined {
  if (def === undefined) return 'unknown component type';
  const result = v.safeParse(def.schema, props);
  return result.success ? undefined : JSON.stringify(v.flatten(result.issues));
}

function registerExample(catalog: Catalog, example: Example): void {
  const version = catalog.version;
  const components = example.messages.flatMap((message) => componentsOf(message, version));

  it(`${example.file}: every component validates and every reference resolves`, () => {
    expect(components.length).toBeGreaterThan(0);
    const ids = new Set(components.map((component) => component.id));
    for (const { id, type, props } of components) {
      const def = catalog.components.get(type);
      expect(issuesOf(def, props), `${id} (${type})`).toBeUndefined();
      forEachReference(def!, props, (ref, field) => {
        expect(ids.has(ref), `${id}.${field} -> ${ref}`).toBe(true);
      });
    }
    for (const message of example.messages) {
      const theme = (message.createSurface as Json | undefined)?.theme ?? (message.beginRendering as Json | undefined)?.styles;
      if (theme !== undefined && catalog.theme !== undefined) {
        expect(v.safeParse(catalog.theme, theme).success, 'theme').toBe(true);
      }
    }
  });

  it(`${example.file}: mutated components are rejected`, () => {
    for (const { id, type, props } of components) {
      const def = catalog.components.get(type)!;
      expect(issuesOf(def, { ...props, notInTheCatalog: 1 }), `${id}: extra property`).toBeDefined();
      for (const key of def.required) {
        const { [key]: _removed, ...rest } = props;
        expect(issuesOf(def, rest), `${id}: without ${key}`).toBeDefined();
      }
    }
  });
}

for (const suite of SUITES) {
  const dir = join(SPEC_DIR, suite.folder, 'catalogs', 'basic', 'examples');
  sharedSuite(`basic catalog ${suite.version} examples`, dir, () => {
    const catalog = basicCatalog(suite.version);
    for (const example of loadExamples(dir, suite.relabel)) registerExample(catalog, example);
  });
}
