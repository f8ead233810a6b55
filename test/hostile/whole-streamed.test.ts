/**
 * Whole = streamed on malformed input (issue #37, item 9): the disagreements the fuzzer's
 * `--whole-streamed` property found (scripts/fuzz/whole-streamed.ts), minimized. Each response is
 * read whole (one chunk) and at every chunking of test/support/chunkings.ts; the final state (each
 * surface's reachable components and data model, stand-ins left out) must be the same.
 */
import { describe, expect, it } from 'vitest';
import { seenState } from '../../scripts/fuzz/whole-streamed.js';
import { basicCatalog } from '../../src/catalog/index.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { chunkings, chunksOf } from '../support/chunkings.js';
import { runParser, splitAt } from '../support/robust.js';

/** Fails with the first chunking (of test/support/chunkings.ts, or `cuts` cut there) whose final state differs from the whole read's. */
function expectWholeEqualsStreamed(version: ProtocolVersion, text: string, cuts: number[] = []): void {
  const catalog = basicCatalog(version);
  const whole = seenState(runParser(catalog, [text]).parts);
  const all = [...chunkings(text, 5, 3), { name: `cut at ${cuts.join(', ')}`, chunks: splitAt(text, cuts) }];
  for (const { name, chunks } of all) expect(seenState(runParser(catalog, chunks).parts), name).toEqual(whole);
}

const v09Start = (surfaceId: string) =>
  `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"${surfaceId}","catalogId":"c"}},{"version":"v0.9","updateComponents":{"surfaceId":"${surfaceId}","components":[{"id":"root","component":"Column","children":[`;

describe('a read error the tokenizer finds inside an open component (fixed in src/json: the cut is taken before the error)', () => {
  it('a stray character where a child id belongs: the Column shows, whole as streamed', () => {
    expectWholeEqualsStreamed('0.9', `${v09Start('s')}.`);
    expectWholeEqualsStreamed('0.9', `${v09Start('s')}\n m`);
  });

  it('a chunk read past the error (v0.8, a fuzz case minimized): the open list shows the same', () => {
    const first =
      '<a2ui-json>{"beginRendering":{"surfaceId":"s0""root":"root"}}{"surfaceUpdate":{"surfaceId":"s0""components":[{"id":"root""component":{"Column":{"children":{"explicitList":[""""""""""d';
    expectWholeEqualsStreamed('0.8', `${first}\``, [first.length]);
  });
});

describe('disagreements fixed in src/stream', () => {
  // Streamed, `root` goes out while its list is `[`; the object that follows in the list made
  // whole reading withhold it, and the streamed copy is never taken back. Fixed: the last look, and
  // the look before a nested message, leave out a container begun in the innermost open list
  // (open-values.ts), as a chunk end before it did.
  it('v0.8: an object inside a child list cut short', () => {
    expectWholeEqualsStreamed(
      '0.8',
      '<a2ui-json>{"surfaceUpdate":{"surfaceId":"s2","components":[{"id":"root","component":{"Column":{"children":{"explicitList":[{"":{"":"",{"beginRendering":{"surfaceId":"s2","root":"root"}}',
    );
  });

  // The same: the list open at a chunk's end is shown; a `-` after it made whole reading withhold
  // `root`. Fixed: the last look drops the unfinished last element of the open list (open-values.ts).
  it('a number begun in a child list cut short', () => {
    const first = `${v09Start('s1')}`;
    expectWholeEqualsStreamed('0.9.1', `${first}-`, [first.length]);
  });

  // The same: `root` goes out with its child list; the child's type (a blank) made whole reading
  // withhold it. Fixed: a partial whose type its catalog lacks is not put (readiness rule 3).
  it('a child whose component type is blank', () => {
    const first = `${v09Start('s0')}"s0-c1"]},{"id":"s0-c1",`;
    expectWholeEqualsStreamed('0.9.1', `${first}"component":" "`, [first.length]);
  });
});

describe('disagreements a longer fuzz run found (fixed in src/stream)', () => {
  // The most frequent (about 40% of the disagreements): a child list open at a chunk's end goes out
  // as it stands; a string begun in it made whole reading withhold `root` (a cut id is never shown).
  // Fixed: the last look shows `root` without the unfinished id, as the chunk end before it did.
  it('a string begun in a child list cut short', () => {
    const first = `${v09Start('s0')}`;
    expectWholeEqualsStreamed('0.9', `${first}"`, [first.length]);
  });

  // v0.8: an entry of a dataModelUpdate goes out per entry while the message streams; whole, a
  // later entry without a key failed the message's validation and none of it was applied. Fixed:
  // the entries with a key stand, as streaming sent them (data-model.ts, `standingUpdate`).
  it('v0.8: data-model entries applied before a later entry fails the message', () => {
    const first = '<a2ui-json>{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"';
    expectWholeEqualsStreamed('0.8', `${first}x"},{"valueString":""}]}}`, [first.length]);
    expect(seenState(runParser(basicCatalog('0.8'), [`${first}x"},{"valueString":""}]}}`]).parts)).toEqual({
      s: { root: 'root', components: {}, dataModel: { a: 'x' } },
    });
  });
});

