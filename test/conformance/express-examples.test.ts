/**
 * Every spec example of v0.9 and v1.0 written in Express (by `decompileExpress`, against the basic
 * catalog of its version) compiles back to the same final surfaces, whole and streamed at 1, 2, 3,
 * 7, 16, 64 characters and at random cuts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileExpress, decompileExpress } from '../../src/express/index.js';
import { basicCatalog, type A2uiMessage, type ProtocolVersion } from '../../src/index.js';
import { streamedEqualsWhole } from '../express/chunked.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

const VERSIONS: readonly { version: ProtocolVersion; dir: string }[] = [
  { version: '0.9', dir: 'v0_9' },
  { version: '1.0', dir: 'v1_0' },
];

function surfaces(messages: readonly unknown[]) {
  return finalState(applyMessages(new Map(), messages as A2uiMessage[]));
}

/**
 * The example's surfaces with each component id written as Express names it (`arrival-col` is
 * not an identifier: the decompiler writes `arrival_col`), in ids and in references alike.
 */
function renamedSurfaces(messages: readonly Record<string, unknown>[]) {
  const ids = new Set<string>();
  for (const message of messages) {
    for (const body of Object.values(message)) {
      const components = (body as { components?: { id?: unknown }[] } | undefined)?.components;
      if (Array.isArray(components)) for (const c of components) if (typeof c.id === 'string') ids.add(c.id);
    }
  }
  const json = JSON.stringify(surfaces(messages)).replace(/"((?:[^"\\]|\\.)*)"/g, (whole, inner: string) =>
    ids.has(inner) ? JSON.stringify(inner.replace(/[^A-Za-z0-9_]/g, '_')) : whole,
  );
  return JSON.parse(json) as unknown;
}

sharedSuite('spec examples written in Express', SPEC_DIR, () => {
  for (const { version, dir } of VERSIONS) {
    describe(`v${version}`, () => {
      const catalog = basicCatalog(version);
      const folder = join(SPEC_DIR, dir, 'catalogs/basic/examples');
      const files = readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .sort();
      it('has the examples', () => expect(files.length).toBeGreaterThan(10));
      for (const file of files) {
        it(file, () => {
          const content: unknown = JSON.parse(readFileSync(join(folder, file), 'utf8'));
          const messages = (Array.isArray(content) ? content : (content as { messages: unknown[] }).messages) as Record<string, unknown>[];
          const text = decompileExpress(messages, catalog);
          const compiled = compileExpress(text, catalog);
          expect(surfaces(compiled)).toEqual(renamedSurfaces(messages));
          const reading = streamedEqualsWhole(text, catalog);
          expect(reading.errors).toEqual([]);
          expect(surfaces(reading.messages.map((m) => (m as { message: unknown }).message))).toEqual(renamedSurfaces(messages));
        });
      }
    });
  }
});
