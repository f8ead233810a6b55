import { describe, expect, it, vi } from 'vitest';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { checkIntegrity, checkTopology, componentsById, forEachComponentReference, validateMessages, type ValidateOptions } from '../../src/validate/index.js';
import { catalogFor, catalogV08, catalogV09, WIRE, thrown } from './fixtures.js';

type Spec = { id: string; type: 'Card' | 'Text' | 'Column'; ref?: string; refs?: string[] };

/** Builds wire components of `version` from a compact description. */
function components(version: ProtocolVersion, specs: Spec[]) {
  return specs.map(({ id, type, ref, refs }) => {
    const props: Record<string, unknown> = type === 'Card' ? { child: ref } : type === 'Column' ? { children: refs ?? [] } : { text: 'x' };
    if (version === '0.8') {
      if (type === 'Column') props.children = { explicitList: refs ?? [] };
      if (type === 'Text') props.text = { literalString: 'x' };
      return { id, component: { [type]: props } };
    }
    return { id, component: type, ...props };
  });
}

/** A payload for one surface: optionally its start message (root `root`), then components. */
function payload(version: ProtocolVersion, specs: Spec[], withStart = true, root = 'root') {
  const start =
    version === '0.8' ? { beginRendering: { surfaceId: 's', root } } : { version: WIRE[version], createSurface: { surfaceId: 's', catalogId: 'c' } };
  const update =
    version === '0.8'
      ? { surfaceUpdate: { surfaceId: 's', components: components(version, specs) } }
      : { version: WIRE[version], updateComponents: { surfaceId: 's', components: components(version, specs) } };
  return withStart ? [start, update] : [update];
}

function run(version: ProtocolVersion, specs: Spec[], options: ValidateOptions = {}, withStart = true) {
  return () => validateMessages(payload(version, specs, withStart), catalogFor(version), options);
}

function chain(length: number): Spec[] {
  const specs: Spec[] = [];
  for (let i = 0; i < length - 1; i++) specs.push({ id: i === 0 ? 'root' : `c${i}`, type: 'Card', ref: `c${i + 1}` });
  specs.push({ id: `c${length - 1}`, type: 'Text' });
  return specs;
}

const VERSIONS: ProtocolVersion[] = ['0.8', '0.9', '0.9.1', '1.0'];

describe.each(VERSIONS)('integrity and topology, v%s', (version) => {
  it('accepts a valid tree', () => {
    expect(
      run(version, [
        { id: 'root', type: 'Column', refs: ['a', 'b'] },
        { id: 'a', type: 'Card', ref: 'b2' },
        { id: 'b', type: 'Text' },
        { id: 'b2', type: 'Text' },
      ]),
    ).not.toThrow();
  });

  it('duplicate ids', () => {
    const error = thrown(
      run(version, [
        { id: 'root', type: 'Text' },
        { id: 'root', type: 'Text' },
      ]),
    );
    expect([error.category, error.message]).toEqual(['IntegrityError', 'Duplicate component ID: root']);
    // Still an error without a start message.
    expect(
      thrown(
        run(
          version,
          [
            { id: 'a', type: 'Text' },
            { id: 'a', type: 'Text' },
          ],
          {},
          false,
        ),
      ).category,
    ).toBe('IntegrityError');
  });

  it('missing root only with the start message, unless allowed', () => {
    const specs: Spec[] = [{ id: 'other', type: 'Text' }];
    const error = thrown(run(version, specs));
    expect([error.category, error.message]).toEqual(['IntegrityError', "Missing root component: No component has id='root'"]);
    expect(run(version, specs, { allowMissingRoot: true })).not.toThrow();
    expect(run(version, specs, {}, false)).not.toThrow();
  });

  it('dangling references unless allowed', () => {
    const specs: Spec[] = [{ id: 'root', type: 'Column', refs: ['gone'] }];
    const error = thrown(run(version, specs));
    const field = version === '0.8' ? 'children.explicitList' : 'children';
    expect([error.category, error.message]).toEqual(['IntegrityError', `Component 'root' references non-existent component 'gone' in field '${field}'`]);
    expect(run(version, specs, { allowDangling: true })).not.toThrow();
  });

  it('self-references, also in incremental updates', () => {
    const specs: Spec[] = [{ id: 'root', type: 'Card', ref: 'root' }];
    const error = thrown(run(version, specs));
    expect([error.category, error.message]).toEqual(['RecursionError', "Self-reference detected: Component 'root' references itself in field 'child'"]);
    expect(thrown(run(version, [{ id: 'x', type: 'Card', ref: 'x' }], {}, false)).category).toBe('RecursionError');
  });

  it('cycles, also without a root', () => {
    const specs: Spec[] = [
      { id: 'root', type: 'Card', ref: 'a' },
      { id: 'a', type: 'Card', ref: 'root' },
    ];
    const error = thrown(run(version, specs));
    expect([error.category, error.message]).toEqual(['RecursionError', "Circular reference detected involving component 'root'"]);
    const loose: Spec[] = [
      { id: 'x', type: 'Card', ref: 'y' },
      { id: 'y', type: 'Card', ref: 'x' },
    ];
    expect(thrown(run(version, loose, {}, false)).message).toMatch(/^Circular reference detected/);
  });

  it('reference depth: 51 levels pass, 52 fail', () => {
    expect(run(version, chain(51))).not.toThrow();
    const error = thrown(run(version, chain(52)));
    expect([error.category, error.message]).toEqual(['RecursionError', 'Global recursion limit exceeded: logical depth > 50']);
  });

  it('orphans unless allowed, and never without the start message', () => {
    const specs: Spec[] = [
      { id: 'root', type: 'Text' },
      { id: 'zeta', type: 'Text' },
      { id: 'alpha', type: 'Text' },
    ];
    const error = thrown(run(version, specs));
    expect([error.category, error.message]).toEqual(['IntegrityError', "Component 'alpha' is not reachable from 'root'"]);
    expect(run(version, specs, { allowOrphans: true })).not.toThrow();
    expect(run(version, specs, {}, false)).not.toThrow();
  });
});

