import { A2uiParseError } from '../errors.js';
import { JsonBlockReader } from './block-reader.js';

/**
 * Reads one block's JSON leniently and returns its messages: a list is returned as it is, a single
 * object (or several concatenated objects) as a list of them. Repairs trailing commas, curly
 * quotes used as delimiters (and, as the reference's fixer does, curly single quotes into `'`),
 * raw control characters in strings, and a Markdown code fence around the block.
 *
 * @throws {A2uiParseError} `Failed to parse JSON: …` with `line`, `column` and `offset`.
 */
export function fixPayload(text: string): unknown[] {
  const values: unknown[] = [];
  const reader = new JsonBlockReader(
    {
      onValue(value, parents) {
        if (parents.length === 0) values.push(value);
      },
    },
    { strictTopLevel: true, normalizeSingleQuotes: true },
  );
  try {
    reader.push(text);
  } catch (error) {
    // A payload that is one JSON scalar (`42`, `"x"`, `null`) is read as a list of it, as the
    // reference's fixer does; anything else outside a value stays a read error.
    const scalar = scalarPayload(text);
    if (scalar.found) return [scalar.value];
    throw error;
  }
  if (reader.inValue) {
    const { line, column, offset } = reader.position;
    throw new A2uiParseError(`Failed to parse JSON: Unterminated value: line ${line} column ${column} (char ${offset})`, { line, column, offset });
  }
  if (values.length === 0) {
    throw new A2uiParseError('Failed to parse JSON: Expecting value: line 1 column 1 (char 0)', {
      line: 1,
      column: 1,
      offset: 0,
    });
  }
  if (values.length === 1 && Array.isArray(values[0])) return values[0];
  return values;
}

function scalarPayload(text: string): { found: boolean; value?: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? { found: false } : { found: true, value };
  } catch {
    return { found: false };
  }
}
