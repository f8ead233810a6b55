/**
 * The streaming core applies the current v1.0 catalog rules per component, as `validateMessages`
 * does for a whole payload: a component (and each call in it) resolves the catalog it names, else
 * its surface's default, strictly (no fallback to the first catalog); composition constraints are
 * judged per edge once both ends are known. Each case is streamed at 1, 7 and 64 characters and
 * whole, and ends with the same components and the same error parts every time.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalogV10Current, defineCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { isA2uiError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { validateMessages } from '../../src/validate/index.js';
import { applyParts } from '../support/apply-messages.js';
import { customCatalog, part, shapedCatalog } from './catalogs.js';
import { chunksOf } from '../support/chunkings.js';

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
const SIZES = [1, 7, 64, Number.POSITIVE_INFINITY];

const basic = basicCatalogV10Current();
const custom = customCatalog;
const both = [basic, custom];

const shaped = shapedCatalog;

const block = (messages: unknown[]) => `<a2ui-json>\n${JSON.stringify(messages, null, 1)}\n</a2ui-json>`;

interface Outcome {
  /** Per surface, each component the client holds (placeholders too): its type. */
  readonly held: Record<string, Record<string, unknown>>;
  /** Each error part: its category and message. */
  readonly errors: string[];
}

function streamed(text: string, catalogs: Catalog | Catalog[], size: number): Outcome {
  const parser = new A2uiStreamParser(catalogs);
  const parts: Part[] = [];
  for (const chunk of size === Number.POSITIVE_INFINITY ? [text] : chunksOf(text, size)) parts.push(...parser.push(chunk));
  parts.push(...parser.end());
  const held: Outcome['held'] = {};
  for (const [id, surface] of applyParts(new Map(), parts)) {
    held[id] = Object.fromEntries([...surface.components].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, component]) => [key, component.component]));
  }
  return { held, errors: parts.flatMap((p) => (p.type === 'error' ? [`${p.error.category}: ${p.error.message}`] : [])) };
}

/** What `validateMessages` says of `messages` (the reference the stream's error parts are held to). */
function verdict(messages: unknown[], catalogs: Catalog | Catalog[]): string {
  try {
    validateMessages(messages, catalogs, { allowOrphans: true, allowDangling: true });
  } catch (error) {
    if (isA2uiError(error)) return `${error.category}: ${error.message}`;
    throw error;
  }
  return 'valid';
}

/** Streams `text` at every size and expects `expected` each time. */
function expectAtEverySize(text: string, catalogs: Catalog | Catalog[], expected: Outcome): void {
  for (const size of SIZES) expect(streamed(text, catalogs, size), `at ${size}`).toEqual(expected);
}

describe('current v1.0 while streaming: each component resolves its own catalog', () => {
  it('a component and a call naming another configured catalog are read and checked with it', () => {
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC } },
      {
        version: 'v1.0',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['b', 't'] },
            { id: 'b', component: 'Badge', catalogId: 'custom', label: 'new' },
            { id: 't', component: 'Text', text: { '@call': 'shout', catalogId: 'custom', args: { value: 'hi' } } },
          ],
        },
      },
    ];
    expect(verdict(messages, both)).toBe('valid');
    expectAtEverySize(block(messages), both, { held: { s: { b: 'Badge', root: 'Column', t: 'Text' } }, errors: [] });
  });

  it('a component naming an unknown catalog is left out with the CatalogError validateMessages gives, never read with the default', () => {
    const bad = { id: 'x', component: 'Text', catalogId: 'missing', text: 'hi' };
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC } },
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['x'] }, bad] } },
    ];
    const reference = verdict(messages, both);
    expect(reference).toBe("CatalogError: Catalog not found: missing (component 'x')");
    // Its placeholder (a Row) stands where the root names it.
    expectAtEverySize(block(messages), both, { held: { s: { root: 'Column', x: 'Row' } }, errors: [reference] });
  });

  it('a surface whose createSurface names an unknown catalog has no default: a component naming none is an error, one naming a catalog stands', () => {
    const messages = [
      {
        version: 'v1.0',
        createSurface: {
          surfaceId: 's',
          catalogId: 'nope',
          components: [
            { id: 'root', component: 'Column', catalogId: BASIC, children: ['a', 'b'] },
            { id: 'a', component: 'Text', text: 'no catalog' },
            { id: 'b', component: 'Badge', catalogId: 'custom', label: 'named' },
          ],
        },
      },
    ];
    const reference = verdict(messages, both);
    expect(reference).toBe("CatalogError: Catalog not found: nope (the surface's catalogId, for component 'a')");
    // The header goes out (validateMessages accepts it alone); `a` would give way to a placeholder,
    // which resolves to no catalog either: the root waits for it (`b` goes out), and the block's end says so.
    for (const size of SIZES) {
      const outcome = streamed(block(messages), both, size);
      expect(outcome.held, `at ${size}`).toEqual({ s: { b: 'Badge' } });
      expect(outcome.errors[0], `at ${size}`).toBe(reference);
      expect(outcome.errors.slice(1), `at ${size}`).toEqual([
        "IntegrityError: Component 'root' of surface 's' is held back: it refers to 'a', not arrived, and the catalog accepts no placeholder for them; they are sent when what they wait for arrives",
      ]);
    }
  });

  it('a surface started without catalogId: each component must name one (no fallback to the first catalog)', () => {
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: 's' } },
      {
        version: 'v1.0',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', catalogId: BASIC, children: ['b'] },
            { id: 'b', component: 'Badge', catalogId: 'custom', label: 'named' },
            { id: 'c', component: 'Text', text: 'no catalog' },
          ],
        },
      },
    ];
    const reference = verdict(messages, both);
    expect(reference).toBe("CatalogError: component 'c' names no catalogId and the surface has no default catalogId");
    expectAtEverySize(block(messages), both, { held: { s: { b: 'Badge', root: 'Column' } }, errors: [reference] });
  });
});