describe('disagreements an outside probe found (fixed in src/stream)', () => {
  const start =
    '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[';
  const componentsOf = (text: string) => (seenState(runParser(basicCatalog('0.9'), [text]).parts).s as { components: Record<string, unknown> }).components;

  // A partial found invalid held its parent back; whole, the block's end rolled the parent back
  // with it (silent loss of a closed, valid root). Fixed: at the last look an invalid partial goes
  // (readiness.ts `'drop'`), and its parent shows its placeholder, as a cut before it did.
  it('a closed root, then the block ends inside an invalid component: the root stays, whole as streamed', () => {
    const first = `${start}{"id":"root","component":"Column","children":["b"]},`;
    for (const tail of ['{"id":"b","component":"Text","text":"hi","variant":"nope"', '{"id":"b","component":"Text","text":[']) {
      expectWholeEqualsStreamed('0.9', `${first}${tail}`, [first.length]);
      expect(Object.keys(componentsOf(`${first}${tail}`))).toEqual(['root']);
    }
  });

  // v0.9's sibling of the v0.8 case: a list or an object begun in a child list.
  it.each(['[', '{'])('a %s begun in a v0.9 child list: the root shows without it, whole as streamed', (opened) => {
    const first = `${start}{"id":"root","component":"Column","children":[`;
    expectWholeEqualsStreamed('0.9', `${first}${opened}`, [first.length]);
    expect(componentsOf(`${first}${opened}`)).toEqual({ root: { id: 'root', component: 'Column', children: [] } });
  });

  // A data-model value past the depth limit fails its message whole, after its first levels
  // streamed. Fixed: the failing message's partials are put back (data-model.ts `abandon`).
  it('a v0.9 data-model value nested past the depth limit: the model as before it, whole as streamed', () => {
    const deep = (pre: string) =>
      `${start.slice(0, start.indexOf(',{"version":"v0.9","updateComponents"'))},${pre}{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":${'{"a":'.repeat(51)}1${'}'.repeat(51)}}}]</a2ui-json>`;
    expectWholeEqualsStreamed('0.9', deep(''));
    const before = '{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"k":1,"a":{"z":2}}}},';
    expectWholeEqualsStreamed('0.9', deep(before));
    expect((seenState(runParser(basicCatalog('0.9'), chunksOf(deep(before), 16)).parts).s as { dataModel: unknown }).dataModel).toEqual({ k: 1, a: { z: 2 } });
  });

  // A stray quote after a closed string: the last look cannot heal the cut, and showed nothing of
  // the component a chunk end before it had shown. Fixed: it shows the component as it stands.
  it('a stray quote after a complete string in an open component', () => {
    const first = `${start}{"id":"root","component":"Column","children":["h"]},{"id":"h","component":"Text","text":"`;
    expectWholeEqualsStreamed('0.9', `${first}""`, [first.length]);
    expect(componentsOf(`${first}""`).h).toEqual({ id: 'h', component: 'Text', text: '' });
  });
});

describe('a read error right after a key (a fuzz case minimized; fixed in src/stream)', () => {
  // v0.8: a stray `}` in a child list closes it, the next id is read as a key, and the `,` after
  // it fails the read. A chunk end before the key showed the Column; the last look, with the key
  // dangling, showed nothing. It now shows the component without the key, as that chunk end did.
  it('a Column whose list a stray brace closed, then an id read as a key: the Column shows, whole as streamed', () => {
    const first =
      '<a2ui-json>[{"beginRendering":{"surfaceId":"s0","root":"root"}},{"surfaceUpdate":{"surfaceId":"s0","components":[{"id":"root","component":{"Column":{"children":{"explicitList":[ }';
    const text = `${first}   "s0-c1","s0-c2"]}}}}]}}]</a2ui-json>`;
    expectWholeEqualsStreamed('0.8', text, [first.length]);
    const { s0 } = seenState(runParser(basicCatalog('0.8'), [text]).parts) as unknown as { s0: { components: Record<string, unknown> } };
    expect(s0.components.root).toEqual({ id: 'root', component: { Column: { children: { explicitList: [] } } } });
  });
});

describe('a v0.8 valueMap whose first entry never completes (a fuzz case minimized; fixed in src/stream)', () => {
  // A chunk end after `[` sent the entry with an empty map (the renderer set `items` to {}); whole,
  // the read error left the map holding an unfinished entry, and an emptied map dropped its entry.
  it('the map shows empty, whole as streamed', () => {
    const first = '<a2ui-json>[{"dataModelUpdate":{"surfaceId":"s0","contents":[{"key":"a","valueString":"x"},{"key":"items","valueMap":[';
    const text = `${first}{"key": ¢count","valueNumber":4}]}]}}]</a2ui-json>`;
    expectWholeEqualsStreamed('0.8', text, [first.length]);
  });
});

