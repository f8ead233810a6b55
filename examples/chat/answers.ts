/**
 * The recorded model's two answers, as a model writes them: text and A2UI v0.9 in
 * `<a2ui-json>` tags, or the same messages in A2UI Express (`decompileExpress`) in `<a2ui>` tags.
 * The first draws the table search; the second, given the user's click, changes that surface (no
 * `createSurface`: the server's parser knows it from `a2uiHistory`).
 */
import { basicCatalog, decompileExpress } from 'a2ui-stream';
import type { A2uiFormat } from './types.js';

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** The messages as a block in `format`. */
function block(messages: readonly unknown[], format: A2uiFormat): string {
  return format === 'express'
    ? `<a2ui>\n${decompileExpress(messages, basicCatalog('0.9'))}\n</a2ui>`
    : `<a2ui-json>\n${JSON.stringify(messages, null, 1)}\n</a2ui-json>`;
}

export const RESTAURANTS = [
  { name: 'Lumen', detail: 'Seasonal Swiss cooking by the lake, 19:30', time: '19:30', icon: 'star' },
  { name: 'Café Müller', detail: 'Rösti, schnitzel and a quiet courtyard, 20:00', time: '20:00', icon: 'favorite' },
  { name: 'Ristorante “Da Nino”', detail: 'Wood-fired pizza near the old town, 20:15', time: '20:15', icon: 'locationOn' },
];

function list(): unknown[] {
  return RESTAURANTS.flatMap((_, i) => [
    { id: `option_${i}`, component: 'Row', children: [`option_${i}_icon`, `option_${i}_text`, `option_${i}_book`], align: 'center' },
    { id: `option_${i}_icon`, component: 'Icon', name: { path: `/restaurants/${i}/icon` } },
    { id: `option_${i}_text`, component: 'Column', children: [`option_${i}_name`, `option_${i}_detail`], weight: 1 },
    { id: `option_${i}_name`, component: 'Text', text: { path: `/restaurants/${i}/name` }, variant: 'h4' },
    { id: `option_${i}_detail`, component: 'Text', text: { path: `/restaurants/${i}/detail` }, variant: 'caption' },
    {
      id: `option_${i}_book`,
      component: 'Button',
      child: `option_${i}_label`,
      variant: 'primary',
      action: {
        event: {
          name: 'book_table',
          context: { restaurant: { path: `/restaurants/${i}/name` }, time: { path: `/restaurants/${i}/time` }, guests: { path: '/guests' } },
        },
      },
    },
    { id: `option_${i}_label`, component: 'Text', text: 'Book' },
  ]);
}

/**
 * The first answer: three restaurants with a table for two. In Express the surface does not ask
 * for the data model with a click (Express has no `sendDataModel`); the Book buttons' context
 * carries what the booking needs.
 */
export function searchAnswer(format: A2uiFormat = 'json'): string {
  const messages = [
    { version: 'v0.9', createSurface: { surfaceId: 'tables', catalogId: CATALOG, sendDataModel: true } },
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'tables',
        components: [
          { id: 'root', component: 'Card', child: 'body' },
          { id: 'body', component: 'Column', children: ['header', 'intro', 'options', 'guests_field'] },
          { id: 'header', component: 'Row', children: ['header_icon', 'title'], align: 'center' },
          { id: 'header_icon', component: 'Icon', name: 'event' },
          { id: 'title', component: 'Text', text: 'Tables for two in Zürich, Friday', variant: 'h2' },
          {
            id: 'intro',
            component: 'Text',
            text: 'I checked **12 restaurants** near the lake. These three still have a table:\n\n- all take bookings for *two guests*\n- all are within a 10-minute walk of Bellevue',
          },
          { id: 'options', component: 'List', children: RESTAURANTS.map((_, i) => `option_${i}`) },
          ...list(),
          { id: 'guests_field', component: 'TextField', label: 'Guests', value: { path: '/guests' } },
        ],
      },
    },
    { version: 'v0.9', updateDataModel: { surfaceId: 'tables', path: '/', value: { guests: '2', restaurants: RESTAURANTS } } },
  ];
  return `Here are three places with a table for two on Friday evening.\n\n${block(messages, format)}\n\nPress **Book** on the one you like and I will reserve it.`;
}

/** The second answer: the booking confirmed, drawn in the same surface. */
export function bookedAnswer(restaurant: string, time: string, guests: string, format: A2uiFormat = 'json'): string {
  const messages = [
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'tables',
        components: [
          { id: 'body', component: 'Column', children: ['header', 'confirmation', 'summary'] },
          { id: 'header_icon', component: 'Icon', name: 'check' },
          { id: 'title', component: 'Text', text: { path: '/booked/title' }, variant: 'h2' },
          { id: 'confirmation', component: 'Text', text: { path: '/booked/text' } },
          { id: 'summary', component: 'Row', children: ['summary_icon', 'summary_text'], align: 'center' },
          { id: 'summary_icon', component: 'Icon', name: 'calendarToday' },
          { id: 'summary_text', component: 'Text', text: { path: '/booked/when' }, variant: 'caption' },
        ],
      },
    },
    {
      version: 'v0.9',
      updateDataModel: {
        surfaceId: 'tables',
        path: '/booked',
        value: {
          title: `Booked: ${restaurant}`,
          text: `Your table for **${guests}** is confirmed. The booking number is **ZH-4821**; the restaurant holds the table for 15 minutes.`,
          when: `Friday at ${time} · ${guests} guests`,
        },
      },
    },
  ];
  return `Done: I booked ${restaurant} for you.\n\n${block(messages, format)}\n\nEnjoy your dinner!`;
}
