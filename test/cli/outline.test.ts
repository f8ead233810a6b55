/** The CLI's pieces that need no build: the demo response, its chunks, the surface outline. */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser, basicCatalog, parseResponse, PROTOCOL_VERSIONS } from '../../src/index.js';
import { demoResponse } from '../../src/cli/demo-response.js';
import { tokenChunks } from '../../src/cli/demo.js';
import { SurfaceOutline } from '../../src/cli/outline.js';
import { Transcript, wrapText } from '../../src/cli/transcript.js';
import type { A2uiMessage, Part } from '../../src/types.js';

function streamed(version: (typeof PROTOCOL_VERSIONS)[number], snapshots: 'full' | 'delta'): Part[] {
  const parser = new A2uiStreamParser(basicCatalog(version), { snapshots });
  return [...tokenChunks(demoResponse(version)).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe.each(PROTOCOL_VERSIONS)('the demo response, v%s', (version) => {
  test('is valid against the basic catalog of its version', () => {
    const parts = parseResponse(demoResponse(version), basicCatalog(version));
    expect(parts.map((part) => part.type)).toEqual(['text', 'a2ui', 'text']);
  });

  test('its token chunks are 1 to 8 characters and give back the response', () => {
    const chunks = tokenChunks(demoResponse(version));
    expect(chunks.join('')).toBe(demoResponse(version));
    expect(chunks.every((chunk) => chunk.length >= 1 && chunk.length <= 8)).toBe(true);
  });

  test.each(['full', 'delta'] as const)('streamed (%s snapshots), its outline ends as the whole tree with the data model', (snapshots) => {
    const outline = new SurfaceOutline(basicCatalog(version));
    for (const part of streamed(version, snapshots)) outline.apply(part);
    const text = outline.lines('booking').map((line) => line.text);
    expect(text[0]).toBe('surface "booking" (13 components, 0 placeholders)');
    expect(text).toContain('  ├─ Text title "Dinner at Lumen"');
    expect(text).toContain('  │     ├─ Text when {/booking/when}');
    expect(text).toContain('     └─ Button confirm');
    expect(text).toContain('  data /booking/confirmed = false');
  });
});

test.each([
  ['full', 'loading_summary'],
  ['delta', 'summary'],
] as const)('while streaming, placeholders are marked lines of the outline (%s snapshots)', (snapshots, shown) => {
  const outline = new SurfaceOutline(basicCatalog('0.9'));
  const seen: string[][] = [];
  for (const part of streamed('0.9', snapshots)) {
    if (outline.apply(part).length > 0)
      seen.push(
        outline
          .lines('booking')
          .filter((l) => l.placeholder)
          .map((l) => l.text),
      );
  }
  expect(seen.some((lines) => lines.includes(`  ├─ … ${shown} (placeholder: not arrived yet)`))).toBe(true);
  expect(seen.at(-1)).toEqual([]);
});

test('the outline follows deletes and re-creation', () => {
  const outline = new SurfaceOutline(basicCatalog('0.9'));
  const message = (key: string, body: object): Part => ({ type: 'a2ui', messages: [{ version: 'v0.9', [key]: { surfaceId: 's', ...body } } as A2uiMessage] });
  outline.apply(message('createSurface', { catalogId: 'c' }));
  expect(outline.lines('s').map((l) => l.text)).toEqual(['surface "s" (0 components, 0 placeholders)', '  (no components yet)']);
  outline.apply(message('deleteSurface', {}));
  expect(outline.lines('s')[0]?.text).toBe('surface "s" (deleted)');
  outline.apply(message('createSurface', { catalogId: 'c' }));
  expect(outline.lines('s')[0]?.text).toBe('surface "s" (0 components, 0 placeholders)');
});

test('the transcript puts the surface where its block began, between the text runs', () => {
  const transcript = new Transcript(basicCatalog('0.9'));
  for (const part of streamed('0.9', 'delta')) transcript.add(part);
  const lines = transcript.lines(200).map((line) => line.text);
  const box = lines.findIndex((line) => line.startsWith('┌'));
  expect(lines.slice(0, box).join(' ')).toContain('Lumen has a table free');
  expect(lines[box + 1]).toBe('│ surface "booking" (13 components, 0 placeholders)');
  expect(lines.at(-1)).toContain('add it to your calendar.');
});

test('wrapText wraps at word boundaries within the width', () => {
  expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  expect(wrapText('a\nb', 9)).toEqual(['a', 'b']);
});
