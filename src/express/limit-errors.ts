/**
 * The error of an Express statement left out by a limit (too long, too deep, expanding past
 * `MAX_NODES` or the expansion budget). The block reads on past it, so it is a validation error
 * with detail code `limit_exceeded`, as a component left out by `maxExpansion` is: an
 * `A2uiLimitError` part is the last of a response, and every driver stops reading at one.
 */
import { A2uiValidationError, type A2uiError, type A2uiErrorOptions } from '../errors.js';

/** The error for a statement left out, `message` saying why; its detail names the limit, `limit`. */
export function statementLimitError(message: string, limit: string, options: Omit<A2uiErrorOptions, 'details'> = {}): A2uiValidationError {
  return new A2uiValidationError(message, { ...options, details: [{ path: '', code: 'limit_exceeded', message: limit }] });
}

/** Whether `error` left a statement out by a limit (see {@link statementLimitError}). */
export function leftOutByLimit(error: A2uiError): boolean {
  return error.category === 'ValidationError' && error.details[0]?.code === 'limit_exceeded';
}
