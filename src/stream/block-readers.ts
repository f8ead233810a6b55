/**
 * Which reader reads a block: one per notation. The parser opens one per block through
 * {@link openReader}; a second notation is a case here and a {@link BlockReader} of its own.
 */
import { ExpressBlock, type ExpressBlockSettings } from '../express/block.js';
import { JsonBlock, type JsonBlockSettings } from './json-block.js';
import type { BlockReader, MessageSink } from './reader.js';

/** The notations a block may be written in: `json` inside `<a2ui-json>`, `express` inside `<a2ui>`. */
export type BlockNotation = 'json' | 'express';

/** What every reader may need, derived from the parser options once. */
export interface ReaderSettings {
  readonly json: JsonBlockSettings;
  readonly express: ExpressBlockSettings;
}

/** A new reader for one block written in `notation`, handing what it reads to `sink`. */
export function openReader(notation: BlockNotation, sink: MessageSink, settings: ReaderSettings): BlockReader {
  switch (notation) {
    case 'json':
      return new JsonBlock(sink, settings.json);
    case 'express':
      return new ExpressBlock(sink, settings.express);
  }
}
