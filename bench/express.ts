/**
 * JSON against A2UI Express (issue #40): the same surfaces written both ways, side by side. The
 * surfaces are the specification's basic examples (v0.9 and v1.0, from `../shared/a2ui-spec`,
 * skipped with a message when absent), a long child list and a long text. JSON is compact
 * (`JSON.stringify`, the least a model can write), Express is `decompileExpress` of the same
 * messages. Per set and format: output tokens (OpenAI's o200k, `gpt-tokenizer`), bytes, the token
 * at which the first component and the whole surface were shown (the response streamed token by
 * token through `A2uiStreamParser`; medians over the set's surfaces), CPU per token, and delta
 * snapshots' bytes out ÷ bytes in at 1, 16 and 64-character chunks (the largest surface's and
 * the whole set's; target ≤ 4). Express being denser, the same messages out weigh more per byte in. `--smoke`: five examples per version and one timing run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { A2uiStreamParser, basicCatalog, decompileExpress, type A2uiMessage, type Catalog } from '../src/index.js';
import { OUTPUT_SHAPES } from '../test/support/output-shapes.js';
import { emittedRun } from './emitted.js';
import { renderTable } from './table.js';
import { SPEC_DIR } from './workloads.js';

type Version = '0.9' | '1.0';
type Format = 'JSON' | 'Express';

/** One set of surfaces: each an independent list of messages. */
interface SurfaceSet {
  readonly name: string;
  readonly version: Version;
  readonly surfaces: readonly A2uiMessage[][];
}

/** The figures of one set in one format. */
export interface ExpressRow {
  readonly set: string;
  readonly format: Format;
  readonly surfaces: number;
  readonly tokens: number;
  readonly bytes: number;
  readonly firstComponentToken: number;
  readonly wholeSurfaceToken: number;
  readonly cpuMicrosPerToken: number;
  /** Per chunk size: the largest surface's bytes out ÷ bytes in. */
  readonly outPerIn: Readonly<Record<number, number>>;
  /** Per chunk size: the set's bytes out ÷ bytes in, all surfaces together. */
  readonly outPerInAll: Readonly<Record<number, number>>;
}

const CHUNKS = [1, 16, 64] as const;
const smoke = process.argv.includes('--smoke');

function specSet(version: Version): SurfaceSet | undefined {
  const folder = join(SPEC_DIR, version === '0.9' ? 'v0_9' : 'v1_0', 'catalogs/basic/examples');
  if (!existsSync(folder)) {
    console.log(`express bench: ${folder} is absent: the v${version} specification examples are skipped`);
    return undefined;
  }
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const surfaces = (smoke ? files.slice(0, 5) : files).map((file) => {
    const example = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { messages?: A2uiMessage[] } | A2uiMessage[];
    return Array.isArray(example) ? example : (example.messages ?? []);
  });
  return { name: `v${version} spec examples`, version, surfaces };
}

function shapeSet(prefix: string, name: string): SurfaceSet {
  const shape = OUTPUT_SHAPES.find((candidate) => candidate.name.startsWith(prefix));
  if (shape === undefined) throw new Error(`no output shape '${prefix}'`);
  return { name, version: '0.9', surfaces: [shape.messages()] };
}

/** The response a model would write for `messages`, or `undefined` when they have no Express form. */
function written(format: Format, messages: readonly A2uiMessage[], catalog: Catalog): string | undefined {
  if (format === 'JSON') return `<a2ui-json>\n${JSON.stringify(messages)}\n</a2ui-json>`;
  try {
    return `<a2ui>\n${decompileExpress(messages, catalog)}\n</a2ui>`;
  } catch {
    return undefined;
  }
}

/** The response cut at token boundaries; multi-byte characters split across tokens stay whole. */
function tokenPieces(text: string): string[] {
  const pieces: string[] = [];
  let pending: number[] = [];
  for (const token of encode(text)) {
    pending.push(token);
    const piece = decode(pending);
    if (piece.includes('\uFFFD') && pending.length < 4) continue;
    pieces.push(piece);
    pending = [];
  }
  if (pending.length > 0) pieces.push(decode(pending));
  return pieces;
}

const hasComponents = (message: A2uiMessage): boolean =>
  ['updateComponents', 'createSurface'].some((key) => {
    const body = (message as Record<string, { components?: unknown[] } | undefined>)[key];
    return Array.isArray(body?.components) && body.components.length > 0;
  });

