/**
 * Express blocks through the streaming parser (issue #40): the reader boundary gives `<a2ui>`
 * blocks the JSON blocks' surfaces, placeholders, validation, snapshots and history.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser, basicCatalog, type Part, type StreamParserOptions } from '../../src/index.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { chunkings } from '../support/chunkings.js';

const SIGN_IN = `Here is the form.
<a2ui>
$/user/name = "Ada"
root = Column([title, form])
title = Text("# Sign in")
form = Card(fields)
fields = Column([name, go])
name = TextField("Name", $/user/name)
go = Button(goLabel, "primary", Event("login", {name: $/user/name}))
goLabel = Text("Continue")
</a2ui>
Anything else?`;

function read(chunks: readonly string[], options: StreamParserOptions = {}, version: '0.9' | '1.0' = '0.9'): Part[] {
  const parser = new A2uiStreamParser(basicCatalog(version), options);
  const parts = chunks.flatMap((chunk) => parser.push(chunk));
  return [...parts, ...parser.end()];
}

const textOf = (parts: readonly Part[]) => parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
const errorsOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'error' ? [part.error.message] : []));
const messagesOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));

describe('Express through A2uiStreamParser', () => {
  for (const version of ['0.9', '1.0'] as const) {
    test(`v${version}: the same surface, text and no error at every chunking`, () => {
      const whole = read([SIGN_IN], {}, version);
      expect(errorsOf(whole)).toEqual([]);
      expect(textOf(whole)).toBe('Here is the form.\n\nAnything else?');
      const final = finalState(applyParts(new Map(), whole));
      const surface = final.default_surface as { components: Record<string, { component: string }>; dataModel: unknown };
      expect(Object.keys(surface.components).sort()).toEqual(['fields', 'form', 'go', 'goLabel', 'name', 'root', 'title']);
      expect(surface.components.go?.component).toBe('Button');
      expect(surface.dataModel).toEqual({ user: { name: 'Ada' } });
      for (const { name, chunks } of chunkings(SIGN_IN, 7)) {
        const parts = read(chunks, {}, version);
        expect(errorsOf(parts), name).toEqual([]);
        expect(textOf(parts), name).toBe(textOf(whole));
        expect(finalState(applyParts(new Map(), parts)), name).toEqual(final);
      }
    });
  }

  test('a component goes out when its statement ends, its children not yet written as placeholders', () => {
    const cut = SIGN_IN.indexOf('title = Text');
    const parser = new A2uiStreamParser(basicCatalog('0.9'));
    const early = messagesOf(parser.push(SIGN_IN.slice(0, cut)));
    const components = early.flatMap((message) => ('updateComponents' in message && message.updateComponents ? message.updateComponents.components : []));
    const root = components.find((component) => component.id === 'root');
    expect(root).toMatchObject({ component: 'Column', children: ['title', 'form'] });
    // The children named before they are written stand as placeholders under their own ids.
    expect(components.map((component) => component.id)).toEqual(expect.arrayContaining(['title', 'form']));
  });

  test('JSON and Express blocks in one response feed the same surfaces', () => {
    const json =
      '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},' +
      '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a"]}]}}]</a2ui-json>';
    const express = '<a2ui>\nsurface("s")\na = Text("from Express")\n</a2ui>';
    for (const { name, chunks } of chunkings(`${json} then ${express}`, 3)) {
      const parts = read(chunks);
      expect(errorsOf(parts), name).toEqual([]);
      const creates = messagesOf(parts).filter((message) => 'createSurface' in message && message.createSurface);
      // The surface the JSON block started gets no second createSurface from the Express block.
      expect(creates, name).toHaveLength(1);
      const final = finalState(applyParts(new Map(), parts)) as Record<string, { components: Record<string, unknown> }>;
      expect(final.s?.components.a, name).toEqual({ id: 'a', component: 'Text', text: 'from Express' });
    }
  });

  test('a statement that does not compile is an error part naming its line; the rest of the block shows', () => {
    const text = '<a2ui>\nroot = Column([a, b])\na = Text("ok")\nb = Nope("x")\n</a2ui>';
    for (const { name, chunks } of chunkings(text, 5)) {
      const parts = read(chunks);
      const errors = errorsOf(parts);
      expect(errors.length, name).toBeGreaterThan(0);
      expect(errors.join('\n'), name).toMatch(/Nope/);
      const final = finalState(applyParts(new Map(), parts)) as Record<string, { components: Record<string, { component: string }> }>;
      expect(final.default_surface?.components.a?.component, name).toBe('Text');
    }
  });

  test('an Express block that never closes names its own close tag', () => {
    const parts = read(['<a2ui>\nroot = Text("cut']);
    expect(errorsOf(parts)).toContain("A2UI close tag '</a2ui>' not found in response.");
  });

  test('with a v0.8 catalog an <a2ui> tag stays text (Express needs v0.9 or later)', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.8'));
    const parts = [...parser.push('a <a2ui>\nroot = Text("x")\n</a2ui> b'), ...parser.end()];
    expect(textOf(parts)).toBe('a <a2ui>\nroot = Text("x")\n</a2ui> b');
    expect(errorsOf(parts)).toEqual([]);
  });

  test('wrapped: false with format express reads the whole response as one Express block', () => {
    const parts = read(['root = Text("bare")\n'], { wrapped: false, format: 'express' });
    expect(errorsOf(parts)).toEqual([]);
    const final = finalState(applyParts(new Map(), parts)) as Record<string, { components: Record<string, unknown> }>;
    expect(final.default_surface?.components.root).toEqual({ id: 'root', component: 'Text', text: 'bare' });
  });

  test('history: a surface from an earlier turn gets no second createSurface', () => {
    const history = [
      { version: 'v0.9', createSurface: { surfaceId: 'default_surface', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' } },
      { version: 'v0.9', updateComponents: { surfaceId: 'default_surface', components: [{ id: 'root', component: 'Text', text: 'old' }] } },
    ] as const;
    const parts = read(['<a2ui>\nroot = Text("new")\n</a2ui>'], { history: history as never });
    expect(errorsOf(parts)).toEqual([]);
    const messages = messagesOf(parts);
    expect(messages.some((message) => 'createSurface' in message && message.createSurface)).toBe(false);
    expect(JSON.stringify(messages)).toContain('"text":"new"');
  });

  test('components written before root (bottom-up, as 20 of 78 real answers) all show once root arrives', () => {
    const text = '<a2ui>\n$/n = "Ada"\nname = Text($/n)\nhello = Text("Hello")\nroot = Column([hello, name])\n</a2ui>';
    for (const { name, chunks } of chunkings(text, 11)) {
      const parts = read(chunks);
      expect(errorsOf(parts), name).toEqual([]);
      const final = finalState(applyParts(new Map(), parts)) as Record<string, { components: Record<string, { component: string }> }>;
      expect(Object.keys(final.default_surface?.components ?? {}).sort(), name).toEqual(['hello', 'name', 'root']);
      expect(final.default_surface?.components.name?.component, name).toBe('Text');
    }
  });

  test('a block that starts a surface and never assigns root says so', () => {
    const parts = read(['<a2ui>\na = Text("orphan")\n</a2ui>']);
    expect(errorsOf(parts).join('\n')).toMatch(/never assigned 'root'/);
  });
});
