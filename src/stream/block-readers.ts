/**
 * Which reader reads a block: one per notation. The parser opens one per block through
 * {@link openReader}; a second notation is a case here and a {@link BlockReader} of its own.
 */
import type { ExpressBlockSettings } from '../express/block.js';
import { JsonBlock, type JsonBlockSettings } from './json-block.js';
import type { ExpressScanner } from '../tags/tag-splitter.js';
import type { BlockReader, MessageSink } from './reader.js';

/** The notations a block may be written in: `json` inside `<a2ui-json>`, `express` inside `<a2ui>`. */
export type BlockNotation = 'json' | 'express';

/** What every reader may need, derived from the parser options once. */
export interface ReaderSettings {
  readonly json: JsonBlockSettings;
  readonly express: ExpressBlockSettings;
}

/**
 * Opens a reader of one Express block. The parser that reads Express is given one
 * (`parsers.ts`); one that leaves Express out has none, so its bundle holds no Express code.
 */
export type ExpressOpener = (sink: MessageSink, settings: ExpressBlockSettings) => BlockReader;

/** What a parser reading Express is given: its block reader, and the scanner its tag splitter finds the close tag with. */
export interface ExpressReading {
  readonly open: ExpressOpener;
  readonly scan: () => ExpressScanner;
  /** The response the blocks read into `sink` ended: the next one's Express budget starts afresh. */
  readonly responseEnded: (sink: MessageSink) => void;
}

/** A new reader for one block written in `notation` (Express only with `express`), handing what it reads to `sink`. */
export function openReader(notation: BlockNotation, sink: MessageSink, settings: ReaderSettings, express: ExpressReading | undefined): BlockReader {
  return notation === 'express' && express !== undefined ? express.open(sink, settings.express) : new JsonBlock(sink, settings.json);
}
