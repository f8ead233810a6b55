/** `a2ui-stream prompt` from the built CLI (`dist/cli.js`): the prompt systemPrompt builds, and its errors. Needs `npm run build`. */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogDocuments, systemPrompt } from '../../src/agent/index.js';
import { basicCatalog } from '../../src/index.js';
import { requireBuild, ROOT, run } from '../docs/consumer.js';

const CLI = join(ROOT, 'dist/cli.js');
const cli = (args: string[]) => run(process.execPath, [CLI, ...args]);

let dir: string;
beforeAll(async () => {
  requireBuild();
  dir = await mkdtemp(join(tmpdir(), 'a2ui-stream-prompt-'));
  await mkdir(join(dir, 'examples'));
  await writeFile(join(dir, 'examples', 'hello.json'), '[{"beginRendering": {"surfaceId": "s"}}]\n');
  await mkdir(join(dir, 'spec-examples'));
  // An example file in the specification's form (its catalogs/basic/examples/*.json).
  await writeFile(
    join(dir, 'spec-examples', '00_hello.json'),
    JSON.stringify(
      {
        name: 'Hello',
        description: 'One text.',
        messages: [
          { version: 'v0.9', createSurface: { surfaceId: 'hello', catalogId: basicCatalog('0.9').id } },
          { version: 'v0.9', updateComponents: { surfaceId: 'hello', components: [{ id: 'root', component: 'Text', text: 'Hello' }] } },
        ],
      },
      null,
      2,
    ),
  );
  await writeFile(join(dir, 'caps.json'), JSON.stringify({ 'v0.9': { supportedCatalogIds: ['https://example.com/none'] } }));
  await writeFile(join(dir, 'caps-basic.json'), JSON.stringify({ 'v0.9': { supportedCatalogIds: [basicCatalog('0.9').id] } }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a2ui-stream prompt', () => {
  test('prints what systemPrompt builds for the basic catalog, with the schema', async () => {
    const result = await cli(['prompt', '--version', '0.9', '--allow', 'Text,Button', '--role', 'You help.']);
    expect(result.code).toBe(0);
    const expected = systemPrompt({ catalog: basicCatalog('0.9'), role: 'You help.', allowedComponents: ['Text', 'Button'], includeSchema: true });
    expect(result.stdout).toBe(`${expected.prompt}\n`);
    expect(Object.keys(catalogDocuments(expected.catalog).catalog.components as object)).toEqual(['Text', 'Button']);
  });

  test("takes the specification's example files: their messages are shown, and --validate accepts them", async () => {
    const result = await cli(['prompt', '--examples', join(dir, 'spec-examples'), '--validate']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const block = result.stdout.slice(result.stdout.indexOf('---BEGIN 00_hello---'));
    expect(block).toMatch(/^---BEGIN 00_hello---\n\[\n {2}\{\n {4}"version": "v0\.9",\n {4}"createSurface"/);
    expect(block).not.toContain('"description"');
  });

  test('loads examples from a directory', async () => {
    const result = await cli(['prompt', '--version', '0.8', '--examples', join(dir, 'examples')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('### Examples:\n---BEGIN hello---\n[{"beginRendering": {"surfaceId": "s"}}]\n\n---END hello---\n');
  });

  test('reads capabilities inside the version key the spec gives them (v0.9.1 clients send "v0.9")', async () => {
    for (const version of ['0.9', '0.9.1']) {
      const result = await cli(['prompt', '--version', version, '--capabilities', join(dir, 'caps-basic.json')]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }
  });

  test('catalog errors exit 1 with the message; usage errors exit 2', async () => {
    const unknown = await cli(['prompt', '--allow', 'Txt']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown component 'Txt'/);
    const noMatch = await cli(['prompt', '--capabilities', join(dir, 'caps.json')]);
    expect(noMatch.code).toBe(1);
    expect(noMatch.stderr).toMatch(/No client-supported catalog found/);
    const validate = await cli(['prompt', '--validate']);
    expect(validate.code).toBe(2);
    expect(validate.stderr).toMatch(/--validate checks the examples: give --examples/);
    const version = await cli(['prompt', '--version', '2.0']);
    expect(version.code).toBe(2);
    expect(version.stderr).toMatch(/--version must be one of 0.8, 0.9, 0.9.1, 1.0/);
  });
});