describe('current v1.0 while streaming: partial components (partialComponents) resolve their catalog too', () => {
  it('a component of another catalog shows while it streams, and ends as written', () => {
    const badge = { id: 'b', component: 'Badge', catalogId: 'custom', label: { text: 'a label long enough to arrive in pieces' } };
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC } },
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['b'] }, badge] } },
    ];
    const parser = new A2uiStreamParser(both, { partialComponents: true });
    const parts: Part[] = [];
    for (const chunk of chunksOf(block(messages), 1)) parts.push(...parser.push(chunk));
    parts.push(...parser.end());
    const badges = parts.flatMap((p) =>
      p.type === 'a2ui'
        ? p.messages.flatMap((message) =>
            ((message as { updateComponents?: { components: { id: string }[] } }).updateComponents?.components ?? []).filter((c) => c.id === 'b'),
          )
        : [],
    );
    expect(parts.filter((p) => p.type === 'error')).toEqual([]);
    // Before it closed, it went out as far as it had arrived (read with its own catalog), then whole.
    expect(badges.length).toBeGreaterThan(1);
    expect(badges[0]).not.toEqual(badge);
    expect(badges[badges.length - 1]).toEqual(badge);
  });
});

describe('current v1.0 while streaming: a component like one found valid is still checked whole', () => {
  it('its identifier id and its calls, which a check of what differs from a valid peer would miss', () => {
    const messages = [
      {
        version: 'v1.0',
        createSurface: {
          surfaceId: 's',
          catalogId: BASIC,
          components: [
            { id: 'root', component: 'Column', children: ['a', 'b'] },
            { id: 'a', component: 'Text', text: 'fine' },
            { id: 'b', component: 'Text', text: { '@call': 'nope', args: {} } },
          ],
        },
      },
    ];
    const reference = verdict(messages, both);
    expect(reference).toMatch(/^ValidationError: .*Unrecognized function 'nope' in catalog/);
    expectAtEverySize(block(messages), both, { held: { s: { a: 'Text', b: 'Row', root: 'Column' } }, errors: [reference] });
  });
});