/** Streams `pieces` token by token: the 1-based token of the first component, of the last message, and the CPU spent. */
function tokenRun(catalog: Catalog, pieces: readonly string[]): { first: number; whole: number; cpuMicros: number } {
  const parser = new A2uiStreamParser(catalog, { snapshots: 'delta' });
  let first = 0;
  let whole = 0;
  const start = process.cpuUsage();
  for (let i = 0; i <= pieces.length; i++) {
    const parts = i < pieces.length ? parser.push(pieces[i] as string) : parser.end();
    for (const part of parts) {
      if (part.type !== 'a2ui') continue;
      whole = Math.min(i + 1, pieces.length);
      if (first === 0 && part.messages.some(hasComponents)) first = whole;
    }
  }
  const used = process.cpuUsage(start);
  return { first, whole, cpuMicros: used.user + used.system };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};

function measureSet(set: SurfaceSet, format: Format): ExpressRow {
  const catalog = basicCatalog(set.version);
  const runs = smoke ? 1 : 5;
  let tokens = 0;
  let bytes = 0;
  let chars = 0;
  let cpu = 0;
  const firsts: number[] = [];
  const wholes: number[] = [];
  const outPerIn: Record<number, number> = {};
  const out: Record<number, number> = {};
  let surfaces = 0;
  for (const messages of set.surfaces) {
    // A surface counts only when it has an Express form, so both formats measure the same surfaces.
    if (written('Express', messages, catalog) === undefined) continue;
    const text = written(format, messages, catalog) as string;
    surfaces++;
    const pieces = tokenPieces(text);
    tokens += pieces.length;
    bytes += Buffer.byteLength(text);
    chars += text.length;
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < runs; r++) {
      const run = tokenRun(catalog, pieces);
      best = Math.min(best, run.cpuMicros);
      if (r === 0) {
        firsts.push(run.first);
        wholes.push(run.whole);
      }
    }
    cpu += best;
    for (const chunk of CHUNKS) {
      const emitted = emittedRun(catalog, text, chunk, { snapshots: 'delta' }).bytes;
      outPerIn[chunk] = Math.max(outPerIn[chunk] ?? 0, emitted / text.length);
      out[chunk] = (out[chunk] ?? 0) + emitted;
    }
  }
  return {
    set: set.name,
    format,
    surfaces,
    tokens,
    bytes,
    firstComponentToken: median(firsts),
    wholeSurfaceToken: median(wholes),
    cpuMicrosPerToken: cpu / tokens,
    outPerIn,
    outPerInAll: Object.fromEntries(CHUNKS.map((c) => [c, (out[c] ?? 0) / chars])),
  };
}

/** Every set in both formats. */
export function measureExpress(): ExpressRow[] {
  const sets = [
    specSet('0.9'),
    specSet('1.0'),
    shapeSet('a long child list', 'long list (400 Texts)'),
    shapeSet('one long cut string', 'long text (10 KB Text)'),
  ];
  return sets.flatMap((set) => (set === undefined ? [] : (['JSON', 'Express'] as const).map((format) => measureSet(set, format))));
}

/** The table: a row per set and format. */
export function expressTable(rows: readonly ExpressRow[]): string {
  const header = [
    'set',
    'format',
    'surfaces',
    'o200k tokens',
    'bytes',
    'first component (token, median)',
    'whole surface (token, median)',
    'CPU µs/token',
    ...CHUNKS.map((c) => `out ÷ in, ${c}-char (max / all)`),
  ];
  return renderTable(
    header,
    rows.map((row) => [
      row.set,
      row.format,
      String(row.surfaces),
      String(row.tokens),
      String(row.bytes),
      String(row.firstComponentToken),
      String(row.wholeSurfaceToken),
      row.cpuMicrosPerToken.toFixed(2),
      ...CHUNKS.map((c) => `${(row.outPerIn[c] ?? Number.NaN).toFixed(2)} / ${(row.outPerInAll[c] ?? Number.NaN).toFixed(2)}`),
    ]),
  );
}

const rows = measureExpress();
console.log(`\nJSON (compact) and A2UI Express, the same surfaces${smoke ? ' (smoke: 5 examples per version)' : ''}:\n`);
console.log(expressTable(rows));
const over = rows.filter((row) => CHUNKS.some((c) => (row.outPerIn[c] ?? 0) > 4));
if (over.length > 0) console.log(`\nout ÷ in above 4: ${over.map((row) => `${row.set} ${row.format}`).join(', ')}`);
