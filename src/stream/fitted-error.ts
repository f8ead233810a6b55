/**
 * The first error of a source fitted to what was read (issue #37, no amplification): the error
 * budget (`error-budget.ts`) lets the first error of a source out whatever its size, so a few
 * characters of malformed output could send a kilobyte of error. {@link fitError} clips it to
 * {@link firstErrorRoom}: its details dropped from the end (one counting them instead), then its
 * message shortened.
 */
import type { A2uiError, A2uiErrorDetail } from '../errors.js';
import { MAX_ERROR_DETAILS, MAX_ERROR_TEXT, ERROR_BYTES_PER_CHAR } from './error-budget.js';

/** Bytes the first error of a source may take on the wire (every copy counted) however little was read. */
export const FIRST_ERROR_BYTES = 512;
/** Characters of a fitted error's message kept at least. */
const MIN_MESSAGE = 60;

/** Bytes the first error of a source may take once `chars` characters of it were read. */
export const firstErrorRoom = (chars: number): number => Math.max(FIRST_ERROR_BYTES, chars * ERROR_BYTES_PER_CHAR);

/** `error` with `message` and `details` instead of its own (same class, category and position). */
function withTexts(error: A2uiError, message: string, details: readonly A2uiErrorDetail[]): A2uiError {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as A2uiError, error, { details });
  Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true });
  return copy;
}

/**
 * `error` as it may go out within `maxBytes`, `cost` being what a form of it costs on the wire:
 * itself when it fits, else a copy keeping fewer details (the last one counting those dropped)
 * and then a shorter message (never under 60 characters: what is left goes out).
 */
export function fitError(error: A2uiError, maxBytes: number, cost: (error: A2uiError) => number): A2uiError {
  if (cost(error) <= maxBytes) return error;
  const all = error.details;
  const message = error.message.length <= MAX_ERROR_TEXT ? error.message : `${error.message.slice(0, MAX_ERROR_TEXT)}…`;
  let fitted = error;
  for (let kept = Math.min(all.length, MAX_ERROR_DETAILS - 1); kept >= 0; kept--) {
    const dropped = all.length - kept;
    const omitted: A2uiErrorDetail[] =
      dropped === 0 ? [] : [{ path: '', code: 'details_omitted', message: `${dropped} more detail${dropped === 1 ? '' : 's'} omitted` }];
    fitted = withTexts(error, message, [...all.slice(0, kept), ...omitted]);
    if (cost(fitted) <= maxBytes) return fitted;
  }
  for (let over = cost(fitted) - maxBytes; over > 0 && fitted.message.length > MIN_MESSAGE + 1; over = cost(fitted) - maxBytes) {
    fitted = withTexts(error, `${fitted.message.slice(0, Math.max(MIN_MESSAGE, fitted.message.length - over - 1))}…`, fitted.details);
  }
  return fitted;
}