describe('composition constraints while streaming: the edge is judged when its second end arrives', () => {
  const start = { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'c' } };
  const update = (components: unknown[]) => ({ version: 'v1.0', updateComponents: { surfaceId: 's', components } });

  it('a child arriving under a parent it may not have is left out (its placeholder stands), with the error validateMessages gives', () => {
    const messages = [
      start,
      update([
        { id: 'root', component: 'Column', children: ['h', 'r'] },
        { id: 'h', component: 'Header' },
        { id: 'r', component: 'Row', children: ['h2'] },
        { id: 'h2', component: 'Header' },
      ]),
    ];
    const reference = verdict(messages, shaped);
    expect(reference).toBe("ValidationError: Component 'h2' (Header) cannot be placed under parent 'r' (Row). Allowed parents: ['Column'].");
    expectAtEverySize(block(messages), shaped, { held: { s: { h: 'Header', h2: 'Row', r: 'Row', root: 'Column' } }, errors: [reference] });
  });

  it('a parent arriving after its child: the parent completes the edge and is left out', () => {
    const messages = [
      start,
      update([
        { id: 'root', component: 'Column', children: ['r'] },
        { id: 'h', component: 'Header' },
        { id: 'r', component: 'Row', children: ['h'] },
      ]),
    ];
    const reference = verdict(messages, shaped);
    expect(reference).toBe("ValidationError: Component 'h' (Header) cannot be placed under parent 'r' (Row). Allowed parents: ['Column'].");
    // `r` gives way to its placeholder; `h` is held but unreachable, so never sent.
    expectAtEverySize(block(messages), shaped, { held: { s: { r: 'Row', root: 'Column' } }, errors: [reference] });
  });

  it("a container's allowedChildren, and the root under the implicit Surface", () => {
    const box = [
      start,
      update([
        { id: 'root', component: 'Box', children: ['x'] },
        { id: 'x', component: 'Row' },
      ]),
    ];
    const boxReference = verdict(box, shaped);
    expect(boxReference).toBe("ValidationError: Container 'root' (Box) cannot contain child 'x' (Row). Allowed children: ['Header'].");
    // `x` is left out; its placeholder (a Row) may not stand under the Box either, so the Box waits
    // for a child that never comes (rule 10), and says so at the end.
    const heldBack =
      "IntegrityError: Component 'root' of surface 's' is held back: it refers to 'x', not arrived, and the catalog accepts no placeholder for them; they are sent when what they wait for arrives";
    expectAtEverySize(block(box), shaped, { held: { s: {} }, errors: [boxReference, heldBack] });

    const rooted = [start, update([{ id: 'root', component: 'Header' }])];
    const rootReference = verdict(rooted, shaped);
    expect(rootReference).toBe("ValidationError: Component 'root' (Header) cannot be placed under parent 's' (Surface). Allowed parents: ['Column'].");
    expectAtEverySize(block(rooted), shaped, { held: { s: {} }, errors: [rootReference] });
  });

  it('a placeholder is judged where it stands: a parent whose placeholder child would break a constraint waits for the real child', () => {
    const tabbed = defineCatalog({
      id: 'c',
      version: '1.0',
      components: {
        Row: { schema: part('Row'), refs: { list: ['children'] } },
        Tabs: { schema: part('Tabs'), refs: { list: ['children'] }, allowedChildren: ['Tab'] },
        Tab: { schema: part('Tab') },
      },
    });
    const first = [start, update([{ id: 'root', component: 'Tabs', children: ['t'] }])];
    const second = [update([{ id: 't', component: 'Tab' }])];
    // Between the blocks a Row placeholder for `t` would stand under the Tabs (which hold only
    // Tab children): the Tabs wait for their child instead (rule 10).
    const shown = applyParts(new Map(), new A2uiStreamParser(tabbed).push(block(first)));
    expect([...(shown.get('s')?.components.keys() ?? [])]).toEqual([]);
    const text = `${block(first)}\nAnd then:\n${block(second)}`;
    expect(verdict([...first, ...second], tabbed)).toBe('valid');
    // The first block closes with the Tabs held back (said as for a catalog with no placeholder); the
    // second block's Tab lets them out.
    const heldBack =
      "IntegrityError: Component 'root' of surface 's' is held back: it refers to 't', not arrived, and the catalog accepts no placeholder for them; they are sent when what they wait for arrives";
    expectAtEverySize(text, tabbed, { held: { s: { root: 'Tabs', t: 'Tab' } }, errors: [heldBack] });
  });

  it('an edge across messages and blocks (the parent sent and let go of) is judged too', () => {
    const first = [
      start,
      update([
        { id: 'root', component: 'Column', children: ['r'] },
        { id: 'r', component: 'Row', children: ['h'] },
      ]),
    ];
    const second = [update([{ id: 'h', component: 'Header' }])];
    const reference = verdict([...first, ...second], shaped);
    expect(reference).toBe("ValidationError: Component 'h' (Header) cannot be placed under parent 'r' (Row). Allowed parents: ['Column'].");
    const text = `${block(first)}\nAnd then:\n${block(second)}`;
    expectAtEverySize(text, shaped, { held: { s: { h: 'Row', r: 'Row', root: 'Column' } }, errors: [reference] });
  });

  it('the same surfaces without constraints stream whole, as before', () => {
    const free = defineCatalog({
      id: 'c',
      version: '1.0',
      components: Object.fromEntries(['Row', 'Column', 'Header', 'Box'].map((name) => [name, { schema: part(name), refs: { list: ['children'] } }])),
    });
    const messages = [
      start,
      update([
        { id: 'root', component: 'Box', children: ['x'] },
        { id: 'x', component: 'Header' },
      ]),
    ];
    expectAtEverySize(block(messages), free, { held: { s: { root: 'Box', x: 'Header' } }, errors: [] });
  });
});
