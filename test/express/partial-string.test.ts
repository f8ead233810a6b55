/**
 * A statement's long string argument shows while it arrives (issue #40): `t = Text("…")` goes out
 * as a partial component under the JSON reader's cut rules and output bound.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser, basicCatalog, type Part } from '../../src/index.js';
import { applyParts, finalState } from '../support/apply-messages.js';

const LONG = 'Our café near the Zócalo serves crème brûlée, churros and a very good piña colada. '.repeat(60);

function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Feeds `chunks`; per chunk, the texts of component `id` that went out. */
function feed(chunks: readonly string[], id = 'root', options: ConstructorParameters<typeof A2uiStreamParser>[1] = {}) {
  const parser = new A2uiStreamParser(basicCatalog('0.9'), options);
  const parts: Part[] = [];
  const shown: { chunk: number; text: unknown }[] = [];
  let bytes = 0;
  const take = (got: Part[], chunk: number) => {
    for (const part of got) {
      parts.push(part);
      if (part.type !== 'a2ui') continue;
      for (const message of part.messages) {
        bytes += JSON.stringify(message).length;
        const components = (message as { updateComponents?: { components: { id: string; text?: unknown }[] } }).updateComponents?.components ?? [];
        for (const component of components) if (component.id === id) shown.push({ chunk, text: component.text });
      }
    }
  };
  chunks.forEach((chunk, i) => take(parser.push(chunk), i));
  take(parser.end(), chunks.length);
  return { parts, shown, bytes };
}

describe('a long string argument streams', () => {
  const text = `<a2ui>\nsurface("s")\nroot = Text("${LONG}")\n</a2ui>`;
  const whole = feed([text]);
  const final = finalState(applyParts(new Map(), whole.parts));

  for (const size of [1, 7, 64]) {
    it(`at ${size}-character chunks: shows early, grows, ends as whole, out ÷ in ≤ 4`, () => {
      const chunks = chunked(text, size);
      const run = feed(chunks);
      expect(run.parts.filter((part) => part.type === 'error')).toEqual([]);
      // The first paint comes within the first few hundred characters, long before the statement ends.
      const first = run.shown[0];
      expect(first).toBeDefined();
      expect((first?.chunk ?? Infinity) * size).toBeLessThan(200);
      // It grows: several forms, each a prefix of the final text.
      expect(run.shown.length).toBeGreaterThan(3);
      for (const { text: shown } of run.shown) expect(LONG.startsWith(shown as string)).toBe(true);
      expect(finalState(applyParts(new Map(), run.parts))).toEqual(final);
      expect(run.bytes / text.length).toBeLessThanOrEqual(4);
    });
  }
});

describe('a string cut while it streams', () => {
  const escaped = 'Line \\"quoted\\" \\\\ back\\nslash. '.repeat(20);
  const cases = [
    { name: 'with escapes', source: `"${escaped}"`, value: 'Line "quoted" \\ back\nslash. '.repeat(20) },
    { name: 'in triple quotes, quotes inside', source: `"""${'a "b" ""c"" d. '.repeat(30)}"""`, value: 'a "b" ""c"" d. '.repeat(30) },
    { name: 'raw', source: `r"${'C:\\temp\\notes '.repeat(30)}"`, value: 'C:\\temp\\notes '.repeat(30) },
  ];
  for (const { name, source, value } of cases) {
    it(`${name}: never shows a half escape or a closing quote, at every chunk size`, () => {
      const text = `<a2ui>\nsurface("s")\nroot = Text(${source})\n</a2ui>`;
      const final = finalState(applyParts(new Map(), feed([text]).parts)) as Record<string, { components: Record<string, { text: string }> }>;
      expect(final.s?.components.root?.text).toBe(value);
      for (const size of [1, 2, 3, 7]) {
        const run = feed(chunked(text, size));
        expect(run.shown.length, `${size}`).toBeGreaterThan(1);
        for (const { text: shown } of run.shown) expect(value.startsWith(shown as string), `${size}: ${String(shown)}`).toBe(true);
        expect(finalState(applyParts(new Map(), run.parts)), `${size}`).toEqual(final);
      }
    });
  }
});

describe('a block cut inside a string', () => {
  const cuts = [
    { name: 'after a backslash', source: '"Hello \\', shows: 'Hello ' },
    { name: 'inside what may close a triple string', source: '"""Hello ""', shows: 'Hello ' },
    { name: 'after a raw backslash', source: 'r"C:\\', shows: 'C:\\' },
  ];
  for (const { name, source, shows } of cuts) {
    it(`${name}: shows what is certain, then says where it was cut`, () => {
      const text = `<a2ui>\nsurface("s")\nroot = Text(${source}`;
      for (const size of [1, 3, text.length]) {
        const run = feed(chunked(text, size));
        expect(run.shown.at(-1)?.text, `${size}`).toBe(shows);
        expect(
          run.parts.some((part) => part.type === 'error'),
          `${size}`,
        ).toBe(true);
      }
    });
  }
});

