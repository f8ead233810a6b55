/**
 * The rules for a string cut by a chunk boundary that every reader shares (`readiness.ts` rules 1
 * and 2): when a cut string shown is shown again, and which strings never show cut (a cut URL
 * points somewhere else). A leaf: the JSON reader's open values and the Express reader's open
 * statement both read them.
 */

/**
 * A cut string that is shown is shown again once this many more characters of it arrived, or
 * {@link CUT_GROWTH} of what was shown if that is more (see {@link grewEnough}).
 */
export const CUT_STEP = 64;
/** A shown cut string is shown again once it has grown by this share of what was shown, if that is more than {@link CUT_STEP}. */
export const CUT_GROWTH = 0.5;

/**
 * Whether a cut string shown with `before` characters (-1: none was shown) is shown again with
 * `now`: one that starts or stops being shown always is; one that grows, once it has grown by
 * {@link CUT_STEP} characters or by {@link CUT_GROWTH} of `before`, whichever is more. So the text
 * on screen lags what has arrived by less than `max(CUT_STEP, arrived ÷ 3)` characters, and the
 * forms sent for one string add up to about three times its length (delta snapshots re-send a
 * component whole each time).
 */
export function grewEnough(before: number, now: number): boolean {
  if (now === before) return false;
  if (before < 0 || now < before) return true;
  return now - before >= Math.max(CUT_STEP, Math.ceil(before * CUT_GROWTH));
}

const URL_START = /^(?:https?:\/\/|data:|\/)/i;
const URL_HINT = /url|link|src|href|image/i;
/** The longest URL start that {@link startsLikeUrl} needs to see: a string this long has its verdict. */
export const URL_START_LENGTH = 8;

/** Whether a (cut) string starts like a URL. */
export function startsLikeUrl(text: string): boolean {
  return URL_START.test(text.length > 64 ? text.slice(0, 64) : text);
}

/** Whether a key names a place for a URL (`imageUrl`, `href`, …). */
export function isUrlHint(key: unknown): boolean {
  return typeof key === 'string' && URL_HINT.test(key);
}
