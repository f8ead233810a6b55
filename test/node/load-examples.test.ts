import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2uiCatalogError, basicCatalog } from '../../src/index.js';
import { loadExamples } from '../../src/node/index.js';

const V09 = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const valid = JSON.stringify([{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09 } }]);

let root: string;

/** Writes `files` (path relative to `root` → content) into the temp tree. */
function tree(files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'a2ui-load-'));
  tree({
    'dir/b.json': '[1]',
    'dir/a.json': '[2]',
    'dir/B.json': '[3]',
    'dir/notes.txt': 'text',
    'dir/.hidden.json': '[4]',
    'dir/sub/deep.json': '[5]',
    'rec/top.json': '"top"',
    'rec/nested/deep.json': '"deep"',
    'rec/nested/more/deeper.json': '"deeper"',
    'rec/.git/x.json': '"hidden dir"',
    'rec/other.txt': 'txt',
    'neg/index.json': 'i',
    'neg/visible.json': 'v',
    'range/step1.json': '1',
    'range/step2.json': '2',
    'range/step3.json': '3',
    'range/stepx.json': 'x',
    'names/x.y.json': 'xy',
    'names/noext': 'none',
    'names/.env': 'dot',
    'lit/a{b,c}.json': 'brace',
    'lit/a.json': 'plain a',
    'lit/b.json': 'plain b',
    'lit/!bang.json': 'bang',
    'lit/+(x).json': 'extglob',
    'lit/(y)|z.json': 'paren',
    'lit/]close.json': 'close',
    'lit/$^.json': 'anchors',
    '.hid/in.json': 'in hidden',
    'bytes/verbatim.json': '  [ {"a": "é"} ]\r\n\n',
    'bytes/bom.json': '\uFEFF[]',
    'bytes/latin1.json': Buffer.from([0x5b, 0xe9, 0x5d]),
    'valid/one.json': valid,
    'valid/single.json': JSON.stringify({ version: 'v0.9', createSurface: { surfaceId: 't', catalogId: V09 } }),
    'bad/a.json': '{ this is bad json }',
    'bad/b.json': '{"also": bad',
    'schema/x.json': '{"myKey": "stringValue"}',
  });
  mkdirSync(join(root, 'dir/dir.json'));
  tree({ 'lit/folder.json/inner.json': 'inside a directory named like a file' });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const names = async (path: string) => (await loadExamples(join(root, path))).map((e) => e.name);

describe('loadExamples: paths', () => {
  it('gives [] for an empty or absent path, and for a path that does not exist', async () => {
    expect(await loadExamples(undefined)).toEqual([]);
    expect(await loadExamples(null)).toEqual([]);
    expect(await loadExamples('')).toEqual([]);
    expect(await loadExamples(join(root, 'missing'))).toEqual([]);
    expect(await loadExamples(join(root, 'missing/*.json'))).toEqual([]);
    expect(await loadExamples(join(root, 'dir/missing.json'))).toEqual([]);
  });

  it("takes a directory's own *.json files, sorted by code unit, no hidden files, no directories, not recursive", async () => {
    expect(await names('dir')).toEqual(['B', 'a', 'b']);
    expect(await names('dir/')).toEqual(['B', 'a', 'b']);
  });

  it('reads a plain file path as a pattern matching itself, whatever its extension', async () => {
    expect(await loadExamples(join(root, 'dir/notes.txt'))).toEqual([{ name: 'notes', content: 'text' }]);
    expect(await names('dir/.hidden.json')).toEqual(['.hidden']);
  });

  it('accepts file:// URLs, as strings and as URL objects', async () => {
    const url = pathToFileURL(join(root, 'range'));
    expect((await loadExamples(url)).map((e) => e.name)).toEqual(['step1', 'step2', 'step3', 'stepx']);
    expect((await loadExamples(`${url.href}/step[12].json`)).map((e) => e.name)).toEqual(['step1', 'step2']);
  });

  it('refuses other URL schemes with a CatalogError', async () => {
    await expect(loadExamples('https://example.com/examples/*.json')).rejects.toThrow(A2uiCatalogError);
    await expect(loadExamples('https://example.com/x')).rejects.toThrow(/Unsupported examples location/);
    await expect(loadExamples('file://server/share/x.json')).rejects.toThrow(A2uiCatalogError);
    await expect(loadExamples(new URL('http://example.com/x'))).rejects.toThrow(A2uiCatalogError);
  });

  it('resolves relative patterns against the current directory', async () => {
    const rel = relative(process.cwd(), join(root, 'range'));
    expect((await loadExamples(`${rel}/step?.json`)).map((e) => e.name)).toEqual(['step1', 'step2', 'step3', 'stepx']);
    expect((await loadExamples(rel)).map((e) => e.name)).toEqual(['step1', 'step2', 'step3', 'stepx']);
  });
});

