/**
 * Realistic model responses built from a seed: conversational text around `<a2ui-json>` blocks
 * that create surfaces, stream component trees and data models, in any protocol version, written
 * with `decompile`/`wrapDecompiledBlocks` as a model would. Valid against the basic catalogs.
 */
import { decompile, wrapDecompiledBlocks } from '../../src/response/index.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import type { A2uiMessage } from '../../src/types.js';
import { Rng } from './rng.js';

/** A generated response: its text, and the messages its blocks hold, in order. */
export interface RandomResponse {
  text: string;
  messages: A2uiMessage[];
}

/** Strings that stress the JSON and tag layers when they appear inside values. */
const TRICKY_STRINGS = [
  'Hello, world',
  'Quote " and backslash \\ inside',
  'Tags inside strings: <a2ui-json> and </a2ui-json>',
  'Unicode: café, 日本語, emoji 🎉👩‍👩‍👧',
  'Braces { } [ ] and commas , , in text',
  'Line\nbreak and\ttab',
  '',
  'Curly “quotes” and ‘single’ ones',
  'A long-ish sentence that goes on for a while so that chunk boundaries fall inside it often.',
];

const PROSE = [
  'Here is what I found.',
  'Sure! Let me build that for you.',
  'Done — the form is below.',
  'Note: a < b and c > d, not a tag.',
  'The weather today is sunny, 24°C 🌞.',
  '```\nsome code <a2ui-jso\n```',
  'Write `</a2ui-json>` only after a block.',
  'Multi-line\ntext\n\nwith blank lines.',
];

const CATALOG_IDS: Record<ProtocolVersion, string> = {
  '0.8': 'https://a2ui.org/specification/v0_8/standard_catalog_definition.json',
  '0.9': 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
  '0.9.1': 'https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json',
  '1.0': 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json',
};

const WIRE: Record<ProtocolVersion, string | undefined> = { '0.8': undefined, '0.9': 'v0.9', '0.9.1': 'v0.9.1', '1.0': 'v1.0' };

type Obj = Record<string, unknown>;

/** A component tree of `n` components under `root`, as `{id, type, props}` in a version-neutral form. */
interface Node {
  id: string;
  type: 'Column' | 'Row' | 'Card' | 'Text' | 'Button' | 'Divider';
  children: string[];
  text?: string;
  path?: string;
}

function tree(rng: Rng, size: number, prefix: string): Node[] {
  const nodes: Node[] = [{ id: 'root', type: 'Column', children: [] }];
  const containers = [nodes[0] as Node];
  for (let i = 1; i < size; i++) {
    const parent = rng.pick(containers);
    const id = `${prefix}${i}`;
    const type = rng.pick(['Column', 'Row', 'Card', 'Text', 'Text', 'Text', 'Button', 'Divider'] as const);
    if (parent.type === 'Card' && parent.children.length > 0) {
      i--;
      containers.splice(containers.indexOf(parent), 1);
      if (containers.length === 0) break;
      continue;
    }
    parent.children.push(id);
    const node: Node = { id, type, children: [] };
    if (type === 'Text') {
      if (rng.chance(0.3)) node.path = `/field${rng.int(0, 3)}`;
      else node.text = rng.pick(TRICKY_STRINGS);
    }
    if (type === 'Button') {
      const label: Node = { id: `${id}-label`, type: 'Text', children: [], text: rng.pick(TRICKY_STRINGS) };
      node.children.push(label.id);
      nodes.push(node, label);
      continue;
    }
    nodes.push(node);
    if (type === 'Column' || type === 'Row' || type === 'Card') containers.push(node);
  }
  // Cards need exactly one child.
  for (const node of nodes) {
    if (node.type === 'Card' && node.children.length === 0) {
      const id = `${node.id}-body`;
      node.children.push(id);
      nodes.push({ id, type: 'Text', children: [], text: 'card body' });
    }
  }
  return nodes;
}

function v09Component(node: Node): Obj {
  const c: Obj = { id: node.id, component: node.type };
  if (node.type === 'Column' || node.type === 'Row') c.children = node.children;
  if (node.type === 'Card') c.child = node.children[0];
  if (node.type === 'Text') c.text = node.path !== undefined ? { path: node.path } : (node.text ?? '');
  if (node.type === 'Button') {
    c.child = node.children[0];
    c.action = { event: { name: 'pressed', context: { id: node.id } } };
  }
  return c;
}

