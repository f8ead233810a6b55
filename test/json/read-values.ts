import { JsonBlockReader } from '../../src/json/block-reader.js';

/** Reads `pieces` one after the other with a {@link JsonBlockReader}; returns the top-level values. */
export function readInPieces(pieces: readonly string[]): unknown[] {
  const values: unknown[] = [];
  const reader = new JsonBlockReader({
    onValue(value, parents) {
      if (parents.length === 0) values.push(value);
    },
  });
  for (const piece of pieces) reader.push(piece);
  return values;
}
