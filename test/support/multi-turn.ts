/**
 * Conversations of two or three turns built from a seed, in any protocol version, for the
 * cross-turn property test: turn 1 draws one or two surfaces; each later turn changes them as a
 * chat app's next turn does (a text rewritten, a Text turned into a Card, a child list grown,
 * shrunk or reordered, a new container with many children, a data-model entry set or deleted, a
 * surface deleted and recreated in the same response, a new surface), with children written before
 * or after their parents, in one to three blocks. Every message is valid against the basic catalog
 * of its version (v0.9: and applies cleanly in `@a2ui/web_core`). With `noise`, what a client may
 * have applied after turn 1 beside the model's messages is made too, for a `history` to hold.
 */
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import type { A2uiMessage } from '../../src/types.js';
import { Rng } from './rng.js';

type Obj = Record<string, unknown>;

/** A component of the generated trees (`Clock`: a type no basic catalog has, from the noise). */
interface Node {
  id: string;
  type: 'Column' | 'Row' | 'Card' | 'Text' | 'Clock';
  children: string[];
  text?: string;
}

/** One turn: its text, the messages its blocks hold, and the surfaces earlier turns created. */
export interface Turn {
  readonly text: string;
  readonly messages: A2uiMessage[];
  readonly surfaces: readonly string[];
}

/** A message of the noise, and whether a renderer applies it (the others name nothing it has). */
export interface Noise {
  readonly message: A2uiMessage;
  readonly applied: boolean;
}

/** A generated conversation: two or three turns, and the noise after turn 1 (empty without `noise`). */
export interface Conversation {
  readonly turns: readonly Turn[];
  readonly noise: readonly Noise[];
}

const TEXTS = [
  'Hello',
  'Dinner at Lumen, 8pm',
  'A “quoted” text, with {braces} and [brackets]',
  'Unicode: café 日本語 🎉',
  '',
  'A long-ish sentence that goes on for a while so that chunk boundaries fall inside it often.',
];

const CATALOG_IDS: Record<ProtocolVersion, string> = {
  '0.8': 'https://a2ui.org/specification/v0_8/standard_catalog_definition.json',
  '0.9': 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
  '0.9.1': 'https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json',
  '1.0': 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json',
};

/** How one version writes the generated messages. */
class Wire {
  constructor(readonly version: ProtocolVersion) {}

  private message(body: Obj): A2uiMessage {
    return (this.version === '0.8' ? body : { version: `v${this.version}`, ...body }) as A2uiMessage;
  }

  create(surfaceId: string): A2uiMessage {
    return this.message(
      this.version === '0.8' ? { beginRendering: { surfaceId, root: 'root' } } : { createSurface: { surfaceId, catalogId: CATALOG_IDS[this.version] } },
    );
  }

  update(surfaceId: string, components: readonly Obj[]): A2uiMessage {
    return this.message({ [this.version === '0.8' ? 'surfaceUpdate' : 'updateComponents']: { surfaceId, components: [...components] } });
  }

  /** Sets `key` of the data model's root to `value` (v0.9, v0.9.1: `undefined` deletes it; v1.0 requires a value). */
  data(surfaceId: string, key: string, value: string | number | Obj | undefined): A2uiMessage {
    if (value === undefined && this.version === '1.0') value = '';
    if (this.version !== '0.8')
      return this.message({ updateDataModel: value === undefined ? { surfaceId, path: `/${key}` } : { surfaceId, path: `/${key}`, value } });
    const entry =
      typeof value === 'number' ? { key, valueNumber: value } : { key, valueString: typeof value === 'string' ? value : JSON.stringify(value ?? '') };
    return this.message({ dataModelUpdate: { surfaceId, contents: [entry] } });
  }

  remove(surfaceId: string): A2uiMessage {
    return this.message({ deleteSurface: { surfaceId } });
  }

