/** Plain-text table printing for the benchmark report. */
import type { Timing } from './measure.js';

/** A timing as `median ±half-IQR%`, e.g. `12.3ms ±4%`. */
export function fmtTiming(t: Timing | undefined): string {
  if (!t) return '–';
  const spread = t.median > 0 ? ((t.p75 - t.p25) / 2 / t.median) * 100 : 0;
  return `${fmtMs(t.median)} ±${spread.toFixed(0)}%`;
}

/** Milliseconds with three significant digits. */
export function fmtMs(ms: number): string {
  if (ms >= 100) return `${ms.toFixed(0)}ms`;
  if (ms >= 10) return `${ms.toFixed(1)}ms`;
  return `${ms.toFixed(2)}ms`;
}

/** A ratio such as `3.4×`, or `–` when it is missing. */
export function fmtRatio(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return '–';
  return `${r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}×`;
}

/** Renders rows under a header, columns padded to their widest cell (first column left-aligned). */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}
