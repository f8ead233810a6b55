/**
 * Issue #27, item 3: no emitted component ever refers to an id the client does not hold (or has
 * not been given a placeholder for), in both snapshot modes, at every chunking, also where no
 * placeholder can stand in for a child (a catalog with no type a bare object satisfies): a parent
 * whose child is present but itself held back waits with it.
 */
import { describe, expect, it } from 'vitest';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { decompile, wrapDecompiledBlocks } from '../../src/response/index.js';
import type { A2uiMessage } from '../../src/types.js';
import { applyMessages, finalState, referencesOf, type RenderState } from '../support/apply-messages.js';
import { chunkings } from '../support/chunkings.js';
import { Rng } from '../support/rng.js';
import { runParser } from '../support/robust.js';
import { V09 } from './helpers.js';

const flat = (name: string, properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { id: { type: 'string' }, component: { const: name }, ...properties },
  required: ['id', 'component', ...required],
  additionalProperties: false,
});

/** Every type has a required property: no placeholder is possible. */
const STRICT: Catalog = catalogFromJsonSchema({
  version: '0.9',
  catalog: {
    catalogId: 'https://example.com/strict-panels.json',
    components: {
      Panel: flat('Panel', { child: { type: 'string' } }, ['child']),
      Stack: flat('Stack', { children: { type: 'array', items: { type: 'string' } } }, ['children']),
      Label: flat('Label', { text: { type: 'string' } }, ['text']),
    },
  },
});

type Component = Record<string, unknown> & { id: string };

/** A random tree of Panels, Stacks and Labels under `root` (Column/Row/Text for the basic catalog). */
function tree(rng: Rng, basic: boolean): Component[] {
  const out: Component[] = [];
  let next = 0;
  const make = (id: string, depth: number): void => {
    const kind = depth >= 4 ? 2 : rng.int(0, 2);
    if (kind === 0) {
      const child = `n${next++}`;
      out.push(basic ? { id, component: 'Card', child } : { id, component: 'Panel', child });
      make(child, depth + 1);
    } else if (kind === 1) {
      const children = Array.from({ length: rng.int(1, 3) }, () => `n${next++}`);
      out.push({ id, component: basic ? 'Column' : 'Stack', children });
      for (const child of children) make(child, depth + 1);
    } else {
      out.push(basic ? { id, component: 'Text', text: `label ${id}` } : { id, component: 'Label', text: `label ${id}` });
    }
  };
  make('root', 0);
  return out;
}

/** A response with one surface whose components come in a random order, over one or two messages and blocks. */
function response(seed: number, catalog: Catalog): { text: string; messages: A2uiMessage[] } {
  const rng = new Rng(seed);
  const components = tree(rng, catalog === V09);
  for (let i = components.length - 1; i > 0; i--) {
    if (!rng.chance(0.4)) continue;
    const j = rng.int(0, i);
    [components[i], components[j]] = [components[j] as Component, components[i] as Component];
  }
  const create: A2uiMessage = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: catalog.id } };
  // A complete components message without the root is an error (the reference's): the root comes in the first.
  const cut = rng.int(components.findIndex((component) => component.id === 'root') + 1, components.length);
  const groups = [components.slice(0, cut), components.slice(cut)].filter((group) => group.length > 0);
  const updates = groups.map((group) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: group } }) as A2uiMessage);
  const blocks = rng.chance(0.5) ? [[create, ...updates]] : [[create, updates[0] as A2uiMessage], updates.slice(1)].filter((block) => block.length > 0);
  const text = blocks.map((block) => `Some text.\n${wrapDecompiledBlocks([decompile(block)])}`).join('\n');
  return { text, messages: blocks.flat() };
}

/**
 * After every message: each reference of each component the client holds names a component it
 * holds. And what the client ends holding.
 */
function danglingAfterEachMessage(catalog: Catalog, chunks: readonly string[], snapshots: 'full' | 'delta'): { dangling: string[]; state: RenderState } {
  const { parts } = runParser(catalog, chunks, { snapshots });
  const state: RenderState = new Map();
  const found: string[] = [];
  for (const part of parts) {
    if (part.type !== 'a2ui') continue;
    for (const message of part.messages) {
      applyMessages(state, [message]);
      for (const [surfaceId, surface] of state) {
        for (const [id, component] of surface.components) {
          for (const ref of referencesOf(component)) if (!surface.components.has(ref)) found.push(`${surfaceId}/${id} → ${ref}`);
        }
      }
    }
  }
  return { dangling: found, state };
}

describe('no dangling reference (issue #27, item 3)', () => {
  it('the issue’s case: a Panel whose Stack comes after it, no placeholder possible, delta, 16-char chunks', () => {
    const messages: A2uiMessage[] = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: STRICT.id } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Panel', child: 'stack' },
            { id: 'stack', component: 'Stack', children: ['a', 'b'] },
            { id: 'a', component: 'Label', text: 'first' },
            { id: 'b', component: 'Label', text: 'second' },
          ],
        },
      },
    ];
    const text = wrapDecompiledBlocks([decompile(messages)]);
    for (const { name, chunks } of chunkings(text, 3)) {
      for (const snapshots of ['full', 'delta'] as const) {
        const run = danglingAfterEachMessage(STRICT, chunks, snapshots);
        expect(run.dangling, `${name}, ${snapshots}`).toEqual([]);
        expect(finalState(run.state), `${name}, ${snapshots}`).toEqual(finalState(applyMessages(new Map(), messages)));
      }
    }
  });

  const cases: [string, Catalog, number][] = [
    ['a catalog that accepts no placeholder', STRICT, 60],
    ['the basic catalog (Row placeholders)', V09, 30],
  ];
  for (const [title, catalog, count] of cases) {
    for (const snapshots of ['full', 'delta'] as const) {
      it(`${title}, ${snapshots} snapshots: ${count} random responses × every chunking`, () => {
        for (let seed = 1; seed <= count; seed++) {
          const { text, messages } = response(seed, catalog);
          const final = finalState(applyMessages(new Map(), messages));
          for (const { name, chunks } of chunkings(text, seed, 2)) {
            const run = danglingAfterEachMessage(catalog, chunks, snapshots);
            expect(run.dangling, `seed ${seed}, ${name}`).toEqual([]);
            // Holding a parent back loses nothing: once its children are there, it goes out.
            expect(finalState(run.state), `seed ${seed}, ${name}`).toEqual(final);
          }
        }
      });
    }
  }
});
