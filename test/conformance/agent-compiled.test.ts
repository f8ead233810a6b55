/**
 * The embedded documents compile: a basic catalog that goes through a modifier or an inline merge
 * becomes a catalog compiled from them, and it must accept every spec example of its version as
 * the valibot basic catalog does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectCatalog, type SchemaModifier } from '../../src/agent/index.js';
import { basicCatalog, validateMessages, type ProtocolVersion } from '../../src/index.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

const VERSIONS: readonly { version: ProtocolVersion; dir: string; relabel?: string }[] = [
  { version: '0.8', dir: 'v0_8' },
  { version: '0.9', dir: 'v0_9' },
  { version: '0.9.1', dir: 'v0_9', relabel: 'v0.9.1' },
  { version: '1.0', dir: 'v1_0' },
];

const identity: SchemaModifier = (schema) => ({ ...schema });

sharedSuite('basic catalogs compiled from the embedded documents', SPEC_DIR, () => {
  for (const { version, dir, relabel } of VERSIONS) {
    describe(version, () => {
      const compiled = selectCatalog(basicCatalog(version), undefined, { modifiers: [identity] });
      const folder = join(SPEC_DIR, dir, 'catalogs/basic/examples');
      const files = readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .sort();

      it('is compiled from documents, with the basic catalog id and components', () => {
        expect(compiled).not.toBe(basicCatalog(version));
        expect(compiled.documents).toBeDefined();
        expect(compiled.id).toBe(basicCatalog(version).id);
        expect([...compiled.components.keys()].sort()).toEqual([...basicCatalog(version).components.keys()].sort());
      });

      it('rejects a component type it does not have, and a property of the wrong type', () => {
        const text = version === '0.8' ? { id: 'root', component: { Text: { text: { literalString: 'hi' } } } } : { id: 'root', component: 'Text', text: 'hi' };
        const start =
          version === '0.8'
            ? { beginRendering: { surfaceId: 's', root: 'root' } }
            : { version: relabel ?? `v${version}`, createSurface: { surfaceId: 's', catalogId: compiled.id } };
        const update = (component: unknown) =>
          version === '0.8'
            ? { surfaceUpdate: { surfaceId: 's', components: [component] } }
            : { version: relabel ?? `v${version}`, updateComponents: { surfaceId: 's', components: [component] } };
        expect(() => validateMessages([start, update(text)], compiled)).not.toThrow();
        const unknown = version === '0.8' ? { id: 'root', component: { Nope: {} } } : { id: 'root', component: 'Nope' };
        expect(() => validateMessages([start, update(unknown)], compiled)).toThrow();
        const wrong = version === '0.8' ? { id: 'root', component: { Text: { text: 5 } } } : { id: 'root', component: 'Text', text: 5 };
        expect(() => validateMessages([start, update(wrong)], compiled)).toThrow();
      });

      for (const file of files) {
        it(`accepts ${file}`, () => {
          const content: unknown = JSON.parse(readFileSync(join(folder, file), 'utf8'));
          const raw = (Array.isArray(content) ? content : (content as { messages: Record<string, unknown>[] }).messages) as Record<string, unknown>[];
          const messages = relabel === undefined ? raw : raw.map((m) => ({ ...m, version: relabel }));
          expect(() => validateMessages(messages, basicCatalog(version))).not.toThrow();
          expect(() => validateMessages(messages, compiled)).not.toThrow();
        });
      }
    });
  }
});
