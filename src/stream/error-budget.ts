/**
 * What the entries that send errors over the wire (`ai-sdk`, `ag-ui`, through `internal.ts`) and the
 * core's parts (`parts.ts`) may send of them, so that
 * malformed model output is not amplified (issue #37): each error carries at most so much, and
 * the errors of one source (an assistant message, a text message, a tool call) cost at most
 * {@link ERROR_BYTES_PER_CHAR} bytes per character of it read, past the first error. The rest is
 * counted and reported once, by {@link ErrorBudget.summary}.
 */
import { type A2uiError, A2uiLimitError, A2uiValidationError, type A2uiErrorDetail } from '../errors.js';
import { clipDetail, clipText, MAX_REPORTED_TEXT } from '../validate/report.js';

/** Bytes of errors sent per character of model output read (past the first error). */
export const ERROR_BYTES_PER_CHAR = 2;
/** Characters of an error's message (and of each detail's texts) sent at most: as validation reports them. */
export const MAX_ERROR_TEXT = MAX_REPORTED_TEXT;
/** Details of one error (and allowed values of one detail) sent at most. */
export const MAX_ERROR_DETAILS = 8;

/** A detail as sent: its texts (ids and types the model wrote among them) clipped, at most {@link MAX_ERROR_DETAILS} of its `allowed` values. */
function boundedDetail(detail: A2uiErrorDetail): A2uiErrorDetail {
  const bounded = clipDetail(detail);
  return detail.allowed !== undefined && detail.allowed.length > MAX_ERROR_DETAILS
    ? { ...bounded, allowed: detail.allowed.slice(0, MAX_ERROR_DETAILS) }
    : bounded;
}

/**
 * An error's message and details as sent: texts clipped to {@link MAX_ERROR_TEXT} characters, at
 * most {@link MAX_ERROR_DETAILS} details (then one counting the rest) and allowed values each.
 */
export function boundedError(error: A2uiError): { message: string; details: A2uiErrorDetail[] } {
  const details = error.details.slice(0, MAX_ERROR_DETAILS).map(boundedDetail);
  const more = error.details.length - details.length;
  if (more > 0) details.push({ path: '', code: 'details_omitted', message: `${more} more detail${more === 1 ? '' : 's'} omitted` });
  return { message: clipText(error.message), details };
}

/** The errors of one source: which go out, and one error counting those that did not. */
export class ErrorBudget {
  #read = 0;
  #spent = 0;
  #withheld = 0;

  /** `chars` more characters of the source were read. */
  read(chars: number): void {
    this.#read += chars;
  }

  /**
   * Whether an error whose form on the wire is `bytes` long goes out now: the first always, a
   * limit error always (it ends the reading), any other while the errors sent stay within the
   * budget of what was read; one that does not is counted for {@link summary}.
   */
  admit(error: A2uiError, bytes: number): boolean {
    if (this.#spent > 0 && !(error instanceof A2uiLimitError) && this.#spent + bytes > this.#read * ERROR_BYTES_PER_CHAR) {
      this.#withheld++;
      return false;
    }
    this.#spent += bytes;
    return true;
  }

  /** One error counting the errors withheld since the last call, if any. */
  summary(): A2uiError | undefined {
    const withheld = this.#withheld;
    if (withheld === 0) return undefined;
    this.#withheld = 0;
    const message = `${withheld} more error${withheld === 1 ? '' : 's'} not sent: at most ${ERROR_BYTES_PER_CHAR} bytes of errors per character of model output.`;
    return new A2uiValidationError(message, { details: [{ path: '', code: 'errors_withheld', message }] });
  }
}
