/**
 * What the Express lexer produces: tokens (their kinds, values and places), the string it stops
 * inside while it streams, and the sink it reports to.
 */
import type { A2uiError } from '../errors.js';

/** Kinds of token. Punctuation is its own kind. */
export type TokenKind =
  | 'ident'
  | 'number'
  | 'string'
  | 'path'
  | 'check'
  | 'true'
  | 'false'
  | 'null'
  | 'skip'
  | '='
  | '('
  | ')'
  | '['
  | ']'
  | '{'
  | '}'
  | ','
  | ':';

/** One token: its kind, its value, and where it starts in the block. */
export interface Token {
  /** The kind of token. */
  readonly kind: TokenKind;
  /** Identifier or check name, path text after `$`, string value (escapes processed), number text. */
  readonly text: string;
  /** 0-based character offset of the token's first character in the block. */
  readonly offset: number;
  /** 1-based line of the token's first character. */
  readonly line: number;
  /** 1-based column of the token's first character on its line. */
  readonly column: number;
}

/** The string the input stops inside, as far as it has arrived (see {@link ExpressLexer.openString}). */
export interface OpenString {
  /** 0-based character offset of its opening quote (the same while it is read). */
  readonly offset: number;
  /** 1-based line of its opening quote. */
  readonly line: number;
  /** 1-based column of its opening quote. */
  readonly column: number;
  /** Characters of its value so far. */
  readonly length: number;
  /** Its value so far, escapes processed (joined only when asked for). */
  value(): string;
}

/** Receives what the lexer reads. */
export interface LexerSink {
  /** A complete token. */
  token(token: Token): void;
  /** A character no rule admits, or a string left open at a line end (raw) or at the end. */
  error(error: A2uiError): void;
}
