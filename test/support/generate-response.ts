/**
 * A deterministic generator of realistic model responses in the direct-JSON format: paragraphs of
 * conversational text with `<a2ui-json>` blocks between them. Each block holds one surface built
 * like the spec's basic-catalog examples (cards of nested rows and columns, headings, long texts
 * with non-ASCII characters and escapes, buttons with actions, form fields, a data model the
 * components bind to), written in the chosen protocol version. Used by the benchmarks (`bench/`)
 * and by tests that want large, valid input.
 */
import type { A2uiMessage, FlatComponent, NestedComponent } from '../../src/index.js';
import { Rng } from './rng.js';

/** The protocol versions the generator writes. */
export type GeneratedVersion = '0.8' | '0.9' | '1.0';

/** Options of {@link generateResponse}. */
export interface GenerateOptions {
  /** Protocol version of the messages. */
  version: GeneratedVersion;
  /** Approximate length of the response, in characters (UTF-16 code units); at least ~2,000. */
  targetBytes: number;
  /** Seed of the pseudo-random choices: the same options give the same response. Default 1. */
  seed?: number;
  /** Number of blocks. Default: one per ~20,000 characters, at least 2. */
  blocks?: number;
}

/** One generated block. */
export interface GeneratedBlock {
  /** The block's JSON (the text between the tags, without the surrounding newlines). */
  json: string;
  /** The messages the JSON holds. */
  messages: A2uiMessage[];
}

/** A generated response. */
export interface GeneratedResponse {
  /** The whole response, text and tagged blocks. */
  text: string;
  /** Every message of every block, in order. */
  messages: A2uiMessage[];
  /** The blocks, in order. */
  blocks: GeneratedBlock[];
}

/**
 * Generates a realistic model response of about `targetBytes` characters.
 *
 * @example
 * ```ts
 * const { text, messages } = generateResponse({ version: '0.9', targetBytes: 50_000, seed: 7 });
 * ```
 */
export function generateResponse(options: GenerateOptions): GeneratedResponse {
  const seeded = new Rng(options.seed ?? 1);
  const rng: Random = () => seeded.next();
  const blockCount = Math.max(1, options.blocks ?? Math.max(2, Math.round(options.targetBytes / 20_000)));
  const proseShare = 0.08;
  const blockBudget = (options.targetBytes * (1 - proseShare)) / blockCount;
  const proseBudget = (options.targetBytes * proseShare) / (blockCount + 1);
  const parts: string[] = [];
  const blocks: GeneratedBlock[] = [];
  for (let b = 0; b < blockCount; b++) {
    parts.push(prose(rng, proseBudget, b === 0 ? OPENERS : BRIDGES));
    const block = surfaceBlock(rng, options.version, `${SURFACE_KINDS[b % SURFACE_KINDS.length]}-${b + 1}`, blockBudget);
    blocks.push(block);
    parts.push(`\n\n<a2ui-json>\n${block.json}\n</a2ui-json>\n\n`);
  }
  parts.push(prose(rng, proseBudget, CLOSERS));
  return { text: parts.join(''), messages: blocks.flatMap((block) => block.messages), blocks };
}

type Random = () => number;

function pick<T>(rng: Random, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)] as T;
}

const SURFACE_KINDS = ['order-summary', 'trip-planner', 'team-dashboard', 'recipe-book', 'event-schedule'];

const OPENERS = [
  "Sure! Here's what I found for you — I've put the details in a card below.",
  'Bonjour ! Voici le résumé demandé, avec les prix en € et les délais de livraison.',
  'Of course. I compared the options and grouped them by category:',
];
const BRIDGES = [
  'Next, here is a second view that breaks things down further. Prices shown are < €500 per item.',
  'Aquí tienes la información adicional — también incluí los horarios de atención.',
  'I also pulled together the schedule. Note: times are in "local time" (UTC+1).',
  'Hier ist die Übersicht für München & Zürich, Stand heute.',
];
const CLOSERS = [
  'Let me know if you want me to change anything — happy to help! 🙂',
  'ご不明な点があればお知らせください。Anything else I can do?',
  "That's everything for now. Tap a button above to continue.",
];
const SENTENCES = [
  'The package ships from our warehouse in Köln and usually arrives within 3–5 business days.',
  'Our café near the Zócalo serves crème brûlée, churros and a very good piña colada.',
  '東京駅から徒歩5分のホテルは、朝食付きで一泊¥18,000です。',
  'Use the path C:\\Users\\demo\\Downloads if the file does not open automatically.',
  'She said: "this is the best option for families", and I agree.',
  'Temperatures range from −3 °C at night to 12 °C in the afternoon.',
  'Прогулка по набережной занимает около сорока минут.',
  'Tickets: adult €24.50, child €12 → family pass €60 (2 adults + 2 children).',
  'Μια μικρή ταβέρνα στην Πλάκα σερβίρει φρέσκο ψάρι κάθε μέρα. 🐟',
  'Line one of the note.\nLine two, indented:\n\t• bring a passport\n\t• bring an adapter',
  'The Ω-series model weighs 1.2 kg — roughly 30% lighter than last year’s.',
  'Rated ★★★★☆ by 1,284 guests; “quiet rooms, friendly staff”.',
  'Check-in opens at 15:00; late arrivals should call the front desk first 📞.',
];

