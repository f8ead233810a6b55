/**
 * `@ag-ui/a2ui-middleware` 0.0.10 and `A2uiStreamMiddleware` side by side on the same recorded
 * runs: an agent calling `render_a2ui` with one generated v0.9 surface per run (the tool contract
 * both read), its arguments streamed in 16-character deltas. Per run and middleware:
 *
 * - first paint: characters of the arguments fed before the first component (not a placeholder)
 *   was in an activity event;
 * - share of the surface's components painted (in any form but a placeholder) before the run's
 *   last event, and before the `components` argument closed;
 * - bytes of the events each middleware added (JSON), and of all events it sent;
 * - CPU time (`process.cpuUsage`, the whole run through the middleware), ours ÷ the reference's,
 *   rounds alternated in one process; wall time too, for the reference waits a macrotask per event
 *   (`runNextWithState`);
 * - web_core (0.11) ends with the same surfaces from both (the activity messages as the client
 *   holds them, each on a processor of its own).
 *
 * The events are fed one at a time: each is pushed, then a macrotask passes, so the reference
 * (which handles each event after a `setTimeout(0)`) has sent what that event caused before the
 * next is fed; ours handles each as it comes.
 */
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import type { AbstractAgent, BaseEvent, Message, Middleware, RunAgentInput } from '@ag-ui/client';
import { type Observable, Subject } from 'rxjs';
import { A2uiStreamMiddleware } from '../src/ag-ui/index.js';
import { chunks, renderArgs, ReplayAgent, run, toolCall, type AguiEvent } from '../test/support/ag-ui-runs.js';
import { generateResponse, type GeneratedResponse } from '../test/support/generate-response.js';
import { renderedActivities } from '../test/ag-ui/helpers.js';
import { fmtMs, fmtRatio, renderTable } from './table.js';

const CHUNK = 16;
type Which = 'reference' | 'ours';
const MIDDLEWARES: Record<Which, () => Middleware> = {
  reference: () => new A2UIMiddleware() as unknown as Middleware,
  ours: () => new A2uiStreamMiddleware(),
};

/** One recorded run: the events, the surface's final components, where the components argument closes. */
interface RecordedRun {
  readonly name: string;
  readonly events: AguiEvent[];
  readonly argsChars: number;
  /** Final form of each component, by id. */
  readonly finals: Map<string, Record<string, unknown>>;
  /** Characters of the arguments up to the close of `components`. */
  readonly componentsClose: number;
}

function recordedRun(response: GeneratedResponse): RecordedRun {
  const args = renderArgs(response.blocks[0]?.messages ?? []);
  const text = JSON.stringify(args);
  const name = `${(text.length / 1000).toFixed(1)} KB`;
  const finals = new Map((args.components as Record<string, unknown>[]).map((component) => [String(component.id), component]));
  const componentsClose = text.indexOf(',"data":') >= 0 ? text.indexOf(',"data":') : text.length;
  return { name, events: run(toolCall('tc-1', 'render_a2ui', chunks(text, CHUNK))), argsChars: text.length, finals, componentsClose };
}

/** What one middleware did on one run. */
export interface AgUiFigures {
  firstPaint: number | undefined;
  beforeLastEvent: number;
  beforeComponentsClose: number;
  addedBytes: number;
  sentBytes: number;
  events: number;
}

/** One run's row: both middlewares' figures, CPU and wall ratios, and whether web_core ends the same. */
export interface AgUiRow {
  readonly run: string;
  readonly components: number;
  readonly argsChars: number;
  readonly figures: Record<Which, AgUiFigures>;
  readonly cpuRatio: number;
  readonly wallRatio: number;
  readonly cpuMs: Record<Which, number>;
  readonly sameSurfaces: boolean;
}

/** A placeholder: an empty `Row` standing in for a component that is something else. */
function isPlaceholder(form: Record<string, unknown>, final: Record<string, unknown> | undefined): boolean {
  const empty = form.component === 'Row' && Array.isArray(form.children) && form.children.length === 0 && Object.keys(form).length === 3;
  return empty && JSON.stringify(form) !== JSON.stringify(final);
}

/** The components an activity event carries. */
function componentsIn(event: AguiEvent): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (typeof record.id === 'string' && typeof record.component === 'string') out.push(record);
      else Object.values(record).forEach(visit);
    }
  };
  visit(event.type.startsWith('ACTIVITY_') ? event : undefined);
  return out;
}

/** An agent whose run is a subject the caller feeds. */
class SteppedAgent extends ReplayAgent {
  readonly subject = new Subject<BaseEvent>();
  override run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    return this.subject.asObservable();
  }
}

const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));
const INPUT: RunAgentInput = { threadId: 'thread-1', runId: 'run-1', tools: [], context: [], forwardedProps: {}, state: {}, messages: [] };

/** Feeds the run one event at a time and records, per sent event, how many argument characters were fed. */
async function stepped(which: Which, recorded: RecordedRun): Promise<{ sent: { event: AguiEvent; fed: number; afterLast: boolean }[] }> {
  const agent = new SteppedAgent([]);
  const sent: { event: AguiEvent; fed: number; afterLast: boolean }[] = [];
  let fed = 0;
  let last = false;
  const done = new Promise<void>((resolve, reject) => {
    MIDDLEWARES[which]()
      .run(INPUT, agent as unknown as AbstractAgent)
      .subscribe({
        next: (event) => void sent.push({ event: event as unknown as AguiEvent, fed, afterLast: last }),
        error: reject,
        complete: resolve,
      });
  });
  for (const [index, event] of recorded.events.entries()) {
    if (event.type === 'TOOL_CALL_ARGS') fed += String(event.delta).length;
    last = index === recorded.events.length - 1;
    agent.subject.next(structuredClone(event) as unknown as BaseEvent);
    await macrotask();
  }
  agent.subject.complete();
  await done;
  return { sent };
}

