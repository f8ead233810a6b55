/**
 * The `load` cases of `core/catalog.yaml` through `loadExamples` (`a2ui-stream/node`): paths are
 * relative to the conformance folder, the examples are rendered as the suite's blocks
 * (`---BEGIN <name>---`, content, `---END <name>---`, joined by a blank line) and compared after
 * trimming. The suite's other actions are run by the agent-side runner; this file mirrors `load`
 * only, plus the suite's own example folders that no shown case uses.
 */
import { isAbsolute, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/index.js';
import { loadExamples, type LoadedExample } from '../../src/node/index.js';
import { catalogsForCase, CONFORMANCE_DIR, conformanceSuite, expectErrorMatches, type ExpectError } from './runner.js';

interface LoadCase {
  name: string;
  action: string;
  args: { path: string | null; validate?: boolean };
  expect_output?: string;
  expect_error?: ExpectError;
}

/** The suite's example blocks (the reference's `load` output). */
function blocks(examples: readonly LoadedExample[]): string {
  return examples.map(({ name, content }) => `---BEGIN ${name}---\n${content}\n---END ${name}---`).join('\n\n');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function casePath(path: string | null): string | null {
  return path === null || isAbsolute(path) ? path : resolve(CONFORMANCE_DIR, path);
}

conformanceSuite('core/catalog.yaml', (all) => {
  const cases = (all as unknown as LoadCase[]).filter((c) => c.action === 'load');
  it('has load cases', () => expect(cases.length).toBeGreaterThan(0));
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const options = { catalog: catalogsForCase(testCase as never)[0], validate: testCase.args.validate ?? false };
      const loading = loadExamples(casePath(testCase.args.path), options);
      if (testCase.expect_error !== undefined) {
        const error = await loading.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, 'expected an error').toBeDefined();
        expectErrorMatches(error, testCase.expect_error);
        return;
      }
      expect(blocks(await loading).trim()).toBe((testCase.expect_output ?? '').trim());
    });
  }

  it('a path that does not exist gives no examples', async () => {
    expect(await loadExamples('/non/existent/path')).toEqual([]);
  });

  it('test_data/load_examples/glob_negation with [!i]*.json gives only the file not starting with i', async () => {
    const examples = await loadExamples(resolve(CONFORMANCE_DIR, 'test_data/load_examples/glob_negation/[!i]*.json'));
    expect(examples.map((e) => e.name)).toEqual(['visible']);
  });

  it('test_data/load_examples/schema_error fails validation as a CatalogError naming the file', async () => {
    const dir = resolve(CONFORMANCE_DIR, 'test_data/load_examples/schema_error');
    const error = await loadExamples(dir, { catalog: basicCatalog('0.8'), validate: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expectErrorMatches(error, { category: 'CatalogError', message: `Failed to validate example ${escapeRegExp(`${dir}/invalid.json`)}: ` });
  });
});
