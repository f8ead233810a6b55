import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { decompile, parseResponse, wrap, wrapDecompiledBlocks } from '../../src/response/index.js';
import type { A2uiMessage } from '../../src/types.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

/** Every example file of every version's basic catalog, with its messages. */
function examples(): { name: string; messages: A2uiMessage[] }[] {
  const found: { name: string; messages: A2uiMessage[] }[] = [];
  for (const version of readdirSync(SPEC_DIR)) {
    const dir = join(SPEC_DIR, version, 'catalogs', 'basic', 'examples');
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) {
      const json: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const messages = Array.isArray(json) ? json : (json as { messages: A2uiMessage[] }).messages;
      found.push({ name: `${version}/${file}`, messages });
    }
  }
  return found;
}

sharedSuite('decompile round trip over the basic catalog examples', SPEC_DIR, () => {
  const all = examples();

  it('finds the examples', () => {
    expect(all.length).toBeGreaterThan(0);
  });

  for (const { name, messages } of all) {
    it(name, () => {
      const decompiled = decompile(messages);
      expect(parseResponse(wrapDecompiledBlocks([decompiled]))).toEqual([{ type: 'a2ui', messages }]);
      expect(
        parseResponse(
          wrap([
            { type: 'text', text: 'Here:' },
            { type: 'a2ui', messages },
          ]),
        ),
      ).toEqual([
        { type: 'text', text: 'Here:' },
        { type: 'a2ui', messages },
      ]);
      // Each message is written with `version` (when present) and its message key first.
      for (const message of JSON.parse(decompiled) as Record<string, unknown>[]) {
        const keys = Object.keys(message);
        const messageKey = keys.find((k) => k !== 'version');
        expect(keys.slice(0, 'version' in message ? 2 : 1)).toEqual('version' in message ? ['version', messageKey] : [messageKey]);
        const body = message[messageKey as string] as Record<string, unknown>;
        if ('surfaceId' in body) expect(Object.keys(body)[0]).toBe('surfaceId');
      }
    });
  }
});