async function figuresOf(which: Which, recorded: RecordedRun): Promise<AgUiFigures> {
  const { sent } = await stepped(which, recorded);
  const upstream = new Set(recorded.events.map((event) => JSON.stringify(event)));
  let firstPaint: number | undefined;
  const beforeLast = new Set<string>();
  const beforeClose = new Set<string>();
  let addedBytes = 0;
  let sentBytes = 0;
  for (const { event, fed, afterLast } of sent) {
    const json = JSON.stringify(event);
    sentBytes += json.length;
    if (!upstream.has(json)) addedBytes += json.length;
    for (const component of componentsIn(event)) {
      const id = String(component.id);
      if (isPlaceholder(component, recorded.finals.get(id))) continue;
      firstPaint ??= fed;
      if (!afterLast) beforeLast.add(id);
      if (fed < recorded.componentsClose) beforeClose.add(id);
    }
  }
  const share = (ids: Set<string>) => [...recorded.finals.keys()].filter((id) => ids.has(id)).length / recorded.finals.size;
  return { firstPaint, beforeLastEvent: share(beforeLast), beforeComponentsClose: share(beforeClose), addedBytes, sentBytes, events: sent.length };
}

/** CPU and wall time of one whole run through `which` (the agent emits everything at once). */
async function timed(which: Which, recorded: RecordedRun): Promise<{ cpu: number; wall: number }> {
  const agent = new ReplayAgent([recorded.events]);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    MIDDLEWARES[which]()
      .run(INPUT, agent as unknown as AbstractAgent)
      .subscribe({ error: reject, complete: resolve });
  });
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - wall0 };
}

/** The conversation a client holds after the run through `which`. */
async function conversation(which: Which, recorded: RecordedRun): Promise<Message[]> {
  const agent = new ReplayAgent([recorded.events]);
  agent.use(MIDDLEWARES[which]());
  await agent.runAgent();
  return agent.messages;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The side-by-side figures on runs generated from responses of `sizes` characters (one surface each), timed in `rounds` alternated rounds. */
export async function measureAgUi(sizes: readonly number[], rounds: number): Promise<AgUiRow[]> {
  const rows: AgUiRow[] = [];
  for (const [index, size] of sizes.entries()) {
    const recorded = recordedRun(generateResponse({ version: '0.9', targetBytes: size, seed: 11 + index, blocks: 1 }));
    const figures = { reference: await figuresOf('reference', recorded), ours: await figuresOf('ours', recorded) };
    const cpu: Record<Which, number[]> = { reference: [], ours: [] };
    const wall: Record<Which, number[]> = { reference: [], ours: [] };
    const ratios: number[] = [];
    const wallRatios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so neither always runs on a warmer process.
      const order: Which[] = round % 2 === 0 ? ['reference', 'ours'] : ['ours', 'reference'];
      const times = {} as Record<Which, { cpu: number; wall: number }>;
      for (const which of order) times[which] = await timed(which, recorded);
      for (const which of order) {
        cpu[which].push(times[which].cpu);
        wall[which].push(times[which].wall);
      }
      ratios.push(times.ours.cpu / times.reference.cpu);
      wallRatios.push(times.ours.wall / times.reference.wall);
    }
    const [theirs, ours] = [await conversation('reference', recorded), await conversation('ours', recorded)];
    const shown = (messages: Message[]) =>
      Object.values(renderedActivities(messages))
        .map((state) => JSON.stringify(state))
        .sort();
    rows.push({
      run: recorded.name,
      components: recorded.finals.size,
      argsChars: recorded.argsChars,
      figures,
      cpuRatio: median(ratios),
      wallRatio: median(wallRatios),
      cpuMs: { reference: median(cpu.reference), ours: median(cpu.ours) },
      sameSurfaces: JSON.stringify(shown(theirs)) === JSON.stringify(shown(ours)) && shown(ours).length === 1,
    });
  }
  return rows;
}

const pct = (share: number) => `${(share * 100).toFixed(0)}%`;

/** The table of {@link measureAgUi}'s rows. */
export function agUiTable(rows: readonly AgUiRow[]): string {
  const header = [
    'args',
    'comps',
    'chars',
    'middleware',
    'first paint',
    'before last event',
    'before components close',
    'added bytes',
    'sent bytes',
    'events',
    'CPU',
    'CPU ours÷ref',
    'wall ours÷ref',
    'web_core same',
  ];
  const body = rows.flatMap((row) =>
    (['reference', 'ours'] as const).map((which) => {
      const f = row.figures[which];
      const first = which === 'reference';
      return [
        first ? row.run : '',
        first ? String(row.components) : '',
        first ? String(row.argsChars) : '',
        which === 'reference' ? '@ag-ui/a2ui-middleware' : 'A2uiStreamMiddleware',
        f.firstPaint === undefined ? '–' : String(f.firstPaint),
        pct(f.beforeLastEvent),
        pct(f.beforeComponentsClose),
        String(f.addedBytes),
        String(f.sentBytes),
        String(f.events),
        fmtMs(row.cpuMs[which]),
        first ? '' : fmtRatio(row.cpuRatio),
        first ? '' : fmtRatio(row.wallRatio),
        first ? '' : row.sameSurfaces ? 'yes' : 'NO',
      ];
    }),
  );
  return renderTable(header, body);
}
