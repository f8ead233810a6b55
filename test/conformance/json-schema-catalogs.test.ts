/**
 * `catalogFromJsonSchema` against the shared material: every catalog of the conformance suites
 * compiles, the specification's own catalogs compile, every component (and message) of every
 * basic-catalog example validates, and mutated components are rejected.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogFromJsonSchema, type JsonSchemaCatalog } from '../../src/catalog/index.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { catalogsForCase, conformanceSuite, sharedSuite, SPEC_DIR } from './runner.js';

type Json = Record<string, unknown>;

const readJson = (...path: string[]): Json => JSON.parse(readFileSync(resolve(SPEC_DIR, ...path), 'utf8')) as Json;

// The suites whose cases build catalogs (agent/parser.yaml's parse without one).
describe('conformance suite catalogs compile', () => {
  for (const file of ['agent/streaming_parser.yaml', 'core/validator.yaml']) {
    conformanceSuite(file, (cases) => {
      for (const testCase of cases) {
        if (testCase.catalog === undefined) continue;
        it(testCase.name, () => {
          const [catalog] = catalogsForCase(testCase) as JsonSchemaCatalog[];
          expect(catalog?.version).toBe(String(testCase.catalog?.version));
          if (testCase.catalog?.s2c_schema !== undefined) expect(catalog?.messageSchema).toBeDefined();
        });
      }
    });
  }
});

interface SpecVersion {
  readonly version: ProtocolVersion;
  readonly folder: string;
  readonly catalog: string;
  readonly s2c: string;
  readonly commonTypes?: string;
  /** Folder of the examples, and the `version` string to give their messages (undefined: keep). */
  readonly examples: string;
  readonly relabel?: string;
}

const SPEC_VERSIONS: readonly SpecVersion[] = [
  { version: '0.8', folder: 'v0_8', catalog: 'json/standard_catalog_definition.json', s2c: 'json/server_to_client.json', examples: 'v0_8' },
  {
    version: '0.9',
    folder: 'v0_9',
    catalog: 'catalogs/basic/catalog.json',
    s2c: 'json/server_to_client.json',
    commonTypes: 'json/common_types.json',
    examples: 'v0_9',
  },
  {
    version: '0.9.1',
    folder: 'v0_9_1',
    catalog: 'catalogs/basic/catalog.json',
    s2c: 'json/server_to_client.json',
    commonTypes: 'json/common_types.json',
    examples: 'v0_9',
    relabel: 'v0.9.1',
  },
  {
    version: '1.0',
    folder: 'v1_0',
    catalog: 'catalogs/basic/catalog.json',
    s2c: 'json/agent_to_renderer.json',
    commonTypes: 'json/common_types.json',
    examples: 'v1_0',
  },
];

function compileSpec(spec: SpecVersion): JsonSchemaCatalog {
  return catalogFromJsonSchema({
    version: spec.version,
    catalog: readJson(spec.folder, spec.catalog),
    s2c: readJson(spec.folder, spec.s2c),
    ...(spec.commonTypes === undefined ? {} : { commonTypes: readJson(spec.folder, spec.commonTypes) }),
  });
}

function messagesOf(example: unknown, relabel: string | undefined): Json[] {
  const messages = (Array.isArray(example) ? example : (example as { messages: unknown[] }).messages) as Json[];
  return relabel === undefined ? messages : messages.map((message) => ({ ...message, version: relabel }));
}

/** Each component with its type and the object its catalog schema validates. */
function componentsOf(messages: readonly Json[], version: ProtocolVersion): { type: string; props: Json }[] {
  const out: { type: string; props: Json }[] = [];
  for (const message of messages) {
    const body = (message.surfaceUpdate ?? message.updateComponents ?? message.createSurface) as Json | undefined;
    for (const component of (body?.components ?? []) as Json[]) {
      if (version === '0.8') {
        const [type, props] = Object.entries(component.component as Json)[0] as [string, Json];
        out.push({ type, props });
      } else {
        out.push({ type: component.component as string, props: component });
      }
    }
  }
  return out;
}

