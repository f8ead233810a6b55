/**
 * Hostile model output (issue #37): each hostile input against a benign response of the same size
 * (one long Text; a component graph against a valid tree of as many components; an error flood
 * against a list of as many numbers; template updates against updates of unbound data), timed side by
 * side in one process, at 1- and 16-character chunks, 64 KiB chunks and whole. The
 * figure is hostile ÷ benign; its target is {@link HOSTILE_LIMIT} (no timing assert anywhere: a
 * missed target prints FAIL and leaves the exit code alone; a broken measurement sets it).
 *
 * AG-UI conversations read back are timed the same way, whole (bench/hostile-ag-ui.ts).
 *
 * Then bytes out ÷ bytes in on the AI SDK and AG-UI entries for benign and hostile answers
 * (bench/entry-output.ts).
 *
 * Usage (through bench/run.mjs, which runs it after bench/main.ts): `--smoke` (small inputs, one
 * sample), `--no-hostile` (skips it).
 */
import { A2uiLimitError, A2uiStreamParser, type StreamParserOptions } from '../src/index.js';
import { openAIChatTextStream } from '../src/providers/index.js';
import { ENTRY_OUTPUT_LIMIT, entryOutputTable, measureEntryOutput } from './entry-output.js';
import { agUiHostileCases } from './hostile-ag-ui.js';
import {
  benign,
  benignTree,
  blocksThatFail,
  childrenLeftOut,
  catalog,
  chain,
  columnAndData,
  columnListed,
  columnThenMessages,
  component,
  create,
  fanOut,
  fill,
  manyLists,
  numberList,
  oneList,
  textsThenMessages,
  unbound,
  v09,
} from './hostile-inputs.js';
import { keep, sinkValue } from './figures.js';
import { ratio, ROUND_BUDGET, SMOKE_BUDGET, timeSideBySide, type Timing } from './measure.js';
import { measurementProblems } from './problems.js';
import { fmtRatio, fmtTiming, renderTable } from './table.js';
import { chunksOf } from './workloads.js';

/** The target of hostile ÷ benign. */
export const HOSTILE_LIMIT = 3;

/** A hostile input: what it is, its finding, whether its figures are judged, and the text. */
interface HostileCase {
  readonly name: string;
  readonly finding: string;
  /** Its figures have the target (`false`: shown for comparison). */
  readonly judged: boolean;
  readonly input: (n: number) => string;
  /** The benign input of the same size it is timed against; default `benign` (one long Text). */
  readonly benign?: (n: number) => string;
  /** What the benign input is, when not one long Text. */
  readonly benignName?: string;
  /** Divides the input sizes (a case whose cost is far from linear would take minutes). Default 1. */
  readonly shrink?: number;
  /** Options of the parser reading both inputs. Default: validation on, delta snapshots. */
  readonly options?: StreamParserOptions;
}

