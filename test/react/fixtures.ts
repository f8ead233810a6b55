/**
 * The React tests' model answers: a chat reply as a model writes one, with conversational
 * markdown around several surfaces, each a card with a heading and an icon, a long markdown
 * introduction (paragraphs, bold, a bullet list), a list of items (icon, name, detail, a button
 * whose action carries the item), a text field and a confirm button, and a data model the items
 * bind to. Deterministic per version and seed; seed 10 of each version is the largest.
 */
import type { A2uiMessage } from '../../src/index.js';
import { Rng } from '../support/rng.js';

/** One answer: its text and the messages its blocks hold, in order. */
export interface ChatFixture {
  readonly version: '0.9' | '1.0';
  readonly seed: number;
  readonly text: string;
  readonly messages: A2uiMessage[];
}

interface Theme {
  readonly id: string;
  readonly title: string;
  readonly icon: string;
  readonly items: readonly string[];
  readonly action: string;
}

const THEMES: readonly Theme[] = [
  { id: 'tables', title: 'Tables free on Friday', icon: 'event', items: ['Lumen', 'Café Müller', 'Ristorante “Da Nino”', 'Ærø Kro'], action: 'book_table' },
  { id: 'flights', title: 'Flights to Łódź', icon: 'send', items: ['LOT 382', 'Ryanair 1127', 'Wizz 4410'], action: 'choose_flight' },
  { id: 'stays', title: 'Stays in Zürich', icon: 'home', items: ['Zürich Loft', 'Hôtel de l’Europe', 'Seeblick B&B'], action: 'hold_room' },
  { id: 'cart', title: 'Your basket', icon: 'shoppingCart', items: ['Espresso beans 1 kg', 'Moka pot', 'Oat milk ×6'], action: 'change_item' },
  { id: 'contacts', title: 'People to call back', icon: 'call', items: ['Ana Souza', 'Jürgen Roth', '山田 花子'], action: 'call_person' },
  { id: 'places', title: 'Places near you', icon: 'locationOn', items: ['Zócalo market', 'Old town ferry', 'Botanic garden'], action: 'open_place' },
];

const ICONS = ['star', 'info', 'favorite', 'mail', 'calendarToday', 'payment', 'person', 'settings', 'check'];
const SENTENCES = [
  'The kitchen closes at **22:30**, so a table after 21:00 gets a shorter menu.',
  'Prices include service and VAT; a deposit of €20 is refunded when you arrive.',
  'Our café near the Zócalo serves crème brûlée, churros and a very good piña colada.',
  '東京駅から徒歩5分のホテルは、朝食付きで一泊¥18,000です。',
  'She said: "this is the best option for families", and I agree.',
  'Rated ★★★★☆ by 1,284 guests; “quiet rooms, friendly staff”.',
  'Free cancellation until *24 hours* before; after that the first night is charged.',
  'Step-free access from the street, and the lift fits a pram.',
];
const BULLETS = ['Quiet corner', 'Window seat', 'Vegan options', 'Parking nearby', 'Open late', 'Dogs welcome'];

function paragraph(rng: Rng, sentences: number): string {
  return Array.from({ length: sentences }, () => rng.pick(SENTENCES)).join(' ');
}

/** A long markdown text: paragraphs and a bullet list. */
function markdown(rng: Rng, paragraphs: number): string {
  const out: string[] = [`**${rng.pick(['Good news:', 'In short:', 'Heads-up:'])}** ${paragraph(rng, 1)}`];
  for (let p = 0; p < paragraphs; p++) out.push(paragraph(rng, rng.int(2, 4)));
  const bullets = Array.from({ length: rng.int(2, 4) }, () => `- ${rng.pick(BULLETS)}`);
  out.splice(1, 0, bullets.join('\n'));
  return out.join('\n\n');
}

