/**
 * No amplification on the entries (issue #37): bytes out ÷ bytes in of the AI SDK entry (the UI
 * message chunks the browser receives) and the AG-UI middleware (the events it emits, for a text
 * message and for a `render_a2ui` tool call), for benign and hostile answers at 1- and
 * 16-character deltas, 64 KiB deltas and whole (no timing). Bytes are the entry's input and output
 * as JSON (see test/hostile/entry-output.ts); the target is {@link ENTRY_OUTPUT_LIMIT}.
 */
import { ANSWER_CHUNKINGS, deltas, ENTRIES } from '../test/hostile/entry-output.js';
import { renderTable } from './table.js';

/** The target of bytes out ÷ bytes in. */
export const ENTRY_OUTPUT_LIMIT = 4;

/** Characters of each answer per chunking (1-character deltas cost a parser call each: a smaller answer). */
const SIZES: Readonly<Record<string, number>> = { '1': 4_096, '16': 65_536, '64 KiB': 262_144, whole: 262_144 };

/** One cell: an entry, a shape, a chunking. */
export interface EntryOutputRow {
  readonly entry: string;
  readonly shape: string;
  readonly hostile: boolean;
  readonly chunk: string;
  readonly chars: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
  readonly ratio: number;
}

/** Bytes out ÷ in for every entry, shape and chunking; `smoke` divides the sizes by 16. */
export async function measureEntryOutput(smoke: boolean): Promise<EntryOutputRow[]> {
  const rows: EntryOutputRow[] = [];
  for (const entry of ENTRIES) {
    for (const shape of entry.shapes) {
      for (const [chunk, size] of ANSWER_CHUNKINGS) {
        const text = shape.text((SIZES[chunk] ?? 4_096) / (smoke ? 16 : 1));
        const { bytesIn, bytesOut } = await entry.bytes(deltas(text, size));
        rows.push({ entry: entry.name, shape: shape.name, hostile: shape.hostile, chunk, chars: text.length, bytesIn, bytesOut, ratio: bytesOut / bytesIn });
      }
    }
  }
  return rows;
}

/** The table: a row per entry and shape, a column per chunking. */
export function entryOutputTable(rows: readonly EntryOutputRow[]): string {
  const header = ['entry', 'answer', ...ANSWER_CHUNKINGS.map(([chunk]) => `out ÷ in, ${chunk}`), 'target'];
  const body: string[][] = [];
  for (const entry of ENTRIES) {
    for (const shape of entry.shapes) {
      const cells = rows.filter((r) => r.entry === entry.name && r.shape === shape.name);
      const worst = Math.max(...cells.map((r) => r.ratio));
      body.push([
        entry.name,
        shape.name,
        ...ANSWER_CHUNKINGS.map(([chunk]) => (cells.find((r) => r.chunk === chunk)?.ratio ?? Number.NaN).toFixed(2)),
        worst <= ENTRY_OUTPUT_LIMIT ? 'pass' : 'FAIL',
      ]);
    }
  }
  return renderTable(header, body);
}
