import { describe, expect, it } from 'vitest';
import { A2uiStreamParser, basicCatalog, validateMessages } from '../../src/index.js';
import type { A2uiMessage, Part } from '../../src/index.js';
import { generateResponse, type GeneratedVersion } from './generate-response.js';

const VERSIONS: GeneratedVersion[] = ['0.8', '0.9', '1.0'];

describe('generateResponse', () => {
  it('is deterministic per seed', () => {
    const a = generateResponse({ version: '0.9', targetBytes: 20_000, seed: 3 });
    expect(generateResponse({ version: '0.9', targetBytes: 20_000, seed: 3 }).text).toBe(a.text);
    expect(generateResponse({ version: '0.9', targetBytes: 20_000, seed: 4 }).text).not.toBe(a.text);
  });

  for (const version of VERSIONS) {
    it(`writes valid v${version} blocks near the target size`, () => {
      const { text, messages, blocks } = generateResponse({ version, targetBytes: 50_000, seed: 1 });
      expect(text.length).toBeGreaterThan(40_000);
      expect(text.length).toBeLessThan(60_000);
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      expect(text).toMatch(/[^\x00-\x7f]/);
      expect(text).toContain('\\u2192');
      for (const block of blocks) {
        expect(text).toContain(`<a2ui-json>\n${block.json}\n</a2ui-json>`);
        expect(JSON.parse(block.json)).toEqual(block.messages);
      }
      expect(() => validateMessages(messages, basicCatalog(version))).not.toThrow();
    });

    it(`streams through the parser without errors (v${version})`, () => {
      const { text, messages } = generateResponse({ version, targetBytes: 30_000, seed: 2 });
      const parser = new A2uiStreamParser(basicCatalog(version));
      const parts: Part[] = [];
      for (let i = 0; i < text.length; i += 37) parts.push(...parser.push(text.slice(i, i + 37)));
      parts.push(...parser.end());
      const emitted = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
      const surfaces = (list: readonly A2uiMessage[]) =>
        new Set(list.map((m) => (Object.values(m).find((body) => typeof body === 'object') as { surfaceId: string }).surfaceId));
      expect(surfaces(emitted)).toEqual(surfaces(messages));
      expect(parts.some((part) => part.type === 'error')).toBe(false);
    });
  }
});