function surface(rng: Rng, version: ChatFixture['version'], theme: Theme, surfaceId: string, count: number): A2uiMessage[] {
  const wire = version === '1.0' ? 'v1.0' : 'v0.9';
  const catalogId = `https://a2ui.org/specification/v${version.replace('.', '_')}/catalogs/basic/catalog.json`;
  // v1.0 Text variants are only `caption` and `body`: headings are markdown there.
  const heading = (text: string, level: 2 | 4) => (version === '1.0' ? { text: `${'#'.repeat(level)} ${text}` } : { text, variant: `h${level}` });
  const items = Array.from({ length: count }, (_, i) => `item_${i}`);
  const components: Record<string, unknown>[] = [
    { id: 'root', component: 'Card', child: 'body' },
    { id: 'body', component: 'Column', children: ['header', 'intro', 'list', 'divider', 'footer'] },
    { id: 'header', component: 'Row', children: ['header_icon', 'title'], align: 'center' },
    { id: 'header_icon', component: 'Icon', name: theme.icon },
    { id: 'title', component: 'Text', ...heading(theme.title, 2) },
    { id: 'intro', component: 'Text', text: markdown(rng, rng.int(2, 4)) },
    { id: 'list', component: 'List', children: items },
  ];
  for (const [i, id] of items.entries()) {
    components.push(
      { id, component: 'Row', children: [`${id}_icon`, `${id}_text`, `${id}_button`], align: 'center' },
      { id: `${id}_icon`, component: 'Icon', name: rng.pick(ICONS) },
      { id: `${id}_text`, component: 'Column', children: [`${id}_name`, `${id}_detail`], weight: 1 },
      { id: `${id}_name`, component: 'Text', text: { path: `/items/${i}/name` } },
      { id: `${id}_detail`, component: 'Text', text: { path: `/items/${i}/detail` }, variant: 'caption' },
      {
        id: `${id}_button`,
        component: 'Button',
        child: `${id}_label`,
        action: { event: { name: theme.action, context: { item: { path: `/items/${i}/name` } } } },
      },
      { id: `${id}_label`, component: 'Text', text: 'Choose' },
    );
  }
  components.push(
    { id: 'divider', component: 'Divider' },
    { id: 'footer', component: 'Row', children: ['note', 'confirm'], align: 'end' },
    { id: 'note', component: 'TextField', label: 'Note for us', value: { path: '/note' } },
    { id: 'confirm', component: 'Button', child: 'confirm_label', variant: 'primary', action: { event: { name: 'confirm', context: { surface: surfaceId } } } },
    { id: 'confirm_label', component: 'Text', text: 'Confirm' },
  );
  const data = {
    note: '',
    items: items.map((_, i) => ({ name: `${rng.pick(theme.items)} #${i + 1}`, detail: paragraph(rng, rng.int(1, 2)).replace(/[*]/g, '') })),
  };
  const start = { version: wire, createSurface: { surfaceId, catalogId, sendDataModel: true } };
  const update = { version: wire, updateComponents: { surfaceId, components } };
  const model = { version: wire, updateDataModel: { surfaceId, path: '/', value: data } };
  // Models put the data model before or after the components.
  const messages = (rng.chance(0.5) ? [start, update, model] : [start, model, update]) as A2uiMessage[];
  return messages;
}

/** The answer of `version` and `seed` (1…10; 10 is the largest). */
export function chatFixture(version: ChatFixture['version'], seed: number): ChatFixture {
  const rng = new Rng(seed * 7919 + (version === '1.0' ? 1 : 0));
  const surfaces = seed === 10 ? 3 : 2 + (seed % 3);
  const parts: string[] = [`${paragraph(rng, 2)}\n\n`];
  const messages: A2uiMessage[] = [];
  for (let s = 0; s < surfaces; s++) {
    const theme = THEMES[(seed + s) % THEMES.length] as Theme;
    const block = surface(rng, version, theme, `${theme.id}_${s + 1}`, seed === 10 ? 14 : rng.int(3, 7));
    messages.push(...block);
    const indent = rng.pick([0, 2, 2]);
    parts.push(`<a2ui-json>\n${JSON.stringify(block, null, indent)}\n</a2ui-json>\n\n`, `${paragraph(rng, rng.int(1, 3))}\n\n`);
  }
  return { version, seed, text: parts.join(''), messages };
}

/** The ten answers of each version. */
export function chatFixtures(): ChatFixture[] {
  return (['0.9', '1.0'] as const).flatMap((version) => Array.from({ length: 10 }, (_, i) => chatFixture(version, i + 1)));
}