const CASES: readonly HostileCase[] = [
  { name: 'a bracket run', finding: '1', judged: true, input: (n) => fill(`<a2ui-json>[${create},`, '[', '', n) },
  { name: 'a long number', finding: '2', judged: true, input: (n) => fill(component('"component":"Slider","value":'), '7', '}]}}]</a2ui-json>', n) },
  { name: 'a string where a message belongs', finding: '5', judged: true, input: (n) => fill(`<a2ui-json>[${create},"`, 'x', '"]</a2ui-json>', n) },
  // An error flood is as many values as a valid list of numbers; it is judged against one (one long Text is shown too: the tokenizer's cost per value).
  {
    name: 'an error flood',
    finding: '4',
    judged: true,
    input: (n) => fill(`<a2ui-json>[${create}`, ',1', ']</a2ui-json>', n),
    benign: numberList,
    benignName: 'a data-model list of numbers',
  },
  { name: 'an error flood', finding: '4', judged: false, input: (n) => fill(`<a2ui-json>[${create}`, ',1', ']</a2ui-json>', n) },
  // Finding 3 is what a renderer draws (maxExpansion); what these cost the parser is that of as dense components, measured here.
  // A component graph is timed against a valid tree of as many components (one long Text costs the parser less per character).
  { name: 'a fan-out graph', finding: '3', judged: true, input: fanOut, benign: benignTree(10), benignName: 'a tree, 10 children each' },
  { name: 'a long chain of components', finding: '3', judged: true, input: chain, benign: benignTree(2), benignName: 'a tree, 2 children each' },
  // An outside probe (probe8, finding 2): the block scan looked for the next backslash to the end of the chunk once per block.
  {
    name: 'many small blocks in one piece, no backslash',
    finding: 'P8-2',
    judged: true,
    input: (n) => fill('', `t <a2ui-json>${v09('deleteSurface', { surfaceId: 'qqqqqqq' })}</a2ui-json>`, '', n),
    benign: (n) => fill('', `t <a2ui-json>${v09('deleteSurface', { surfaceId: '\\u0071' })}</a2ui-json>`, '', n),
    benignName: 'the same blocks, each with an escape',
  },
  // Each data change counts again the templates whose list it changes (C32), against as many updates of unbound data.
  {
    name: 'templates on many lists, updates at the root toggling one',
    finding: '3',
    judged: true,
    input: manyLists((i) => ({ path: '/', value: i % 2 === 0 ? { a0: [1] } : {} })),
    benign: manyLists(unbound),
    benignName: 'the same surface, updates of unbound data',
  },
  {
    name: '16 templates on one list under a chain, updates toggling it',
    finding: '3',
    judged: true,
    input: oneList((i) => ({ path: '/a', value: i % 2 === 0 ? [1] : [] })),
    benign: oneList(unbound),
    benignName: 'the same surface, updates of unbound data',
  },
  // Each surface(…) opens a scope; opening one looked at every scope before it (time quadratic in the statements).
  {
    name: 'Express, many surface(…) statements in one block',
    finding: 'P-scopes',
    judged: true,
    input: (n) => fill('<a2ui>\n', 'surface("s1")\nsurface("s2")\n', '', n),
    benign: (n) => fill('<a2ui>\nroot = Column([t])\n', 't = Text("a text of some words")\n', '', n),
    benignName: 'as many characters of Text statements',
  },
  // Carried since run 30 (C46): a reference removed, or added into the part reached, walked the whole surface.
  {
    name: 'a component re-pointed at each message',
    finding: '3',
    judged: true,
    input: textsThenMessages(true),
    benign: textsThenMessages(false),
    benignName: 'the same surface, a Text changed per message',
  },
  // Carried since run 30: each failed message rebuilt the surface's graph and counts (C49).
  {
    name: 'a block per change failing on a cycle',
    finding: '3',
    judged: true,
    input: blocksThatFail(true),
    benign: blocksThatFail(false),
    benignName: 'the same blocks, re-pointing instead',
  },
  // Probe 19 finding 3: a child shown, then left out as invalid, had its parent looked at again (C53).
  {
    name: 'a child shown, then left out as invalid, per message',
    finding: 'P19-3',
    judged: true,
    input: childrenLeftOut(true),
    benign: childrenLeftOut(false),
    benignName: 'the same children, valid',
  },
  // An outside probe (probe9, finding 2): a full tree waiting for room for its placeholders was laid out again per chunk.
  {
    name: 'full snapshots, a Column listing its Texts before them',
    finding: 'P9-2',
    judged: true,
    input: columnListed(true),
    benign: columnListed(false),
    benignName: 'the Texts before the Column',
    options: { snapshots: 'full' },
  },
  // Carried since run 21: each Text that arrives changes the Column's full form; one layout per message was quadratic.
  {
    name: 'full snapshots, a Column, then one message per Text',
    finding: 'P-v08',
    judged: true,
    input: columnThenMessages,
    benign: columnListed(true),
    benignName: 'the Column and its Texts in one message',
    options: { snapshots: 'full' },
  },
  // Probe 11 finding 1: the tree held back was laid out before each data message (quadratic time; the output was bounded).
  {
    name: 'full snapshots, a Column, then a data message and a Text per child',
    finding: 'P-data',
    judged: true,
    input: columnAndData(true),
    benign: columnAndData(false),
    benignName: 'the same messages, the data first',
    options: { snapshots: 'full' },
  },
];

/** The core reading `chunks`; a limit error ends the input (what a caller does). */
function read(chunks: readonly string[], options: StreamParserOptions = {}): void {
  const parser = new A2uiStreamParser(catalog, { validate: true, ...options });
  try {
    for (const chunk of chunks) keep(parser.push(chunk).length);
    keep(parser.end().length);
  } catch (error) {
    if (!(error instanceof A2uiLimitError)) throw error;
    keep(1);
  }
}

/** An OpenAI Chat SSE stream of `n` characters: events carrying `text`, or (hostile) one line that never ends. */
const sseEvents = (n: number) => fill('', `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'some words ' } }] })}\n\n`, '', n);
const sseLine = (n: number) => fill('data: ', 'x', '', n);

/** The provider adapter reading `chunks` to its end (or its error). */
async function readSse(chunks: readonly string[]): Promise<void> {
  const stream = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(openAIChatTextStream());
  try {
    for await (const text of stream as unknown as AsyncIterable<string>) keep(text.length);
  } catch {
    keep(1);
  }
}

