/**
 * The specification's documents stay on `a2ui-stream/agent` and tree-shake per version: a bundle
 * of the main entry has none of them; a bundle of the agent entry that names one version's
 * documents has only that version's (esbuild over the sources, as a browser bundler would).
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

async function bundle(entry: string, names: string): Promise<string> {
  const result = await build({
    stdin: { contents: `export { ${names} } from '${entry}';`, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** A phrase of each version's embedded server-to-client schema, found in no other. */
const MARKERS = {
  v08Document: "A message MUST contain exactly ONE of the action properties: 'beginRendering'",
  v09Document: 'https://a2ui.org/specification/v0_9/server_to_client.json',
  v10Document: 'https://a2ui.org/specification/v1_0/agent_to_renderer.json',
};

describe('where the embedded documents go', () => {
  it('the main entry, importing a2uiStream and basicCatalog, carries none of them', async () => {
    const code = await bundle('./src/index.ts', 'a2uiStream, basicCatalog');
    expect(code.length).toBeGreaterThan(10_000);
    for (const marker of [MARKERS.v08Document, MARKERS.v09Document, MARKERS.v10Document]) expect(code).not.toContain(marker);
  });

  it('the agent entry keeps only the version it names', async () => {
    const v09 = await bundle('./src/agent/index.ts', 'basicCatalogDocumentsV09');
    expect(v09).toContain(MARKERS.v09Document);
    expect(v09).not.toContain(MARKERS.v08Document);
    expect(v09).not.toContain(MARKERS.v10Document);
    const all = await bundle('./src/agent/index.ts', 'systemPrompt');
    for (const marker of [MARKERS.v08Document, MARKERS.v09Document, MARKERS.v10Document]) expect(all).toContain(marker);
  });
});
