/** How the CLI writes parts and errors: NDJSON objects and one-line human descriptions. */
import type { A2uiError, Part } from '../index.js';

/** An error as plain JSON: category, message, position inside its block, details. */
export function errorJson(error: A2uiError): Record<string, unknown> {
  const out: Record<string, unknown> = { category: error.category, message: error.message };
  if (error.line !== undefined) out.line = error.line;
  if (error.column !== undefined) out.column = error.column;
  if (error.offset !== undefined) out.offset = error.offset;
  if (error.details.length > 0) out.details = error.details;
  return out;
}

/** A part as one NDJSON line (errors as {@link errorJson}). */
export function partLine(part: Part): string {
  return `${JSON.stringify(part.type === 'error' ? { type: 'error', error: errorJson(part.error) } : part)}\n`;
}

/** `ParseError: message (line 3, column 7 of the block)`, then one indented line per detail. */
export function describeError(error: A2uiError): string {
  const position = error.line !== undefined ? ` (line ${error.line}, column ${error.column ?? '?'} of the block, offset ${error.offset ?? '?'})` : '';
  const details = error.details
    .filter((detail) => detail.message !== error.message || detail.path !== '')
    .map((detail) => `\n    at ${detail.path === '' ? '(whole payload)' : detail.path}: ${detail.code}: ${detail.message}`);
  return `${error.category}: ${error.message}${position}${details.join('')}`;
}

/** `1 component`, `2 components`: a count and its noun (English plurals with `s`). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
