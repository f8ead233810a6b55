/**
 * When a string cut by a chunk boundary may be shown as it stands: only under a cuttable key,
 * never as an array element (a cut id would name a component that does not exist), and never when
 * it looks like a URL or stands where a URL goes (a cut URL points somewhere else). The reference
 * guards only `valueString`; the guard here covers every cuttable key.
 */
import type { Frame } from '../json/builder.js';
import type { AllowCutString } from '../json/heal.js';

const URL_START = /^(?:https?:\/\/|data:|\/)/i;
const URL_HINT = /url|link|src|href|image/i;

/** The cut-string policy for the open value described by `frames`. */
export function allowCutString(frames: readonly Frame[], cuttableKeys: ReadonlySet<string>): AllowCutString {
  return (text, key, inArray) => {
    if (inArray || key === undefined || !cuttableKeys.has(key)) return false;
    if (URL_START.test(text)) return false;
    const top = frames[frames.length - 1];
    if (!top) return true;
    const entryKey = (top.container as Record<string, unknown>).key;
    const hints = [top.keyInParent, typeof entryKey === 'string' ? entryKey : undefined];
    return !hints.some((hint) => typeof hint === 'string' && URL_HINT.test(hint));
  };
}