/** One figure: a case at a chunking, the two timings and their ratio. */
export interface HostileRow {
  readonly name: string;
  readonly finding: string;
  readonly judged: boolean;
  readonly chunk: string;
  /** Characters of each input. */
  readonly chars: number;
  readonly hostile: Timing;
  readonly benign: Timing;
  readonly ratio: number;
}

/** Chunkings: label, chunk size, input size (smaller for small chunks, where a run costs a push per chunk). */
const CHUNKINGS: readonly [string, number, number][] = [
  ['1', 1, 4_096],
  ['16', 16, 16_384],
  ['64 KiB', 65_536, 262_144],
  ['whole', Infinity, 262_144],
];

/** Times every case against its benign input at every chunking. */
export async function measureHostile(smoke: boolean): Promise<HostileRow[]> {
  const scale = smoke ? 8 : 1;
  const budget = smoke ? SMOKE_BUDGET : ROUND_BUDGET;
  const rounds = smoke ? 1 : 7;
  const rows: HostileRow[] = [];
  const add = (name: string, finding: string, judged: boolean, chunk: string, n: number, t: { hostile: Timing; benign: Timing }) =>
    rows.push({ name, finding, judged, chunk, chars: n, ...t, ratio: ratio(t.hostile, t.benign) as number });
  for (const c of CASES) {
    for (const [label, size, chars] of CHUNKINGS) {
      const n = chars / scale / (c.shrink ?? 1);
      const hostileText = c.input(n);
      const benignText = (c.benign ?? benign)(n);
      const hostileChunks = size === Infinity ? [hostileText] : chunksOf(hostileText, size);
      const benignChunks = size === Infinity ? [benignText] : chunksOf(benignText, size);
      add(
        c.benignName ? `${c.name}, against ${c.benignName}` : c.name,
        c.finding,
        c.judged,
        label,
        n,
        await timeSideBySide({ hostile: () => read(hostileChunks, c.options), benign: () => read(benignChunks, c.options) }, budget, rounds),
      );
    }
  }
  for (const [label, size, chars] of CHUNKINGS) {
    const n = chars / scale;
    const hostileChunks = size === Infinity ? [sseLine(n)] : chunksOf(sseLine(n), size);
    const benignChunks = size === Infinity ? [sseEvents(n)] : chunksOf(sseEvents(n), size);
    add(
      'an SSE line that never ends',
      '6',
      true,
      label,
      n,
      await timeSideBySide({ hostile: () => readSse(hostileChunks), benign: () => readSse(benignChunks) }, budget, rounds),
    );
  }
  for (const c of agUiHostileCases(smoke))
    add(c.name, c.finding, true, 'history', c.chars, await timeSideBySide({ hostile: c.hostile, benign: c.benign }, budget, rounds));
  return rows;
}

/** The rows as a table; `judged`: the targets are judged (not in the smoke run, whose one sample includes the warm-up). */
export function hostileTable(rows: readonly HostileRow[], judged: boolean): string {
  return renderTable(
    ['input (finding)', 'chunks', 'chars', 'hostile', 'benign', 'ratio', 'target'],
    rows.map((r) => [
      `${r.name} (${r.finding})`,
      r.chunk,
      String(r.chars),
      fmtTiming(r.hostile),
      fmtTiming(r.benign),
      fmtRatio(r.ratio),
      !r.judged ? 'compared' : !judged ? '–' : r.ratio <= HOSTILE_LIMIT ? 'pass' : 'FAIL',
    ]),
  );
}

/** Runs the section and prints it; a broken measurement sets the exit code. */
export async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--no-hostile')) return;
  const smoke = args.includes('--smoke');
  const rows = await measureHostile(smoke);
  console.log(`\nhostile input ÷ benign input of the same size (side by side; target ≤ ${HOSTILE_LIMIT}×; "compared": against one long Text, for comparison):`);
  console.log(hostileTable(rows, !smoke));
  console.log(
    `\nbytes out ÷ bytes in on the entries, as JSON (target ≤ ${ENTRY_OUTPUT_LIMIT}×; sizes: 4 KiB at 1-character deltas, 64 KiB at 16, 256 KiB else${smoke ? ', ÷ 16' : ''}):`,
  );
  console.log(entryOutputTable(await measureEntryOutput(smoke)));
  const checks = rows.filter((r) => r.judged && !smoke).map((r) => ({ name: `${r.name}, ${r.chunk}`, value: r.ratio, limit: HOSTILE_LIMIT }));
  const problems = measurementProblems(
    { hostile: rows, checks, sink: sinkValue() },
    { hostile: (CASES.length + 1) * CHUNKINGS.length + agUiHostileCases(true).length },
  );
  if (problems.length > 0) {
    console.log(`\nbroken measurements (not missed targets):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exitCode = 1;
  }
}

await main(process.argv.slice(2));
