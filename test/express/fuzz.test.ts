/**
 * Mutated Express never makes the reader throw, and never an error that is not an A2uiError nor
 * an internal one (CompileError); a bounded number of rounds, so a hang shows as a timeout.
 */
import { describe, expect, it } from 'vitest';
import { compileExpress, decompileExpress, ExpressReader } from '../../src/express/index.js';
import { A2uiStreamParser, basicCatalog, isA2uiError } from '../../src/index.js';
import { Rng } from '../support/rng.js';

const catalog = basicCatalog('1.0');

const SEED = [
  '$/user/name = "Ada"',
  '$/items = [{label: "a", n: 1}, {label: "b", n: -2.5}]',
  'root = Column([title, form, list], "start", "center")',
  'title = Text("""# Sign in "now" """, "caption")',
  'form = Card(fields)',
  'fields = Column([name, go, pick])',
  'name = TextField("Name", $/user/name, _, "shortText", [?required("Needed"), ?regex(r"^[a-z]+$", "Lowercase")])',
  'ctx = {name: $/user/name, "item-id": 42}',
  'go = Button(goLabel, "primary", Event("login", ctx))',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: formatString's own ${…} syntax
  'goLabel = Text(formatString("Hi ${/user/name}"))',
  'pick = ChoicePicker("Pick", _, [{label: "A", value: "a"}], $/choice)',
  'list = List(_template($/items, row)) // rows',
  'row = Row([Text($label), Text(formatNumber($n, 2, true))]) # inline',
  'surface("other") /* second */ root = Text("x"); deleteSurface("other")',
].join('\n');

const ALPHABET = '()[]{},:=_$?"\'\\r#/*\n ;-.0123456789abcXYZ`@<>';

function mutate(text: string, rng: Rng): string {
  let out = text;
  const edits = rng.int(1, 6);
  for (let i = 0; i < edits; i++) {
    const at = rng.int(0, out.length);
    switch (rng.int(0, 3)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + rng.int(1, 8));
        break;
      case 1:
        out = out.slice(0, at) + rng.pick([...ALPHABET]) + out.slice(at);
        break;
      case 2:
        out = out.slice(0, at) + out.slice(rng.int(0, out.length), rng.int(0, out.length)) + out.slice(at);
        break;
      default:
        out = out.slice(0, at) + out.slice(at).replace(/[A-Za-z]/, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    }
  }
  return out;
}

describe('Express fuzzing', () => {
  it('the seed itself reads without errors and round-trips through the decompiler', () => {
    const messages = compileExpress(SEED, catalog);
    expect(compileExpress(decompileExpress(messages, catalog), catalog)).toEqual(messages);
  });

  it('mutated input: only A2uiErrors, never internal ones, at random chunkings', () => {
    const rng = new Rng(40);
    for (let round = 0; round < 400; round++) {
      const text = mutate(SEED, rng);
      const errors: unknown[] = [];
      const reader = new ExpressReader(catalog, { message: () => {}, error: (e) => errors.push(e), repair: () => {} });
      let at = 0;
      while (at < text.length) {
        const size = rng.int(1, 40);
        reader.push(text.slice(at, at + size));
        at += size;
      }
      reader.end();
      for (const error of errors) {
        expect(isA2uiError(error), String(error)).toBe(true);
        expect((error as { category: string }).category, `${String(error)}\n--- input ---\n${text}`).not.toBe('CompileError');
      }
      try {
        compileExpress(text, catalog);
      } catch (error) {
        expect(isA2uiError(error), String(error)).toBe(true);
      }
    }
  });

  it('mutated input through the parser (partial strings, merged statements): no exception, no internal error', () => {
    const rng = new Rng(41);
    const long = `note = Text("${'Streaming \\"text\\" with escapes, '.repeat(8)}", "body")\nhint = Text(r"${'C:\\raw '.repeat(12)}")`;
    const seed = `<a2ui>\n${SEED.replace('fields = ', `${long}\nfields = `).replace('[name, go, pick]', '[name, go, pick, note, hint]')}\n</a2ui>`;
    for (let round = 0; round < 150; round++) {
      const text = mutate(seed, rng);
      const parser = new A2uiStreamParser(catalog, { partialComponents: true });
      const parts = [];
      let at = 0;
      while (at < text.length) {
        const size = rng.int(1, 40);
        parts.push(...parser.push(text.slice(at, at + size)));
        at += size;
      }
      parts.push(...parser.end());
      for (const part of parts) {
        if (part.type === 'error') expect(part.error.category, `${part.error.message}\n--- input ---\n${text}`).not.toBe('CompileError');
      }
    }
  });

  it('self-referencing and mutually referencing value variables end in an error, not a hang', () => {
    for (const text of ['a = [a]\nroot = Column(a)', 'a = {k: b}\nb = [a]\nroot = Text(a)', 'root = Card(root)']) {
      const errors: string[] = [];
      const reader = new ExpressReader(catalog, { message: () => {}, error: (e) => errors.push(e.category) });
      reader.push(text);
      reader.end();
      expect(errors.every((c) => c !== 'CompileError')).toBe(true);
    }
  });
});

describe('Express expansion', () => {
  it('bounds variables substituted into variables (2^40 values) with a limit_exceeded error (the expansion budget)', () => {
    const lines = ['v0 = [1, 2]'];
    for (let i = 1; i <= 40; i++) lines.push(`v${i} = [v${i - 1}, v${i - 1}]`);
    lines.push('$/big = v40', 'root = Text("after")');
    const errors: string[] = [];
    const sent: unknown[] = [];
    const reader = new ExpressReader(catalog, { message: (m) => sent.push(m), error: (e) => errors.push(e.message) });
    reader.push(lines.join('\n'));
    reader.end();
    expect(errors).toEqual([
      expect.stringMatching(/Line 42, '\$\/big': the statement expands to more than \d+ bytes, past the \d+ left of the expansion budget/),
    ]);
    expect(sent).toHaveLength(2);
  });
});