  component(node: Node): Obj {
    if (this.version === '0.8') {
      let props: Obj = {};
      if (node.type === 'Column' || node.type === 'Row') props = { children: { explicitList: [...node.children] } };
      if (node.type === 'Card') props = { child: node.children[0] };
      if (node.type === 'Text') props = { text: { literalString: node.text ?? '' } };
      if (node.type === 'Clock') props = { hands: 2 };
      return { id: node.id, component: { [node.type]: props } };
    }
    const out: Obj = { id: node.id, component: node.type };
    if (node.type === 'Column' || node.type === 'Row') out.children = [...node.children];
    if (node.type === 'Card') out.child = node.children[0];
    if (node.type === 'Text') out.text = node.text ?? '';
    if (node.type === 'Clock') out.hands = 2;
    return out;
  }
}

/** Shuffles `items` in place. */
function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** One surface's tree as the renderer holds it after a turn. */
class Tree {
  readonly nodes = new Map<string, Node>();
  private next = 0;

  constructor(
    private readonly rng: Rng,
    readonly prefix: string,
  ) {}

  text(): Node {
    return { id: `${this.prefix}${this.next++}`, type: 'Text', children: [], text: this.rng.pick(TEXTS) };
  }

  /** A fresh tree of about `size` components under `root`; returns every node in a random order. */
  grow(size: number): Node[] {
    const root: Node = { id: 'root', type: 'Column', children: [] };
    const made = [root];
    const containers = [root];
    for (let i = 1; i < size; i++) {
      const parent = this.rng.pick(containers);
      const type = this.rng.pick(['Column', 'Row', 'Card', 'Text', 'Text', 'Text'] as const);
      const node: Node = type === 'Text' ? this.text() : { id: `${this.prefix}${this.next++}`, type, children: [] };
      parent.children.push(node.id);
      if (parent.type === 'Card') containers.splice(containers.indexOf(parent), 1);
      made.push(node);
      if (type !== 'Text') containers.push(node);
    }
    for (const node of [...made]) {
      if (node.type === 'Card' && node.children.length === 0) {
        const body = this.text();
        node.children.push(body.id);
        made.push(body);
      }
    }
    this.nodes.clear();
    for (const node of made) this.nodes.set(node.id, node);
    return this.rng.chance(0.5) ? made : shuffle(this.rng, made);
  }

  /** A node of `types`, or `undefined`. */
  pick(types: readonly Node['type'][]): Node | undefined {
    const found = [...this.nodes.values()].filter((node) => types.includes(node.type));
    return found.length === 0 ? undefined : this.rng.pick(found);
  }
}

/** The components a change writes: a redefined parent and the new children, children first or last. */
function ordered(rng: Rng, parent: Node, fresh: Node[]): Node[] {
  return rng.chance(0.5) ? [parent, ...fresh] : [...fresh, parent];
}