function issuesOf(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => `${(issue.path ?? []).map((item) => item.key).join('.')}: ${issue.message}`);
}

/** A value no A2UI property of the basic catalogs accepts. */
const WRONG_TYPE = [[{ nested: 42 }]];

for (const spec of SPEC_VERSIONS) {
  const examplesDir = resolve(SPEC_DIR, spec.examples, 'catalogs/basic/examples');
  sharedSuite(`spec catalog v${spec.version}`, resolve(SPEC_DIR, spec.folder), () => {
    const catalog = compileSpec(spec);
    const files = existsSync(examplesDir)
      ? readdirSync(examplesDir)
          .filter((name) => name.endsWith('.json'))
          .sort()
      : [];

    it('compiles with every component, its refs and the message envelope', () => {
      expect(catalog.components.size).toBeGreaterThan(10);
      expect(catalog.messageSchema).toBeDefined();
      expect(files.length).toBeGreaterThan(0);
    });

    for (const file of files) {
      it(`example ${file} validates`, () => {
        const messages = messagesOf(JSON.parse(readFileSync(resolve(examplesDir, file), 'utf8')), spec.relabel);
        for (const { type, props } of componentsOf(messages, spec.version)) {
          const def = catalog.components.get(type);
          expect(def, `component type ${type}`).toBeDefined();
          expect(issuesOf(def!.schema, props), `${file} ${type} ${String(props.id ?? '')}`).toEqual([]);
        }
        messages.forEach((message, index) => {
          expect(issuesOf(catalog.messageSchema!, message), `${file} message ${index}`).toEqual([]);
        });
      });
    }

    it('rejects mutated example components: unknown property, missing required property, wrong type', () => {
      let checked = 0;
      for (const file of files) {
        const messages = messagesOf(JSON.parse(readFileSync(resolve(examplesDir, file), 'utf8')), spec.relabel);
        for (const { type, props } of componentsOf(messages, spec.version)) {
          const def = catalog.components.get(type)!;
          expect(issuesOf(def.schema, { ...props, zzUnknownProperty: 1 }), `${file} ${type} + unknown`).not.toEqual([]);
          for (const name of def.required) {
            const { [name]: _removed, ...without } = props;
            expect(issuesOf(def.schema, without), `${file} ${type} - ${name}`).not.toEqual([]);
            expect(issuesOf(def.schema, { ...props, [name]: WRONG_TYPE }), `${file} ${type} ${name} wrong type`).not.toEqual([]);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    });

    it('rejects an unknown component type in a message', () => {
      const message =
        spec.version === '0.8'
          ? { surfaceUpdate: { surfaceId: 's', components: [{ id: 'a', component: { NoSuchWidget: {} } }] } }
          : { version: spec.relabel ?? `v${spec.version}`, updateComponents: { surfaceId: 's', components: [{ id: 'a', component: 'NoSuchWidget' }] } };
      expect(issuesOf(catalog.messageSchema!, message)).not.toEqual([]);
    });
  });
}

sharedSuite('spec reference discovery', SPEC_DIR, () => {
  const refsOf = (spec: SpecVersion | undefined, type: string) => compileSpec(spec!).components.get(type)!.refs;

  it('v0.8: Tabs.tabItems[].child is a nested reference', () => {
    expect(refsOf(SPEC_VERSIONS[0], 'Tabs').nested).toEqual({ tabItems: ['child'] });
  });

  it('v0.9.1 and v1.0: Modal trigger/content, Tabs tabs[].child, Row children', () => {
    for (const spec of [SPEC_VERSIONS[2], SPEC_VERSIONS[3]]) {
      expect([...refsOf(spec, 'Modal').single].sort()).toEqual(['content', 'trigger']);
      expect(refsOf(spec, 'Tabs').nested).toEqual({ tabs: ['child'] });
      expect(refsOf(spec, 'Row').list).toEqual(['children']);
      expect(refsOf(spec, 'Text')).toEqual({ single: [], list: [], nested: {} });
    }
  });
});