describe('graph rules across messages and surfaces', () => {
  it('v0.8 takes the root from beginRendering', () => {
    const specs: Spec[] = [
      { id: 'main', type: 'Card', ref: 't' },
      { id: 't', type: 'Text' },
    ];
    const catalog = catalogV08();
    expect(() => validateMessages(payload('0.8', specs, true, 'main'), catalog)).not.toThrow();
    expect(thrown(() => validateMessages(payload('0.8', [...specs, { id: 'o', type: 'Text' }], true, 'main'), catalog)).message).toBe(
      "Component 'o' is not reachable from 'main'",
    );
  });

  it('merges the components of one surface over several messages', () => {
    const catalog = catalogV09();
    const [start, first] = payload('0.9', [{ id: 'root', type: 'Card', ref: 'a' }]);
    const [, second] = payload('0.9', [{ id: 'a', type: 'Text' }]);
    expect(() => validateMessages([start, first, second], catalog)).not.toThrow();
    // The same id in two messages is an update, not a duplicate.
    expect(() => validateMessages([start, first, second, second], catalog)).not.toThrow();
  });

  it('orphans are judged from the message that last wrote a component on', () => {
    const catalog = catalogV09();
    const start = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'c' } };
    const update = (...list: object[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });
    const card = (id: string, child: string) => ({ id, component: 'Card', child });
    const text = (id: string) => ({ id, component: 'Text', text: id });
    // Re-parenting leaves `loading` behind: it was reachable when written.
    expect(() =>
      validateMessages([start, update(card('root', 'loading'), text('loading')), update(card('root', 'done'), text('done'))], catalog),
    ).not.toThrow();
    // Children before their parent.
    expect(() => validateMessages([start, update(text('a')), update(card('root', 'a'))], catalog)).not.toThrow();
    // Rewritten after it was cut off: an orphan.
    const late = [start, update(card('root', 'a'), text('a')), update(card('root', 'b'), text('b')), update(text('a'))];
    expect(thrown(() => validateMessages(late, catalog)).message).toBe("Component 'a' is not reachable from 'root'");
    expect(() => validateMessages(late, catalog, { allowOrphans: true })).not.toThrow();
  });

  it('checks each surface on its own', () => {
    const catalog = catalogV09();
    const surface = (id: string, child: string) => [
      { version: 'v0.9', createSurface: { surfaceId: id, catalogId: 'c' } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: id,
          components: [
            { id: 'root', component: 'Card', child },
            { id: child, component: 'Text', text: id },
          ],
        },
      },
    ];
    expect(() => validateMessages([...surface('a', 'x'), ...surface('b', 'y')], catalog)).not.toThrow();
    const broken = [
      ...surface('a', 'x'),
      surface('b', 'y')[0]!,
      { version: 'v0.9', updateComponents: { surfaceId: 'b', components: [{ id: 'x', component: 'Text', text: '' }] } },
    ];
    expect(thrown(() => validateMessages(broken, catalog)).message).toBe("Missing root component: No component has id='root'");
  });
});