describe('Express: a statement shown while read that then fails (fixed in src/express: the surface its look created is taken back)', () => {
  // About a third of the disagreements: a component statement open at a chunk's end with 64
  // characters of a string is looked at, and the look creates the default surface; whole, the
  // statement never finishes and no surface is created.
  const long = 'x'.repeat(64);
  const surfacesOf = (text: string) => Object.keys(seenState(runParser(basicCatalog('0.9'), [text]).parts));

  it('a statement cut after its string closed: no surface, whole as streamed', () => {
    const first = `<a2ui>r=Text("${long}`;
    expectWholeEqualsStreamed('0.9', `${first}"`, [first.length]);
    expect(surfacesOf(`${first}"`)).toEqual([]);
  });

  it('the same with a chunk end 1, 7 and 64 characters into the string, and strings of 1, 7, 64 and 200 characters', () => {
    for (const n of [1, 7, 64, 200]) {
      const text = `<a2ui>root=Text("${'y'.repeat(n)}", variant=`;
      const start = text.indexOf('"') + 1;
      expectWholeEqualsStreamed(
        '0.9',
        text,
        [start + 1, start + 7, start + 64].filter((cut) => cut <= start + n),
      );
      expectWholeEqualsStreamed('0.9', `${text}"h1`, [start + n]);
    }
  });

  it('a statement that fails to compile after its partial showed: no surface', () => {
    const first = `<a2ui>root=Text("${long}`;
    const text = `${first}", bogus=1)`;
    expectWholeEqualsStreamed('0.9', text, [first.length]);
    expect(surfacesOf(text)).toEqual([]);
  });

  it('a statement cut inside its string still shows as far as it was read, its surface kept', () => {
    const text = `<a2ui>root=Text("${long}x`;
    expectWholeEqualsStreamed('0.9', text, [text.length - 1]);
    expect(surfacesOf(text)).toEqual(['default_surface']);
  });

  it('a statement that completes before the cut one keeps its surface', () => {
    for (const before of ['$/a = 1\n', 'root = Text("hi")\n', 'root = Column([r])\n']) {
      const first = `<a2ui>${before}r=Text("${long}`;
      expectWholeEqualsStreamed('0.9', `${first}"`, [first.length]);
      expect(surfacesOf(`${first}"`), before).toEqual(['default_surface']);
    }
  });

  it('a statement that completes after the failing one keeps the surface', () => {
    const first = `<a2ui>root=Text("${long}`;
    const text = `${first}", bogus=1)\n$/a = 1`;
    expectWholeEqualsStreamed('0.9', text, [first.length]);
    expect(surfacesOf(text)).toEqual(['default_surface']);
  });

  it('a statement shown while read, waiting for a variable, then replaced before it ran', () => {
    const first = `<a2ui>root=Text("${long}`;
    for (const rest of ['", variant=v)\nroot=Text("b", bogus=1)', '", variant=v)\nroot=Text("b")', '", variant=v)\n$/a = 1']) {
      expectWholeEqualsStreamed('0.9', `${first}${rest}`, [first.length]);
    }
    expect(surfacesOf(`${first}", variant=v)\nroot=Text("b", bogus=1)`)).toEqual([]);
  });

  it('a surface an explicit statement created (in an earlier block, or a named one) stays', () => {
    const first = `<a2ui>root=Text("${long}`;
    const json = '<a2ui-json>{"version":"v0.9","createSurface":{"surfaceId":"default_surface","catalogId":"c"}}</a2ui-json>';
    expectWholeEqualsStreamed('0.9', `${json}${first}"`, [json.length + first.length]);
    const named = `<a2ui>surface("s")\nroot=Text("hi")\nsurface("t")\nr=Text("${long}`;
    expectWholeEqualsStreamed('0.9', `${named}"`, [named.length]);
    expect(surfacesOf(`${named}"`)).toEqual(['s']);
  });
});

describe('a data-model key "" (fixed in src/stream: the parent goes out whole)', () => {
  // A data-model key `""` streamed as the root path (the whole value replaced by the key's value): its parent now goes out whole.
  it('a data-model key "" in a value cut short', () => {
    expectWholeEqualsStreamed('0.9.1', '<a2ui-json>{"version":"v0.9","updateDataModel":{"surfaceId":"","value":{"":""');
  });

  it('a data-model key "" whose value is an object cut short', () => {
    const first = '<a2ui-json>{"version":"v0.9","updateDataModel":{"surfaceId":"","value":{"":';
    expectWholeEqualsStreamed('0.9', `${first}{`, [first.length]);
  });
});
