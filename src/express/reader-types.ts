/**
 * What the Express reader gives and takes: the messages it produces with their statements'
 * positions, the sink receiving them, and its options.
 */
import type { A2uiError } from '../errors.js';
import type { ExpressRepair } from './repairs.js';

/** A message the reader produces: one A2UI message object of the catalog's version. */
export type ExpressMessage = Record<string, unknown>;

/** Where a message's statement is in the block. */
export interface ExpressPosition {
  /** 0-based character offset of the statement's first token. */
  readonly offset: number;
  /** 1-based line of the statement's first token. */
  readonly line: number;
  /** Characters read when the message was produced (the statement's end, or a later release). */
  readonly end: number;
  /** 0-based index of the statement in the block (for ordering by first assignment). */
  readonly statement: number;
}

/** Receives what an `ExpressReader` produces, in order. */
export interface ExpressSink {
  /** A complete A2UI message. */
  message(message: ExpressMessage, at: ExpressPosition): void;
  /**
   * A statement that could not be read or compiled (non-fatal: the block goes on); `statement`:
   * its offset in the block, when the error is one statement's.
   */
  error(error: A2uiError, statement?: number): void;
  /**
   * The statement at offset `statement` will not stand and has no error of its own: waiting for a
   * variable, it was replaced by a later one assigning the same target before it ran, or it went
   * past the expansion budget after the one reported. Nothing of it goes out. Default: ignored.
   */
  superseded?(statement: number): void;
  /** A repair made where the meaning was plain (see `docs/express.md`). Default: ignored. */
  repair?(repair: ExpressRepair): void;
}

/** Options of `ExpressReader`. */
export interface ExpressReaderOptions {
  /** Most characters one statement may span; a longer one is skipped with a `limit_exceeded` validation error. Default 16 MiB. */
  readonly maxStatementLength?: number;
  /** Deepest nesting of brackets, variable substitution and inline components. Default 64. */
  readonly maxDepth?: number;
  /** Validate each component against its catalog schema (invalid: an error, not sent). Default `true`. */
  readonly validate?: boolean;
  /** Surfaces that already exist: no `createSurface` is sent for them. Default: none. */
  readonly knownSurfaces?: Iterable<string>;
  /**
   * Report, when the block ends, a surface it started whose `root` it never assigned (the parser
   * turns this on: its components would otherwise wait unseen). Default `false`.
   */
  readonly reportMissingRoot?: boolean;
  /** Asked when a scope opens whether its surface already exists (as {@link knownSurfaces}). Default: none does. */
  readonly surfaceExists?: (surfaceId: string) => boolean;
  /** The surface of statements before any `surface(...)`. Default `default_surface`. */
  readonly defaultSurfaceId?: string;
  /**
   * The string properties whose long argument may show while it arrives (the parser's
   * `cuttableKeys`). Default: the catalog's `cuttableKeys`.
   */
  readonly cuttableKeys?: ReadonlySet<string>;
}

/** Default of {@link ExpressReaderOptions.maxStatementLength}: 16 MiB. */
export const DEFAULT_MAX_STATEMENT_LENGTH = 16_777_216;

/** Default of {@link ExpressReaderOptions.maxDepth}. */
export const DEFAULT_EXPRESS_MAX_DEPTH = 64;