describe('graph building blocks', () => {
  const catalog = catalogV09();
  const map = componentsById(
    components('0.9', [
      { id: 'root', type: 'Column', refs: ['a', 'b'] },
      { id: 'a', type: 'Card', ref: 'b' },
      { id: 'b', type: 'Text' },
    ]),
  );

  it('forEachComponentReference reports ids and fields', () => {
    const seen: string[] = [];
    forEachComponentReference(catalog, map.get('root'), (id, field) => seen.push(`${field}:${id}`));
    forEachComponentReference(catalog, { id: 'x', component: 'Unknown', child: 'y' }, (id) => seen.push(id));
    expect(seen).toEqual(['children:a', 'children:b']);
  });

  it('checkIntegrity and checkTopology work on a map', () => {
    expect(() => checkIntegrity(map, 'root', catalog)).not.toThrow();
    expect(() => checkTopology(map, 'root', catalog)).not.toThrow();
    expect(thrown(() => checkTopology(map, 'a', catalog)).message).toBe("Component 'root' is not reachable from 'a'");
    expect(() => checkTopology(map, 'a', catalog, { allowOrphans: true })).not.toThrow();
    expect(thrown(() => checkIntegrity(map, 'main', catalog)).category).toBe('IntegrityError');
    expect(() => checkIntegrity(map, 'main', catalog, { allowMissingRoot: true })).not.toThrow();
  });

  // A lattice of `layers` diamonds: 2^layers paths from the root, 2 × layers + 1 components.
  const lattice = (layers: number) => {
    const specs: Spec[] = [{ id: 'root', type: 'Column', refs: ['l0a', 'l0b'] }];
    for (let i = 0; i < layers; i++) {
      const next = i + 1 < layers ? [`l${i + 1}a`, `l${i + 1}b`] : [];
      specs.push({ id: `l${i}a`, type: 'Column', refs: next }, { id: `l${i}b`, type: 'Column', refs: next });
    }
    return componentsById(components('0.9', specs));
  };

  // Work counted, not timed (the time's growth with the layers is in bench/, linearity): a walk
  // that measured a shared sub-tree once per path would look up 2^16 paths' worth. A walk that
  // never ends cannot be stopped by a test timeout, so the lattice stays small.
  it('shared sub-trees are measured once: map look-ups grow with the components, not the paths', () => {
    const graph = lattice(16);
    const get = vi.spyOn(Map.prototype, 'get');
    try {
      expect(() => checkTopology(graph, 'root', catalog)).not.toThrow();
      expect(get.mock.calls.length).toBeGreaterThan(graph.size);
      expect(get.mock.calls.length).toBeLessThan(20 * graph.size);
    } finally {
      get.mockRestore();
    }
  });

  it('a shared sub-tree reached first by a short path counts at the depth of its longest path', () => {
    // root → c1 → … and root → m1 → m2 → c1 → …: the longest path has two more levels.
    const shared = (length: number) => {
      const [, ...rest] = chain(length);
      return componentsById(
        components('0.9', [
          { id: 'root', type: 'Column', refs: ['c1', 'm1'] },
          { id: 'm1', type: 'Card', ref: 'm2' },
          { id: 'm2', type: 'Card', ref: 'c1' },
          ...rest,
        ]),
      );
    };
    expect(() => checkTopology(shared(49), 'root', catalog)).not.toThrow();
    expect(thrown(() => checkTopology(shared(50), 'root', catalog)).message).toBe('Global recursion limit exceeded: logical depth > 50');
  });
});