function v08Component(node: Node): Obj {
  let props: Obj = {};
  if (node.type === 'Column' || node.type === 'Row') props = { children: { explicitList: node.children } };
  if (node.type === 'Card') props = { child: node.children[0] };
  if (node.type === 'Text') props = { text: node.path !== undefined ? { path: node.path } : { literalString: node.text ?? '' } };
  if (node.type === 'Button') props = { child: node.children[0], action: { name: 'pressed' } };
  return { id: node.id, component: { [node.type]: props } };
}

function dataValue(rng: Rng): Obj {
  const value: Obj = {};
  const n = rng.int(1, 4);
  for (let i = 0; i < n; i++) value[`field${i}`] = rng.pick(TRICKY_STRINGS);
  if (rng.chance(0.4)) value.items = Array.from({ length: rng.int(0, 4) }, (_, i) => ({ name: `item ${i}`, n: i }));
  return value;
}

function surfaceMessages(rng: Rng, version: ProtocolVersion, surfaceId: string): A2uiMessage[] {
  const nodes = tree(rng, rng.int(1, 12), `${surfaceId}-c`);
  const wire = WIRE[version];
  const withVersion = (body: Obj) => (wire === undefined ? body : { version: wire, ...body }) as A2uiMessage;
  const split = rng.chance(0.3) ? rng.int(1, nodes.length) : nodes.length;
  const groups = [nodes.slice(0, split), nodes.slice(split)].filter((g) => g.length > 0);
  const messages: A2uiMessage[] = [];
  if (version === '0.8') {
    for (const group of groups) messages.push({ surfaceUpdate: { surfaceId, components: group.map(v08Component) } } as A2uiMessage);
    if (rng.chance(0.6)) {
      const contents = Object.entries(dataValue(rng)).map(([key, v]) =>
        typeof v === 'string' ? { key, valueString: v } : { key, valueMap: [{ key: 'count', valueNumber: (v as unknown[]).length }] },
      );
      messages.push({ dataModelUpdate: { surfaceId, contents } });
    }
    messages.splice(rng.int(0, messages.length), 0, { beginRendering: { surfaceId, root: 'root' } });
    return messages;
  }
  messages.push(withVersion({ createSurface: { surfaceId, catalogId: CATALOG_IDS[version] } }));
  for (const group of groups) messages.push(withVersion({ updateComponents: { surfaceId, components: group.map(v09Component) } }));
  if (rng.chance(0.6)) {
    const body: Obj = rng.chance(0.5) ? { surfaceId, value: dataValue(rng) } : { surfaceId, path: '/user', value: dataValue(rng) };
    messages.push(withVersion({ updateDataModel: body }));
  }
  return messages;
}

/** Splits `messages` into 1..3 consecutive non-empty groups (one per block). */
function blocks(rng: Rng, messages: A2uiMessage[]): A2uiMessage[][] {
  const out: A2uiMessage[][] = [];
  let rest = messages;
  while (rest.length > 0) {
    const n = rng.chance(0.5) ? rest.length : rng.int(1, rest.length);
    out.push(rest.slice(0, n));
    rest = rest.slice(n);
  }
  return out;
}

/** A response in `version` built from `seed`: 1-3 surfaces, text between and around blocks. */
export function randomResponse(seed: number, version: ProtocolVersion): RandomResponse {
  const rng = new Rng(seed);
  const messages: A2uiMessage[] = [];
  const surfaces = rng.int(1, 3);
  for (let s = 0; s < surfaces; s++) messages.push(...surfaceMessages(rng, version, `s${s}`));
  if (version !== '0.8' && rng.chance(0.15)) {
    const wire = WIRE[version] as string;
    messages.push({ version: wire, deleteSurface: { surfaceId: 's0' } } as A2uiMessage);
  }
  const pieces: string[] = [];
  if (rng.chance(0.8)) pieces.push(rng.pick(PROSE));
  for (const block of blocks(rng, messages)) {
    const body = rng.chance(0.2) && block.length > 1 ? block.map((m) => decompile(m)) : [decompile(block)];
    pieces.push(wrapDecompiledBlocks(body));
    if (rng.chance(0.6)) pieces.push(rng.pick(PROSE));
  }
  return { text: pieces.join(rng.pick(['\n', '\n\n', ' ', ''])), messages };
}
