import type { A2uiError, A2uiStreamParser, Part } from '../index.js';

/** The parts of `parser.push(text)` and then `parser.end()`: one whole text read at once. */
export function readWhole(parser: A2uiStreamParser, text: string): Part[] {
  return [...parser.push(text), ...parser.end()];
}

/**
 * The parts of `read` (parser calls, which return every error as a part) up to the first limit
 * error part; at one, `stop(error)` is called: the source must not be read further.
 */
export function untilLimit(read: () => Part[], stop: (limit: A2uiError) => void = () => undefined): Part[] {
  const parts = read();
  const limit = parts.findIndex((part) => part.type === 'error' && part.error.category === 'LimitError');
  if (limit < 0) return parts;
  stop((parts[limit] as Extract<Part, { type: 'error' }>).error);
  return parts.slice(0, limit + 1);
}