function prose(rng: Random, budget: number, openers: readonly string[]): string {
  let out = pick(rng, openers);
  while (out.length < budget) out += (rng() < 0.2 ? '\n\n' : ' ') + pick(rng, SENTENCES).replace(/\n\t?/g, ' ');
  return out;
}

function longText(rng: Random, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(pick(rng, SENTENCES));
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------
// A version-neutral surface model, rendered per version below.

type Value = { lit: string } | { path: string; format?: 'heading' | 'date' };
type Hint = 'h1' | 'h2' | 'h3' | 'body' | 'caption';

type Node =
  | { id: string; type: 'Text'; text: Value; hint?: Hint }
  | { id: string; type: 'Image'; url: Value; fit: 'cover' | 'contain' }
  | { id: string; type: 'Icon'; name: string }
  | { id: string; type: 'Row' | 'Column' | 'List'; children: string[]; align?: 'start' | 'center' | 'end' }
  | { id: string; type: 'Card'; child: string }
  | { id: string; type: 'Divider' }
  | { id: string; type: 'Button'; child: string; primary: boolean; action: string; context: Record<string, Value> }
  | { id: string; type: 'TextField'; label: string; value: string }
  | { id: string; type: 'CheckBox'; label: string; value: string };

interface Item {
  name: string;
  description: string;
  price: number;
  status: string;
  date: string;
  done: boolean;
  note: string;
}

const ICONS = ['star', 'info', 'event', 'locationOn', 'shoppingCart', 'favorite', 'mail', 'call', 'home'];
const NAMES = ['Café Müller', 'Hôtel de l’Europe', 'Łódź Express', 'São Paulo Deli', 'Ærø Ferry', 'Zürich Loft', '北京烤鸭店', 'Ristorante “Da Nino”'];
const STATUSES = ['Confirmed', 'Pending', 'Shipped', 'Delayed — see note', 'Cancelled'];

function item(rng: Random, index: number): Item {
  const day = 1 + Math.floor(rng() * 28);
  return {
    name: `${pick(rng, NAMES)} #${index + 1}`,
    description: longText(rng, 2 + Math.floor(rng() * 4)),
    price: Math.round(rng() * 100_000) / 100,
    status: pick(rng, STATUSES),
    date: `2025-${String(1 + (index % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    done: rng() < 0.5,
    note: pick(rng, SENTENCES),
  };
}

/** The components of one section (a card about item `i`), ids prefixed by `s<i>`. */
function section(rng: Random, i: number, version: GeneratedVersion): Node[] {
  const sep = version === '1.0' ? '_' : '-';
  const id = (name: string) => `s${i}${sep}${name}`;
  // v0.8 data models are flat maps (`item0`, …); later versions hold a list.
  const at = (field: string): string => (version === '0.8' ? `/item${i}/${field}` : `/items/${i}/${field}`);
  const nodes: Node[] = [
    { id: id('card'), type: 'Card', child: id('body') },
    { id: id('body'), type: 'Column', children: [id('header'), id('description'), id('meta'), id('actions')] },
    { id: id('header'), type: 'Row', children: [id('icon'), id('title')], align: 'center' },
    { id: id('icon'), type: 'Icon', name: pick(rng, ICONS) },
    { id: id('title'), type: 'Text', text: { path: at('name'), format: 'heading' }, hint: 'h3' },
    { id: id('description'), type: 'Text', text: { path: at('description') }, hint: 'body' },
    { id: id('meta'), type: 'Row', children: [id('price'), id('status'), id('date')], align: 'center' },
    { id: id('price'), type: 'Text', text: { path: at('price') }, hint: 'body' },
    { id: id('status'), type: 'Text', text: { path: at('status') }, hint: 'caption' },
    { id: id('date'), type: 'Text', text: { path: at('date'), format: 'date' }, hint: 'caption' },
    { id: id('actions'), type: 'Row', children: [id('done'), id('open')], align: 'end' },
    { id: id('done'), type: 'CheckBox', label: 'Done ✓', value: at('done') },
    {
      id: id('open'),
      type: 'Button',
      child: id('open_label'),
      primary: rng() < 0.5,
      action: 'open_item',
      context: { item: { path: at('name') }, source: { lit: 'card' } },
    },
    { id: id('open_label'), type: 'Text', text: { lit: pick(rng, ['Details →', 'Öffnen', 'Voir plus', '詳しく']) } },
  ];
  if (rng() < 0.4) {
    (nodes[1] as { children: string[] }).children.splice(1, 0, id('image'));
    nodes.push({ id: id('image'), type: 'Image', url: { lit: `https://example.com/img/${i}.jpg?w=640&q=80` }, fit: 'cover' });
  }
  if (rng() < 0.3) {
    (nodes[1] as { children: string[] }).children.push(id('note'));
    nodes.push({ id: id('note'), type: 'TextField', label: 'Note', value: at('note') });
  }
  return nodes;
}

function surfaceBlock(rng: Random, version: GeneratedVersion, surfaceId: string, budget: number): GeneratedBlock {
  const sep = version === '1.0' ? '_' : '-';
  const indent = pick(rng, [2, 2, 2, 0, 4]);
  const beginFirst = rng() < 0.5;
  const title = `${pick(rng, NAMES)} — ${pick(rng, ['Übersicht', 'Résumé', 'Overview', '概要'])}`;
  const intro = longText(rng, 6);
  const build = (count: number, items: Item[]): A2uiMessage[] => {
    const sections: string[] = [];
    const nodes: Node[] = [
      { id: 'root', type: 'Column', children: ['header', 'intro', `top${sep}divider`, 'sections', 'footer'] },
      { id: 'header', type: 'Text', text: { lit: title }, hint: 'h1' },
      { id: 'intro', type: 'Text', text: { lit: intro }, hint: 'body' },
      { id: `top${sep}divider`, type: 'Divider' },
      { id: 'sections', type: 'List', children: sections },
      { id: 'footer', type: 'Row', children: [`footer${sep}text`, `footer${sep}button`], align: 'center' },
      { id: `footer${sep}text`, type: 'Text', text: { path: '/summary' }, hint: 'caption' },
      { id: `footer${sep}button`, type: 'Button', child: `footer${sep}label`, primary: true, action: 'confirm', context: { surface: { lit: surfaceId } } },
      { id: `footer${sep}label`, type: 'Text', text: { lit: 'Confirm & continue' } },
    ];
    for (let i = 0; i < count; i++) {
      const more = section(rng, i, version);
      sections.push((more[0] as Node).id);
      nodes.push(...more);
    }
    const data = { title, summary: `${count} items · updated 2025-06-01 “today”`, items: items.slice(0, count) };
    return render(version, surfaceId, nodes, data, beginFirst);
  };
  const items: Item[] = [];
  const itemsFor = (count: number) => {
    while (items.length < count) items.push(item(rng, items.length));
    return items;
  };
  // Size one section, then build as many as the budget takes.
  const base = serialize(build(0, itemsFor(0)), indent).length;
  const one = serialize(build(1, itemsFor(1)), indent).length - base;
  const count = Math.max(1, Math.round((budget - base) / one));
  const messages = build(count, itemsFor(count));
  return { json: serialize(messages, indent), messages };
}

/** JSON with some non-ASCII characters written as `\u` escapes, as models sometimes do. */
function serialize(messages: A2uiMessage[], indent: number): string {
  return JSON.stringify(messages, null, indent).replace(/[→€]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function render(
  version: GeneratedVersion,
  surfaceId: string,
  nodes: Node[],
  data: { title: string; summary: string; items: Item[] },
  beginFirst: boolean,
): A2uiMessage[] {
  if (version === '0.8') {
    const begin = { beginRendering: { surfaceId, root: 'root' } };
    const body = [{ surfaceUpdate: { surfaceId, components: nodes.map(v08Component) } }, { dataModelUpdate: { surfaceId, contents: v08Contents(data) } }];
    return (beginFirst ? [begin, ...body] : [...body, begin]) as A2uiMessage[];
  }
  const wire = version === '1.0' ? 'v1.0' : 'v0.9';
  const catalogId = `https://a2ui.org/specification/v${version.replace('.', '_')}/catalogs/basic/catalog.json`;
  return [
    { version: wire, createSurface: { surfaceId, catalogId, sendDataModel: true } },
    { version: wire, updateComponents: { surfaceId, components: nodes.map((node) => v09Component(node, version)) } },
    { version: wire, updateDataModel: { surfaceId, value: data } },
  ] as A2uiMessage[];
}

function v09Value(value: Value, version: GeneratedVersion): unknown {
  if ('lit' in value) return value.lit;
  if (value.format === 'date') {
    const call = { call: 'formatDate', args: { value: { path: value.path }, format: 'E, MMM d' } };
    return version === '1.0' ? call : { ...call, returnType: 'string' };
  }
  if (value.format === 'heading' && version === '1.0') {
    return { call: 'formatString', args: { value: `### \${${value.path}}` } };
  }
  return { path: value.path };
}

function v09Component(node: Node, version: GeneratedVersion): FlatComponent {
  const { id, type } = node;
  switch (node.type) {
    case 'Text': {
      // v1.0 Text variants are only `caption` and `body`; headings are markdown.
      const hint = version === '1.0' && node.hint !== 'caption' && node.hint !== 'body' ? undefined : node.hint;
      let text = v09Value(node.text, version);
      if (version === '1.0' && node.hint === 'h1' && typeof text === 'string') text = `# ${text}`;
      return { id, component: type, text, ...(hint ? { variant: hint } : {}) };
    }
    case 'Image':
      return { id, component: type, url: v09Value(node.url, version), fit: node.fit };
    case 'Icon':
      return { id, component: type, name: node.name };
    case 'Row':
    case 'Column':
    case 'List':
      return { id, component: type, children: node.children, ...(node.align ? { align: node.align } : {}) };
    case 'Card':
      return { id, component: type, child: node.child };
    case 'Divider':
      return { id, component: type };
    case 'Button': {
      const context = Object.fromEntries(Object.entries(node.context).map(([k, v]) => [k, v09Value(v, version)]));
      const variant = node.primary ? 'primary' : 'default';
      return { id, component: type, child: node.child, variant, action: { event: { name: node.action, context } } };
    }
    case 'TextField':
      return { id, component: type, label: node.label, value: { path: node.value } };
    case 'CheckBox':
      return { id, component: type, label: node.label, value: { path: node.value } };
  }
}

function v08Value(value: Value): { literalString: string } | { path: string } {
  return 'lit' in value ? { literalString: value.lit } : { path: value.path };
}

function v08Component(node: Node): NestedComponent {
  let props: Record<string, unknown>;
  switch (node.type) {
    case 'Text':
      props = { text: v08Value(node.text), ...(node.hint ? { usageHint: node.hint } : {}) };
      break;
    case 'Image':
      props = { url: v08Value(node.url), fit: node.fit };
      break;
    case 'Icon':
      props = { name: { literalString: node.name } };
      break;
    case 'Row':
    case 'Column':
    case 'List':
      props = { children: { explicitList: node.children }, ...(node.align ? { alignment: node.align } : {}) };
      break;
    case 'Card':
      props = { child: node.child };
      break;
    case 'Divider':
      props = {};
      break;
    case 'Button': {
      const context = Object.entries(node.context).map(([key, value]) => ({ key, value: v08Value(value) }));
      props = { child: node.child, primary: node.primary, action: { name: node.action, context } };
      break;
    }
    case 'TextField':
      props = { label: { literalString: node.label }, text: { path: node.value } };
      break;
    case 'CheckBox':
      props = { label: { literalString: node.label }, value: { path: node.value } };
      break;
  }
  return { id: node.id, component: { [node.type]: props } };
}

/** The v0.8 data model: scalar entries and one `valueMap` per item (keys `item0`, `item1`, …). */
function v08Contents(data: { title: string; summary: string; items: Item[] }): unknown[] {
  return [
    { key: 'title', valueString: data.title },
    { key: 'summary', valueString: data.summary },
    ...data.items.map((entry, i) => ({
      key: `item${i}`,
      valueMap: [
        { key: 'name', valueString: entry.name },
        { key: 'description', valueString: entry.description },
        { key: 'price', valueNumber: entry.price },
        { key: 'status', valueString: entry.status },
        { key: 'date', valueString: entry.date },
        { key: 'done', valueBoolean: entry.done },
        { key: 'note', valueString: entry.note },
      ],
    })),
  ];
}
