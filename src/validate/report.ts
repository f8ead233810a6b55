/**
 * What a validation error reports at most (issue #37, probe 17): `[1,1,…]` of 100 KB threw one
 * error with 50,000 details (4.3 MB as JSON) and a 2.29 MB message, and the CLI printed 9–42×
 * its input. As the core's error parts (`src/stream/error-budget.ts`): a cap on the details with
 * one counting the rest, texts clipped; the message lists the first problems only. The caps lie
 * past every case of the conformance suites (at most 4 details, lines of 225 characters).
 */
import type { A2uiErrorDetail } from '../errors.js';

/** Details of one validation error at most; past them, one detail (`details_omitted`) counts the rest. */
export const MAX_REPORTED_DETAILS = 100;
/** Problems the message of a validation error lists at most (one line each). */
export const MAX_MESSAGE_LINES = 20;
/** Characters of a detail's text (message, path, ids) and of a message line kept at most. */
export const MAX_REPORTED_TEXT = 300;

/** `text` clipped to {@link MAX_REPORTED_TEXT} characters (an ellipsis marking the cut). */
export const clipText = (text: string): string => (text.length <= MAX_REPORTED_TEXT ? text : `${text.slice(0, MAX_REPORTED_TEXT)}…`);

const TEXT_FIELDS = ['path', 'message', 'surfaceId', 'componentId', 'componentType', 'property', 'expected'] as const;

/** `detail` with its texts clipped (`detail` itself when none is long). */
export function clipDetail(detail: A2uiErrorDetail): A2uiErrorDetail {
  if (TEXT_FIELDS.every((key) => (detail[key]?.length ?? 0) <= MAX_REPORTED_TEXT)) return detail;
  const clipped: A2uiErrorDetail = { ...detail };
  for (const key of TEXT_FIELDS) {
    const value = detail[key];
    if (value !== undefined) clipped[key] = clipText(value);
  }
  return clipped;
}

/** The details a validation error carries: the first {@link MAX_REPORTED_DETAILS}, texts clipped, then one counting the rest. */
export function reportedDetails(details: readonly A2uiErrorDetail[]): A2uiErrorDetail[] {
  const kept = details.slice(0, MAX_REPORTED_DETAILS).map(clipDetail);
  const more = details.length - kept.length;
  if (more > 0) kept.push({ path: '', code: 'details_omitted', message: `${more} more problem${more === 1 ? '' : 's'} not reported` });
  return kept;
}

/**
 * The lines of a validation message for `lines` (one per problem, of `total` problems): the
 * first {@link MAX_MESSAGE_LINES}, each clipped, then one counting the rest.
 */
export function messageLines(lines: readonly string[], total: number): string[] {
  const kept = lines.slice(0, MAX_MESSAGE_LINES).map(clipText);
  const more = total - kept.length;
  if (more > 0) kept.push(`… ${more} more problem${more === 1 ? '' : 's'}`);
  return kept;
}
