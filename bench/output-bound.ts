/**
 * Output bounded by the input (issue #27, item 2): delta snapshots' bytes out ÷ bytes in for the
 * shapes that once multiplied the output, at 1-, 16- and 64-character chunks (no timing). Bytes
 * are characters of the messages' JSON against characters of the response. Each shape is written
 * as models write it (`decompile`: two-space indentation) and compact (no whitespace: the least
 * input for the same output).
 */
import { basicCatalog } from '../src/index.js';
import { OUTPUT_SHAPES, shapeResponse } from '../test/support/output-shapes.js';
import { emittedRun } from './emitted.js';
import { renderTable } from './table.js';

/** The chunk sizes of the table. */
export const OUTPUT_CHUNKS = [1, 16, 64] as const;

/** One cell of the table. */
export interface OutputRow {
  readonly shape: string;
  readonly layout: 'indented' | 'compact';
  readonly chunk: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
  readonly ratio: number;
}

/** Delta bytes out ÷ bytes in for every shape, layout and chunk size. */
export function measureOutput(): OutputRow[] {
  const catalog = basicCatalog('0.9');
  const rows: OutputRow[] = [];
  for (const shape of OUTPUT_SHAPES) {
    const messages = shape.messages();
    for (const layout of ['indented', 'compact'] as const) {
      const text = shapeResponse(messages, layout);
      for (const chunk of OUTPUT_CHUNKS) {
        const run = emittedRun(catalog, text, chunk, { snapshots: 'delta' });
        rows.push({ shape: shape.name, layout, chunk, bytesIn: text.length, bytesOut: run.bytes, ratio: run.bytes / text.length });
      }
    }
  }
  return rows;
}

/** The table: a row per shape and layout, a column per chunk size. */
export function outputTable(rows: readonly OutputRow[]): string {
  const header = ['shape', 'layout', 'in', ...OUTPUT_CHUNKS.map((chunk) => `out ÷ in, ${chunk}-char`)];
  const body: string[][] = [];
  for (const shape of OUTPUT_SHAPES) {
    for (const layout of ['indented', 'compact'] as const) {
      const cells = rows.filter((r) => r.shape === shape.name && r.layout === layout);
      body.push([
        shape.name,
        layout,
        String(cells[0]?.bytesIn ?? 0),
        ...OUTPUT_CHUNKS.map((chunk) => (cells.find((r) => r.chunk === chunk)?.ratio ?? Number.NaN).toFixed(2)),
      ]);
    }
  }
  return renderTable(header, body);
}
