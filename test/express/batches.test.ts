/**
 * Statements that end close together go out as one components message (output bounded by input,
 * issue #40), with the same surfaces, errors and first paint as statement by statement.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser, basicCatalog, type Part } from '../../src/index.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { chunkings } from '../support/chunkings.js';

function read(chunks: readonly string[]): Part[] {
  const parser = new A2uiStreamParser(basicCatalog('0.9'));
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

const errorsOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'error' ? [part.error.category] : []));
const componentMessages = (parts: readonly Part[]) =>
  parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : [])).filter((message) => 'updateComponents' in message);

const FORM = `<a2ui>
surface("s")
root = Column([title, name, go])
title = Text("Sign in")
name = TextField("Name", $/name)
go = Button(goLabel, "primary", Event("login"))
goLabel = Text("Continue")
</a2ui>`;

describe('statements sent together', () => {
  it('whole: one components message for the block, the same surface as at every chunking', () => {
    const whole = read([FORM]);
    expect(errorsOf(whole)).toEqual([]);
    expect(componentMessages(whole)).toHaveLength(1);
    const final = finalState(applyParts(new Map(), whole));
    for (const { name, chunks } of chunkings(FORM, 7)) {
      const parts = read(chunks);
      expect(errorsOf(parts), name).toEqual([]);
      expect(finalState(applyParts(new Map(), parts)), name).toEqual(final);
    }
  });

  it('the first components go out at the end of their chunk', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.9'));
    const cut = FORM.indexOf('\ntitle');
    expect(componentMessages(parser.push(FORM.slice(0, cut)))).toHaveLength(1);
  });

  it('a later statement waits at most 96 characters of the block', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.9'));
    const chunks = [...FORM].map((c) => c);
    let read = 0;
    let titleAt = -1;
    for (const chunk of chunks) {
      read += chunk.length;
      const sent = JSON.stringify(componentMessages(parser.push(chunk)));
      if (titleAt < 0 && sent.includes('"Sign in"')) titleAt = read;
    }
    const titleEnd = FORM.indexOf('"Sign in")') + '"Sign in")'.length;
    expect(titleAt).toBeGreaterThan(0);
    expect(titleAt - titleEnd).toBeLessThanOrEqual(97);
  });

  it('a cycle fails its last statement only, whole and at every chunking', () => {
    const text = '<a2ui>\nroot = Column([a, c])\na = Column([b])\nb = Column([a])\nc = Text("c")\n</a2ui>';
    const whole = read([text]);
    const final = finalState(applyParts(new Map(), whole)) as Record<string, { components: Record<string, { component: string }> }>;
    const components = final.default_surface?.components ?? {};
    expect(components.a?.component).toBe('Column');
    expect(components.c?.component).toBe('Text');
    expect(components.b?.component).not.toBe('Column');
    const errors = errorsOf(whole);
    expect(errors.length).toBeGreaterThan(0);
    for (const { name, chunks } of chunkings(text, 5)) {
      const parts = read(chunks);
      expect(errorsOf(parts), name).toEqual(errors);
      expect(finalState(applyParts(new Map(), parts)), name).toEqual(final);
    }
  });
});

/** The credit-card example of the v0.9 specification, as `decompileExpress` writes it (4.6 bytes out per byte in, statement by statement). */
const CARD = `<a2ui>
surface("gallery-credit-card")
root = Card(main_column)
main_column = Column([card_type_row, card_number, card_details])
card_type_row = Row([card_icon, card_type], "spaceBetween", "center")
card_icon = Icon("payment")
card_type = Text($/cardType, "h4")
card_number = Text($/cardNumber, "h2")
card_details = Row([holder_col, expiry_col], "spaceBetween")
holder_col = Column([holder_label, holder_name])
holder_label = Text("CARD HOLDER", "caption")
holder_name = Text($/holderName, "body")
expiry_col = Column([expiry_label, expiry_date], _, "end")
expiry_label = Text("EXPIRES", "caption")
expiry_date = Text($/expiryDate, "body")
$/cardType = "VISA"
$/cardNumber = "•••• •••• •••• 4242"
$/holderName = "SARAH JOHNSON"
$/expiryDate = "09/27"
</a2ui>`;

describe('output bound', () => {
  for (const size of [1, 7, 16, 64, CARD.length]) {
    it(`bytes out ÷ bytes in ≤ 4 at ${size}-character chunks`, () => {
      const chunks: string[] = [];
      for (let i = 0; i < CARD.length; i += size) chunks.push(CARD.slice(i, i + size));
      const parts = read(chunks);
      expect(errorsOf(parts)).toEqual([]);
      const out = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : [])).reduce((sum, message) => sum + JSON.stringify(message).length, 0);
      expect(out / CARD.length).toBeLessThanOrEqual(4);
    });
  }
});
