/**
 * Bytes out ÷ bytes in on the entries (issue #37, "no amplification"): hostile and benign model
 * answers through the AI SDK entry (`a2uiUIMessageStream`: the UI message chunks the browser
 * receives) and the AG-UI entry (`A2uiStreamMiddleware`: the events it emits). Bytes in are the
 * entry's own input as JSON (the UI message chunks, the AG-UI events of the run: what the route
 * would send without the library), bytes out what the entry sends, as JSON. Shared by
 * `test/hostile/entry-output.test.ts` (small sizes) and `bench/entry-output.ts` (the table).
 */
import type { ProviderMetadata, UIMessageChunk } from 'ai';
import { A2uiStreamMiddleware } from '../../src/ag-ui/index.js';
import { a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { basicCatalog, basicCatalogV09 } from '../../src/index.js';
import type { AbstractAgent, RunAgentInput } from '@ag-ui/client';
import { tap } from 'rxjs';
import { ReplayAgent, run, textMessage, toolCall, type AguiEvent } from '../support/ag-ui-runs.js';

const catalog = basicCatalog('0.9');
const v09 = (key: string, body: object) => JSON.stringify({ version: 'v0.9', [key]: body });
const create = v09('createSurface', { surfaceId: 's', catalogId: catalog.id });
/** `head`, then `unit` repeated, then `tail`: `n` characters in all (at least head and tail). */
const fill = (head: string, unit: string, tail: string, n: number) => {
  const room = Math.max(0, n - head.length - tail.length);
  return head + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + tail;
};
const component = (props: string) => `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root",${props}`;

/** A component graph of `levels` levels, each listing the next level's component as often as `n` allows (a DAG). */
function fanOut(n: number): string {
  const levels = 8;
  const head = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[`;
  const tail = ']}}]</a2ui-json>';
  const fixed = head.length + tail.length + levels * 60;
  const fan = Math.max(2, Math.floor((n - fixed) / levels / 5));
  const list = Array.from({ length: levels }, (_, level) => {
    const children = level + 1 < levels ? Array<string>(fan).fill(`l${level + 1}`) : [];
    return JSON.stringify({ id: level === 0 ? 'root' : `l${level}`, component: 'Column', children });
  });
  return `${head}${list.join(',')}${tail}`;
}

/** A List of `template` over `/items`, then one `updateDataModel` of the items (`item(i)`) that fit in `n` characters: the core streams such a list item by item. */
const dataList =
  (item: (i: number) => string, template: string) =>
  (n: number): string => {
    const items: string[] = [];
    for (let length = 0, i = 0; length < n; i++) length += (items[items.push(item(i)) - 1] as string).length + 1;
    const list = `{"id":"root","component":"List","children":{"path":"/items","componentId":"t"}},${template}`;
    return `<a2ui-json>[${create},${v09('updateComponents', { surfaceId: 's', components: JSON.parse(`[${list}]`) })},${v09('updateDataModel', { surfaceId: 's', path: '/items', value: JSON.parse(`[${items.join(',')}]`) })}]</a2ui-json>`;
  };

/** `block(i)` for i = 0, 1, … until the answer (after `head`) has `n` characters. */
const manyBlocks =
  (block: (i: number) => string, head = '') =>
  (n: number): string => {
    let text = head;
    for (let i = 0; text.length < n; i++) text += block(i);
    return text;
  };

/** An answer shape: benign or hostile, and its text at about `n` characters. */
export interface AnswerShape {
  readonly name: string;
  readonly hostile: boolean;
  readonly text: (n: number) => string;
}

/** The shapes measured: benign answers, then the hostile ones of issue #37. */
export const ANSWER_SHAPES: readonly AnswerShape[] = [
  { name: 'benign: prose', hostile: false, text: (n) => fill('', 'Some words of an answer. ', '', n) },
  { name: 'benign: one long Text', hostile: false, text: (n) => fill(component('"component":"Text","text":"'), 'word ', '"}]}}]</a2ui-json>', n) },
  { name: 'benign: a data list of short strings', hostile: false, text: dataList((i) => `"s${i}"`, '{"id":"t","component":"Text","text":{"path":""}}') },
  {
    name: 'benign: a data list of small objects',
    hostile: false,
    text: dataList((i) => `{"name":"${i}"}`, '{"id":"t","component":"Text","text":{"path":"name"}}'),
  },
  { name: 'error flood [1,1,1,…]', hostile: true, text: (n) => fill(`<a2ui-json>[${create}`, ',1', ']</a2ui-json>', n) },
  { name: 'fan-out graph', hostile: true, text: fanOut },
  { name: 'long string where a message belongs', hostile: true, text: (n) => fill(`<a2ui-json>[${create},"`, 'x', '"]</a2ui-json>', n) },
  { name: 'top-level string', hostile: true, text: (n) => fill('<a2ui-json>"', 'x', '"</a2ui-json>', n) },
  { name: 'deep brackets', hostile: true, text: (n) => fill(`<a2ui-json>[${create},`, '[', '', n) },
  { name: 'deep brackets, one per line', hostile: true, text: (n) => fill(`<a2ui-json>[${create},`, '[\n', '', n) },
];

/**
 * Many small blocks with a newline between (probe 15): valid, but each block's data part and the
 * text part around the newline after it cost the AI SDK entry about 220 bytes of framing. Past a
 * few KiB, where the core's and the entries' floors no longer dominate.
 */
export const MANY_BLOCK_SHAPES: readonly AnswerShape[] = [
  { name: 'many Express blocks: a data set each, a newline between', hostile: true, text: manyBlocks((i) => `<a2ui>\n$/s = ${i}\n</a2ui>\n`) },
  {
    name: 'many Express blocks: a one-Text surface each, a newline between',
    hostile: true,
    text: manyBlocks((i) => `<a2ui>\nsurface("b${i % 50}")\nroot = Text("v${i}")\n</a2ui>\n`),
  },
  {
    name: 'many JSON blocks: a data message each, a newline between',
    hostile: true,
    text: manyBlocks(
      (i) => `<a2ui-json>${v09('updateDataModel', { surfaceId: 's', path: '/s', value: i })}</a2ui-json>\n`,
      `<a2ui-json>${create}</a2ui-json>\n`,
    ),
  },
];

/** `text` at most 16 KiB. */
const atMost16K =
  (text: (n: number) => string) =>
  (n: number): string =>
    text(Math.min(n, 16_384));

/**
 * Many surfaces, each made by a few characters (agui17): valid, but the AG-UI entry sends each
 * surface as an activity message of its own (one card per surface, decisions U2), whose first
 * snapshot carries ~120 bytes of framing its messages do not. Past the bound by that framing
 * (decisions U11); the AI SDK entry merges them into its data parts (A12). At most 16 KiB: past
 * ~1,000 surfaces the parser's `maxSurfaces` ends the A2UI and the rest is read as text.
 */
export const MANY_SURFACE_SHAPES: readonly AnswerShape[] = [
  {
    name: 'many Express blocks: a new one-Text surface each, a newline between',
    hostile: true,
    text: atMost16K(manyBlocks((i) => `<a2ui>\nsurface("b${i}")\nroot = Text("v${i}")\n</a2ui>\n`)),
  },
  {
    name: 'one Express block making many one-Text surfaces',
    hostile: true,
    text: atMost16K((n) => `${manyBlocks((i) => `surface("b${i}")\nroot = Text("v${i}")\n`, '<a2ui>\n')(n - 8)}</a2ui>\n`),
  },
  {
    name: 'many JSON blocks: a new one-Text surface each, a newline between',
    hostile: true,
    text: atMost16K(
      manyBlocks(
        (i) =>
          `<a2ui-json>[${v09('createSurface', { surfaceId: `b${i}`, catalogId: catalog.id })},${v09('updateComponents', { surfaceId: `b${i}`, components: [{ id: 'root', component: 'Text', text: `v${i}` }] })}]</a2ui-json>\n`,
      ),
    ),
  },
];

/** `render_a2ui` arguments (`{surfaceId, components}`) of about `n` characters, benign or hostile. */
export const TOOL_SHAPES: readonly AnswerShape[] = [
  {
    name: 'benign: one long Text',
    hostile: false,
    text: (n) => fill('{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"', 'word ', '"}]}', n),
  },
  { name: 'error flood [1,1,1,…]', hostile: true, text: (n) => fill('{"surfaceId":"s","components":[1', ',1', ']}', n) },
  {
    name: 'invalid components',
    hostile: true,
    text: (n) => fill('{"surfaceId":"s","components":[{"id":"root","component":"Column","children":[]}', ',{"id":"x","component":"Nope"}', ']}', n),
  },
  { name: 'long string', hostile: true, text: (n) => fill('{"surfaceId":"s","components":["', 'x', '"]}', n) },
  { name: 'deep brackets', hostile: true, text: (n) => fill('{"surfaceId":"s","components":[', '[', '', n) },
];

/** The chunkings: label and chunk size (`Infinity`: the answer whole, one delta). */
export const ANSWER_CHUNKINGS: readonly (readonly [string, number])[] = [
  ['1', 1],
  ['16', 16],
  ['64 KiB', 65_536],
  ['whole', Infinity],
];

/** `text` in `size`-character deltas. */
export function deltas(text: string, size: number): string[] {
  if (size === Infinity) return [text];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Bytes in and out of one entry for one answer. */
export interface EntryBytes {
  readonly bytesIn: number;
  readonly bytesOut: number;
}

const jsonBytes = (items: readonly unknown[]) => items.reduce<number>((sum, item) => sum + JSON.stringify(item).length, 0);

/**
 * The AI SDK entry: one assistant message streaming `chunks` as text deltas, in and out as UI
 * message chunks; `providerMetadata` on the provider's text-start.
 */
export async function aiSdkBytes(chunks: readonly string[], providerMetadata?: ProviderMetadata): Promise<EntryBytes> {
  const input: UIMessageChunk[] = [
    { type: 'start' },
    { type: 'start-step' },
    providerMetadata ? { type: 'text-start', id: 't', providerMetadata } : { type: 'text-start', id: 't' },
    ...chunks.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
  const out: UIMessageChunk[] = [];
  const source = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of input) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = source.pipeThrough(a2uiUIMessageStream(catalog)).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
  return { bytesIn: jsonBytes(input), bytesOut: jsonBytes(out) };
}

/** The AG-UI middleware (validating: a catalog given) on one run of `events`: its events in and out, and those it sent. */
export async function middlewareRun(events: AguiEvent[]): Promise<EntryBytes & { readonly sent: AguiEvent[] }> {
  const agent = new ReplayAgent([events]);
  const sent: AguiEvent[] = [];
  agent.use(
    (input: RunAgentInput, next: AbstractAgent) => next.run(input).pipe(tap((event) => sent.push(event as AguiEvent))),
    new A2uiStreamMiddleware({ catalogs: basicCatalogV09() }),
  );
  await agent.runAgent({});
  return { bytesIn: jsonBytes(events), bytesOut: jsonBytes(sent), sent };
}

const middlewareBytes = async (events: AguiEvent[]): Promise<EntryBytes> => {
  const { bytesIn, bytesOut } = await middlewareRun(events);
  return { bytesIn, bytesOut };
};

/** The AG-UI entry: one run whose assistant text message streams `chunks`. */
export const agUiBytes = (chunks: readonly string[]): Promise<EntryBytes> => middlewareBytes(run(textMessage('m1', chunks)));

/** The AG-UI entry: one run whose `render_a2ui` tool call streams `chunks` as its arguments (use {@link TOOL_SHAPES}). */
export const agUiToolBytes = (chunks: readonly string[]): Promise<EntryBytes> => middlewareBytes(run(toolCall('tc1', 'render_a2ui', chunks)));

/** An entry measured: its name, the shapes it reads, and its bytes for an answer in chunks. */
export interface MeasuredEntry {
  readonly name: string;
  readonly shapes: readonly AnswerShape[];
  readonly bytes: (chunks: readonly string[]) => Promise<EntryBytes>;
}

/** The entries measured. */
export const ENTRIES: readonly MeasuredEntry[] = [
  { name: 'AI SDK', shapes: [...ANSWER_SHAPES, ...MANY_BLOCK_SHAPES, ...MANY_SURFACE_SHAPES], bytes: aiSdkBytes },
  { name: 'AG-UI text', shapes: [...ANSWER_SHAPES, ...MANY_BLOCK_SHAPES, ...MANY_SURFACE_SHAPES], bytes: agUiBytes },
  { name: 'AG-UI tool call', shapes: TOOL_SHAPES, bytes: agUiToolBytes },
];
