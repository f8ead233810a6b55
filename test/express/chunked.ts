/**
 * Feeding the Express reader at every chunking: the messages, errors and repairs it produces must
 * not depend on where the input was cut.
 */
import { expect } from 'vitest';
import { ExpressReader, type ExpressReaderOptions } from '../../src/express/index.js';
import type { Catalog } from '../../src/index.js';
import { chunkings } from '../support/chunkings.js';

/** What one reading produced: messages with their positions, errors and repairs, in order. */
export interface Reading {
  readonly messages: unknown[];
  readonly errors: string[];
  readonly repairs: string[];
}

/** Reads `chunks` with a fresh reader. */
export function readChunks(chunks: readonly string[], catalogs: Catalog | readonly Catalog[], options: ExpressReaderOptions = {}): Reading {
  const reading: Reading = { messages: [], errors: [], repairs: [] };
  const reader = new ExpressReader(
    catalogs,
    {
      message: (message, at) => reading.messages.push({ message, at: { offset: at.offset, line: at.line, statement: at.statement } }),
      error: (error) => reading.errors.push(`${error.category}: ${error.message}`),
      repair: (repair) => reading.repairs.push(repair.message),
    },
    options,
  );
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return reading;
}

/** Asserts that `text` reads the same at 1, 2, 3, 7, 16, 64 characters, at random cuts and whole. */
export function streamedEqualsWhole(text: string, catalogs: Catalog | readonly Catalog[], options: ExpressReaderOptions = {}): Reading {
  const whole = readChunks([text], catalogs, options);
  for (const { name, chunks } of chunkings(text, text.length, 4)) {
    expect(readChunks(chunks, catalogs, options), name).toEqual(whole);
  }
  return whole;
}
