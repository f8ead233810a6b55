/**
 * The errors of Express statements: placed at their statement, the sink's passed through as they
 * are, and the error of one left out by a limit (too long, too deep, expanding past `MAX_NODES` or the expansion budget). The block
 * reads on past that one, so it is a validation error with detail code `limit_exceeded`, as a
 * component left out by `maxExpansion` is: an `A2uiLimitError` part is the last of a response, and
 * every driver stops reading at one.
 */
import { A2uiError, A2uiParseError, A2uiValidationError, type A2uiErrorOptions } from '../errors.js';
import type { Token } from './tokens.js';

/** The error for a statement left out, `message` saying why; its detail names the limit, `limit`. */
export function statementLimitError(message: string, limit: string, options: Omit<A2uiErrorOptions, 'details'> = {}): A2uiValidationError {
  return new A2uiValidationError(message, { ...options, details: [{ path: '', code: 'limit_exceeded', message: limit }] });
}

/** Whether `error` left a statement out by a limit (see {@link statementLimitError}). */
export function leftOutByLimit(error: A2uiError): boolean {
  return error.category === 'ValidationError' && error.details[0]?.code === 'limit_exceeded';
}

const ERROR_CLASSES = {
  ParseError: A2uiParseError,
  ValidationError: A2uiValidationError,
} as const;

/** `error` placed at the statement starting at `at.first` (assigning `at.name`, if any): its line, column and offset, its message prefixed with them. */
export function located(error: A2uiError, at: { first: Token; name: string }): A2uiError {
  if (error.line !== undefined && error.message.startsWith('Line ')) return error;
  const Class = ERROR_CLASSES[error.category as keyof typeof ERROR_CLASSES];
  const message = `Line ${at.first.line}${at.name ? `, '${at.name}'` : ''}: ${error.message}`;
  const options = { details: error.details, offset: at.first.offset, line: at.first.line, column: at.first.column, cause: error };
  return Class === undefined ? new A2uiError(error.category, message, options) : new Class(message, options);
}

/** An error the sink threw: it goes out of the reader's call as it is, not as the statement's error. */
export class SinkThrew {
  constructor(readonly error: unknown) {}
}

/** Runs `send` outside a statement's run: an error the sink threw goes out as it is. */
export function outsideRun(send: () => void): void {
  try {
    send();
  } catch (error) {
    throw error instanceof SinkThrew ? error.error : error;
  }
}