/** The components a later turn writes for one change of `tree`; `undefined` when it has nothing to change. */
function change(rng: Rng, tree: Tree): Node[] | undefined {
  const kind = rng.pick(['text', 'list', 'list', 'container', 'card', 'retype'] as const);
  if (kind === 'retype') {
    // A Text becomes a Card around a new Text (web_core recreates a component whose type changes).
    const node = tree.pick(['Text']);
    if (node === undefined) return undefined;
    const body = tree.text();
    Object.assign(node, { type: 'Card', children: [body.id], text: undefined });
    tree.nodes.set(body.id, body);
    return ordered(rng, node, [body]);
  }
  if (kind === 'text') {
    const node = tree.pick(['Text']);
    if (node === undefined) return undefined;
    node.text = rng.pick(TEXTS) + (rng.chance(0.5) ? ' (changed)' : '');
    return [node];
  }
  if (kind === 'card') {
    const node = tree.pick(['Card']);
    if (node === undefined) return undefined;
    const body = tree.text();
    node.children = [body.id];
    tree.nodes.set(body.id, body);
    return ordered(rng, node, [body]);
  }
  const parent = tree.pick(['Column', 'Row']);
  if (parent === undefined) return undefined;
  if (kind === 'container') {
    // A new container with enough children that its list is shown at geometric growth.
    const box: Node = { id: `${tree.prefix}box${rng.int(0, 1e6)}`, type: rng.pick(['Column', 'Row'] as const), children: [] };
    const fresh = Array.from({ length: rng.int(6, 30) }, () => tree.text());
    box.children = fresh.map((node) => node.id);
    for (const node of [box, ...fresh]) tree.nodes.set(node.id, node);
    parent.children = [...parent.children, box.id];
    const written = rng.chance(0.5) ? [box, ...fresh] : [...fresh, box];
    return ordered(rng, parent, written);
  }
  // The list shrinks, is reordered, or grows (by up to 20 new children, in any place).
  let children = [...parent.children];
  if (rng.chance(0.4) && children.length > 0) children = children.filter(() => rng.chance(0.5));
  if (rng.chance(0.5)) shuffle(rng, children);
  const fresh: Node[] = [];
  if (rng.chance(0.6)) {
    for (let i = rng.int(1, 20); i > 0; i--) {
      const node = tree.text();
      fresh.push(node);
      children.splice(rng.int(0, children.length), 0, node.id);
    }
  }
  parent.children = children;
  for (const node of fresh) tree.nodes.set(node.id, node);
  return ordered(rng, parent, fresh);
}

/** `messages` as response text: prose, then the messages in one to `maxBlocks` blocks, with prose between. */
function respond(rng: Rng, messages: readonly A2uiMessage[], maxBlocks: number): string {
  const blocks = rng.int(1, Math.min(maxBlocks, messages.length));
  const cuts = new Set<number>();
  while (cuts.size < blocks - 1) cuts.add(rng.int(1, messages.length - 1));
  const bounds = [0, ...[...cuts].sort((a, b) => a - b), messages.length];
  let text = rng.pick(['Here you go.\n', 'Sure! ', '']);
  for (let i = 0; i + 1 < bounds.length; i++) {
    const group = messages.slice(bounds[i], bounds[i + 1]);
    const json = rng.chance(0.5) ? JSON.stringify(group) : JSON.stringify(group, null, 1);
    text += `<a2ui-json>${json}</a2ui-json>${rng.pick(['\n', ' Updated. ', ''])}`;
  }
  return text;
}

/** A data-model object: a name, and a list of items of a few fields each. */
function userData(rng: Rng): Obj {
  const items = Array.from({ length: rng.int(0, 12) }, (_, i) => ({ name: rng.pick(TEXTS), n: i, done: rng.chance(0.5) }));
  return rng.chance(0.5) ? { name: rng.pick(TEXTS), items } : { items, address: { city: rng.pick(TEXTS), zip: String(rng.int(10000, 99999)) } };
}

/** The messages of one later turn changing `trees` (and adding a surface to it, sometimes). */
function laterTurn(rng: Rng, wire: Wire, trees: Map<string, Tree>): A2uiMessage[] {
  const turn: A2uiMessage[] = [];
  const component = (node: Node) => wire.component(node);
  for (const [surfaceId, tree] of [...trees]) {
    if (rng.chance(0.15)) {
      // Deleted and drawn again in the same response, under ids the old tree used too.
      const fresh = new Tree(rng, `${surfaceId}-c`);
      trees.set(surfaceId, fresh);
      turn.push(wire.remove(surfaceId), wire.create(surfaceId), wire.update(surfaceId, fresh.grow(rng.int(1, 10)).map(component)));
      continue;
    }
    // Components as written when they changed (a later change may change a node again).
    let written: Obj[] = [];
    for (let i = rng.int(1, 4); i > 0; i--) {
      const nodes = change(rng, tree);
      if (nodes === undefined) continue;
      // One message names each component once: a component changed again goes in the next one.
      if (nodes.some((node) => written.some((c) => c.id === node.id))) {
        turn.push(wire.update(surfaceId, written));
        written = [];
      }
      written.push(...nodes.map(component));
      if (rng.chance(0.4)) {
        turn.push(wire.update(surfaceId, written));
        written = [];
      }
    }
    if (written.length > 0) turn.push(wire.update(surfaceId, written));
    // v0.9+: no value deletes the entry.
    if (rng.chance(0.4)) turn.push(wire.data(surfaceId, rng.pick(['guests', 'note']), rng.chance(0.25) ? undefined : rng.pick(TEXTS)));
    // An object streamed in parts (v0.9+: each partial sets a path under it), replacing the last one.
    if (rng.chance(0.3)) turn.push(wire.data(surfaceId, 'user', userData(rng)));
  }
  if (!trees.has('new') && rng.chance(0.2)) {
    const tree = new Tree(rng, 'new-c');
    trees.set('new', tree);
    turn.push(wire.create('new'), wire.update('new', tree.grow(rng.int(1, 6)).map(component)));
  }
  if (turn.length === 0) turn.push(wire.data([...trees.keys()][0] as string, 'note', 'x'));
  return turn;
}

