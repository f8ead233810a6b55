/**
 * The model response `a2ui-stream demo` streams: conversational text around one `<a2ui-json>`
 * block that builds a table-booking surface, written for each protocol version.
 */
import { VERSION_SPECS } from '../internal.js';
import { basicCatalog, type ProtocolVersion, type A2uiMessage, type JsonObject, type FlatComponent, type NestedComponent } from '../index.js';

const SURFACE = 'booking';
const INTRO = 'Lumen has a table free on Friday evening. I have prepared a booking form: ' + 'check the details and confirm when you are ready.';
const OUTRO = 'Once you confirm, I will send the reservation to the restaurant and add it to your calendar.';

/** One component, described once and written in either wire form. */
interface Piece {
  readonly id: string;
  readonly type: string;
  /** Literal text, or a `/pointer` bound to the data model. */
  readonly text?: string;
  readonly children?: readonly string[];
  readonly child?: string;
  readonly action?: string;
  readonly variant?: string;
}

// Parents come before their children, so the surface streams with placeholders that fill in.
const PIECES: readonly Piece[] = [
  { id: 'root', type: 'Column', children: ['title', 'summary', 'details', 'actions'] },
  { id: 'title', type: 'Text', text: 'Dinner at Lumen', variant: 'h2' },
  { id: 'summary', type: 'Text', text: '/restaurant/summary' },
  { id: 'details', type: 'Card', child: 'details_column' },
  { id: 'details_column', type: 'Column', children: ['when', 'party', 'notes'] },
  { id: 'when', type: 'Text', text: '/booking/when' },
  { id: 'party', type: 'Text', text: '/booking/party' },
  { id: 'notes', type: 'Text', text: 'Window seat requested; the kitchen closes at 22:30.' },
  { id: 'actions', type: 'Row', children: ['change', 'confirm'] },
  { id: 'change_label', type: 'Text', text: 'Change' },
  { id: 'change', type: 'Button', child: 'change_label', action: 'change_booking' },
  { id: 'confirm_label', type: 'Text', text: 'Confirm booking' },
  { id: 'confirm', type: 'Button', child: 'confirm_label', action: 'confirm_booking', variant: 'primary' },
];

const DATA = {
  restaurant: { name: 'Lumen', summary: 'Seasonal Nordic cooking, 12 minutes from your hotel.' },
  booking: { when: 'Friday 19:30', party: '2 guests', confirmed: false },
};

function flatComponent(piece: Piece, version: ProtocolVersion): FlatComponent {
  const out: JsonObject = { id: piece.id, component: piece.type };
  if (piece.text !== undefined) out.text = piece.text.startsWith('/') ? { path: piece.text } : piece.text;
  if (piece.children) out.children = [...piece.children];
  if (piece.child) out.child = piece.child;
  if (piece.action) out.action = { event: { name: piece.action } };
  // v1.0's basic Text has no heading variants.
  if (piece.variant && !(version === '1.0' && piece.type === 'Text')) out.variant = piece.variant;
  return out as FlatComponent;
}

function nestedComponent(piece: Piece): NestedComponent {
  const props: JsonObject = {};
  if (piece.text !== undefined) {
    props.text = piece.text.startsWith('/') ? { path: piece.text } : { literalString: piece.text };
  }
  if (piece.variant === 'h2') props.usageHint = 'h2';
  if (piece.children) props.children = { explicitList: [...piece.children] };
  if (piece.child) props.child = piece.child;
  if (piece.action) props.action = { name: piece.action };
  if (piece.variant === 'primary') props.primary = true;
  return { id: piece.id, component: { [piece.type]: props } };
}

function v08Messages(): A2uiMessage[] {
  const catalogId = basicCatalog('0.8').id;
  const contents = (value: Record<string, string | boolean>) =>
    Object.entries(value).map(([key, v]) => (typeof v === 'boolean' ? { key, valueBoolean: v } : { key, valueString: v }));
  return [
    { beginRendering: { surfaceId: SURFACE, root: 'root', catalogId } },
    { surfaceUpdate: { surfaceId: SURFACE, components: PIECES.map(nestedComponent) } },
    { dataModelUpdate: { surfaceId: SURFACE, path: '/restaurant', contents: contents(DATA.restaurant) } },
    { dataModelUpdate: { surfaceId: SURFACE, path: '/booking', contents: contents(DATA.booking) } },
  ];
}

function v09Messages(version: ProtocolVersion): A2uiMessage[] {
  const wire = VERSION_SPECS[version].wireVersion as 'v0.9' | 'v0.9.1' | 'v1.0';
  const catalogId = basicCatalog(version).id;
  return [
    { version: wire, createSurface: { surfaceId: SURFACE, catalogId } },
    { version: wire, updateComponents: { surfaceId: SURFACE, components: PIECES.map((piece) => flatComponent(piece, version)) } },
    { version: wire, updateDataModel: { surfaceId: SURFACE, path: '/restaurant', value: DATA.restaurant } },
    { version: wire, updateDataModel: { surfaceId: SURFACE, path: '/booking', value: DATA.booking } },
  ] as A2uiMessage[]; // one version, chosen at run time
}

/** Writes a message as a model would: compact, with each component on its own line. */
function writeMessage(message: A2uiMessage): string {
  const key = Object.keys(message).find((k) => k !== 'version') as string;
  const body = (message as Readonly<Record<string, unknown>>)[key] as JsonObject;
  const components = body.components;
  if (!Array.isArray(components)) return `  ${JSON.stringify(message)}`;
  const head = JSON.stringify({ ...message, [key]: { ...body, components: [] } }).slice(0, -4);
  const lines = components.map((component) => `      ${JSON.stringify(component)}`);
  return `  ${head}[\n${lines.join(',\n')}\n    ]}}`;
}

/** The demo's model response for `version`: text, one block building the surface, text. */
export function demoResponse(version: ProtocolVersion): string {
  const messages = version === '0.8' ? v08Messages() : v09Messages(version);
  return `${INTRO}\n\n<a2ui-json>\n[\n${messages.map(writeMessage).join(',\n')}\n]\n</a2ui-json>\n\n${OUTRO}`;
}