describe('when a string does not show cut', () => {
  const shownAt1 = (text: string, version: '0.9' | '1.0' = '0.9', partialComponents?: boolean) => {
    const parser = new A2uiStreamParser(basicCatalog(version), partialComponents === undefined ? {} : { partialComponents });
    const forms: unknown[] = [];
    for (const c of text) {
      for (const part of parser.push(c)) {
        if (part.type !== 'a2ui') continue;
        for (const message of part.messages) {
          const components = (message as { updateComponents?: { components: { id: string; text?: unknown }[] } }).updateComponents?.components ?? [];
          for (const component of components) if (component.id === 'root') forms.push(component.text);
        }
      }
    }
    parser.end();
    return forms;
  };
  const body = (value: string) => `<a2ui>\nroot = Text("${value}")\n</a2ui>`;

  it('a string that starts like a URL shows only whole', () => {
    const url = `https://example.com/${'a'.repeat(200)}`;
    expect(shownAt1(body(url))).toEqual([url]);
  });

  it('v1.0 streams components only with partialComponents, as for JSON', () => {
    expect(shownAt1(body(LONG), '1.0')).toEqual([LONG]);
    expect(shownAt1(body(LONG), '1.0', true).length).toBeGreaterThan(3);
  });

  it('a string inside a list or a nested call waits for its statement', () => {
    const nested = `<a2ui>\nroot = Column([Text("${LONG}")])\n</a2ui>`;
    const parser = new A2uiStreamParser(basicCatalog('0.9'));
    const cut = nested.indexOf(LONG) + 500;
    const early = parser.push(nested.slice(0, cut));
    expect(JSON.stringify(early)).not.toContain('Our café');
  });
});

describe("the parser's options reach the Express reader, as they reach the JSON one", () => {
  const text = `<a2ui>\nsurface("s")\nroot = Text("${LONG}")\n</a2ui>`;
  const chunks = chunked(text, 16);

  it('cuttableKeys: a property left out of it shows only when its statement ends', () => {
    const run = feed(chunks, 'root', { cuttableKeys: ['label'] });
    expect(run.shown.map((form) => form.text)).toEqual([LONG]);
  });

  it('full snapshots: the text shows again at every chunk it grew in, not only once it grew by half', () => {
    const delta = feed(chunks, 'root', { snapshots: 'delta' });
    // Each chunk as the reader shows it: the output budget (`test/hostile/output-budget.test.ts`) would space them out.
    const full = feed(chunks, 'root', { snapshots: 'full', outputBytesPerChar: Number.POSITIVE_INFINITY });
    expect(full.shown.length).toBeGreaterThan(2 * delta.shown.length);
    expect(full.shown.at(-1)?.text).toBe(LONG);
  });
});

describe('a statement shown while read that then fails', () => {
  // The string shows while it arrives; the statement then does not read (a stray `]`): whole, the
  // surface holds root's placeholder; streamed, the cut text shown must give way to it too.
  const text = `<a2ui>\nsurface("s")\nroot = Column([t])\nt = Text("${LONG}" ])\n</a2ui>`;
  const whole = feed([text], 't');

  for (const size of [1, 16, 64]) {
    it(`at ${size}-character chunks: the text shown is withdrawn, the final state is whole's`, () => {
      const run = feed(chunked(text, size), 't');
      expect(run.shown.some((form) => typeof form.text === 'string' && form.text.length > 0)).toBe(true);
      expect(run.parts.filter((part) => part.type === 'error').length).toBe(whole.parts.filter((part) => part.type === 'error').length);
      expect(finalState(applyParts(new Map(), run.parts))).toEqual(finalState(applyParts(new Map(), whole.parts)));
    });
  }
});

describe('a statement shown while read that fails, the only one of its surface', () => {
  // The look that showed it created the surface; whole, the statement never stood and no surface
  // exists: streamed, the surface is taken back after the statement's error.
  const text = `<a2ui>\nroot = Text("${LONG}", bogus=1)\n</a2ui>`;
  const whole = feed([text]);
  const kinds = (parts: readonly Part[]) =>
    parts.flatMap((part) =>
      part.type === 'error'
        ? [`error ${part.error.category}`]
        : part.type === 'a2ui'
          ? part.messages.map((message) => Object.keys(message).find((k) => k !== 'version'))
          : [],
    );

  it('whole: an error, no surface', () => {
    expect(kinds(whole.parts)).toEqual(['error ValidationError']);
  });

  for (const size of [1, 16, 64]) {
    it(`at ${size}-character chunks: shows early, then the error and a deleteSurface; the final state is whole's`, () => {
      const run = feed(chunked(text, size));
      expect(run.shown.length).toBeGreaterThan(0);
      const seen = kinds(run.parts);
      expect(seen[0]).toBe('createSurface');
      expect(seen.slice(seen.indexOf('error ValidationError'))).toEqual(['error ValidationError', 'deleteSurface']);
      expect(finalState(applyParts(new Map(), run.parts))).toEqual({});
    });
  }

  it('a statement that stands after it creates the surface again, as whole', () => {
    const later = `<a2ui>\nroot = Text("${LONG}", bogus=1)\nroot = Text("short")\n</a2ui>`;
    const run = feed(chunked(later, 16));
    const seen = kinds(run.parts);
    expect(seen.slice(seen.indexOf('deleteSurface'))).toEqual(['deleteSurface', 'createSurface', 'updateComponents']);
    expect(finalState(applyParts(new Map(), run.parts))).toEqual(finalState(applyParts(new Map(), feed([later]).parts)));
  });
});