/**
 * What a client may have applied after turn 1 beside the model's messages: a component of a type
 * the catalog does not know, on screen under the root of `surfaceId` (`tree` learns it), and
 * messages with nothing a renderer applies.
 */
function noiseFor(wire: Wire, surfaceId: string, tree: Tree): Noise[] {
  const root = tree.nodes.get('root') as Node;
  const clock: Node = { id: 'clock', type: 'Clock', children: [] };
  root.children.push(clock.id);
  tree.nodes.set(clock.id, clock);
  const nothing: unknown[] = [{ foo: 1 }, wire.update('nope', [wire.component({ id: 'root', type: 'Text', children: [], text: 'x' })])];
  if (wire.version !== '0.8')
    nothing.push({ version: `v${wire.version}`, updateDataModel: {} }, { version: `v${wire.version}`, updateComponents: { surfaceId, components: 'none' } });
  return [
    ...nothing.map((message) => ({ message: message as A2uiMessage, applied: false })),
    { message: wire.update(surfaceId, [wire.component(root), wire.component(clock)]), applied: true },
  ];
}

/** A conversation of two or three turns from `seed` in `version`; with `noise`, noise after turn 1. */
export function conversation(seed: number, version: ProtocolVersion = '0.9', noise = false): Conversation {
  const rng = new Rng(seed);
  const wire = new Wire(version);
  const trees = new Map((rng.chance(0.6) ? ['s'] : ['s', 't']).map((id) => [id, new Tree(rng, `${id}-c`)]));
  const first: A2uiMessage[] = [];
  for (const [surfaceId, tree] of trees) {
    first.push(wire.create(surfaceId));
    const nodes = tree.grow(rng.int(1, 10));
    // A complete components message of a started surface must hold its root: the root goes first.
    nodes.unshift(
      ...nodes.splice(
        nodes.findIndex((node) => node.id === 'root'),
        1,
      ),
    );
    const split = rng.chance(0.3) ? rng.int(1, nodes.length) : nodes.length;
    for (const group of [nodes.slice(0, split), nodes.slice(split)])
      if (group.length > 0)
        first.push(
          wire.update(
            surfaceId,
            group.map((node) => wire.component(node)),
          ),
        );
    if (rng.chance(0.5)) first.push(wire.data(surfaceId, 'guests', rng.int(1, 8)));
    if (rng.chance(0.3)) first.push(wire.data(surfaceId, 'user', userData(rng)));
  }
  const turns = [{ text: respond(rng, first, 2), messages: first, surfaces: [] as string[] }];
  const [surfaceId, tree] = [...trees][0] as [string, Tree];
  const extra = noise ? noiseFor(wire, surfaceId, tree) : [];
  for (let n = rng.chance(0.3) ? 2 : 1; n > 0; n--) {
    const surfaces = [...trees.keys()];
    const messages = laterTurn(rng, wire, trees);
    turns.push({ text: respond(rng, messages, 3), messages, surfaces });
  }
  return { turns, noise: extra };
}