describe('loadExamples: Python glob semantics', () => {
  it('** is zero or more directories, skips hidden ones, and sorts by the whole path', async () => {
    expect(await names('rec/**/*.json')).toEqual(['deep', 'deeper', 'top']);
    expect(await names('rec/nested/**/*.json')).toEqual(['deep', 'deeper']);
  });

  it('** last takes every file below, any extension, hidden names aside', async () => {
    expect(await names('rec/**')).toEqual(['deep', 'deeper', 'other', 'top']);
  });

  it('* takes any extension and skips directories and hidden names; .* takes hidden names', async () => {
    expect(await names('dir/*')).toEqual(['B', 'a', 'b', 'notes']);
    expect(await names('names/*')).toEqual(['noext', 'x.y']);
    expect(await names('names/.*')).toEqual(['.env']);
    expect(await names('*/in.json')).toEqual([]);
    expect(await names('.hid/*.json')).toEqual(['in']);
  });

  it('supports ?, ranges and [!…] negation', async () => {
    expect(await names('range/step?.json')).toEqual(['step1', 'step2', 'step3', 'stepx']);
    expect(await names('range/step[1-2].json')).toEqual(['step1', 'step2']);
    expect(await names('range/step[!1-2].json')).toEqual(['step3', 'stepx']);
    expect(await names('neg/[!i]*.json')).toEqual(['visible']);
  });

  it('never matches a hidden name with a class that starts a segment, unless the segment starts with .', async () => {
    expect(await names('dir/[!a]*.json')).toEqual(['B', 'b']);
    expect(await names('dir/[!x]hidden.json')).toEqual([]);
    expect(await names('dir/[.]hidden.json')).toEqual([]);
    expect(await names('dir/[a-z.]*')).toEqual(['a', 'b', 'notes']);
    expect(await names('dir/[--/]hidden.json')).toEqual([]);
    expect(await names('[.]hid/*.json')).toEqual([]);
    expect(await names('.[h]id/*.json')).toEqual(['in']);
    expect(await names('dir/.[h]idden.json')).toEqual(['.hidden']);
  });

  it('gives [] for a pattern ending in a separator: it names directories only, and they are skipped', async () => {
    expect(await names('dir/*/')).toEqual([]);
    expect(await names('rec/**/')).toEqual([]);
    expect(await names('dir/b.json/')).toEqual([]);
    expect(await names('dir/')).toEqual(['B', 'a', 'b']);
  });

  it('reads braces, extglobs, a leading !, parentheses and anchors literally', async () => {
    expect(await names('lit/{a,b}.json')).toEqual([]);
    expect(await names('lit/a{b,c}*')).toEqual(['a{b,c}']);
    expect(await names('lit/a{b,c}.json')).toEqual(['a{b,c}']);
    expect(await names('lit/!*')).toEqual(['!bang']);
    // A class starting the name loses its `.`; the `!` then first is still a member, not a negation.
    expect(await names('lit/[.!]*')).toEqual(['!bang']);
    expect(await names('lit/+(x)*')).toEqual(['+(x)']);
    expect(await names('lit/(y)|z*')).toEqual(['(y)|z']);
    expect(await names('lit/$^*')).toEqual(['$^']);
  });

  it('reads a ] right after [ as a member of the class, and an unclosed [ literally', async () => {
    expect(await names('lit/[]]*')).toEqual([']close']);
    expect(await names('lit/[*')).toEqual([]);
  });

  it('skips a directory a pattern matches, without descending into it', async () => {
    expect(await names('lit/fold[e]r.json')).toEqual([]);
    expect(await names('lit/f*')).toEqual([]);
  });
});

describe('loadExamples: names and content', () => {
  it('names an example after its file minus the last extension', async () => {
    expect(await loadExamples(join(root, 'names/x.y.json'))).toEqual([{ name: 'x.y', content: 'xy' }]);
    expect(await loadExamples(join(root, 'names/noext'))).toEqual([{ name: 'noext', content: 'none' }]);
  });

  it('keeps the content verbatim: whitespace, line ends, non-ASCII and a BOM', async () => {
    expect((await loadExamples(join(root, 'bytes/verbatim.json')))[0]!.content).toBe('  [ {"a": "é"} ]\r\n\n');
    expect((await loadExamples(join(root, 'bytes/bom.json')))[0]!.content).toBe('\uFEFF[]');
  });

  it('reports a file that is not UTF-8 as a CatalogError naming it', async () => {
    const path = join(root, 'bytes/latin1.json');
    await expect(loadExamples(path)).rejects.toThrow(A2uiCatalogError);
    await expect(loadExamples(path)).rejects.toThrow(`Failed to read example ${path}`);
  });
});

describe('loadExamples: validation', () => {
  const catalog = basicCatalog('0.9');

  it('passes valid examples (a list or a single message) and returns them as read', async () => {
    const examples = await loadExamples(join(root, 'valid'), { catalog, validate: true });
    expect(examples.map((e) => e.name)).toEqual(['one', 'single']);
    expect(examples[0]!.content).toBe(valid);
  });

  it('fails on bad JSON with the full path, at the first file in order', async () => {
    const error = await loadExamples(join(root, 'bad'), { catalog, validate: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(A2uiCatalogError);
    expect((error as Error).message).toMatch(new RegExp(`^Failed to validate example ${join(root, 'bad/a.json')}: `));
  });

  it("fails on a schema error with the validator's details", async () => {
    const error = (await loadExamples(join(root, 'schema'), { catalog, validate: true }).catch((e: unknown) => e)) as A2uiCatalogError;
    expect(error).toBeInstanceOf(A2uiCatalogError);
    expect(error.message).toContain(`Failed to validate example ${join(root, 'schema/x.json')}: `);
    expect(error.details.length).toBeGreaterThan(0);
  });

  it('does not validate unless asked', async () => {
    expect(await names('bad')).toEqual(['a', 'b']);
  });

  it('refuses validate without a catalog', async () => {
    await expect(loadExamples(join(root, 'valid'), { validate: true })).rejects.toThrow(A2uiCatalogError);
  });
});
