/**
 * When a string cut by a chunk boundary may be shown as it stands: only under a cuttable key,
 * never as an array element (a cut id would name a component that does not exist), and never when
 * it looks like a URL or stands where a URL goes (a cut URL points somewhere else). The reference
 * guards only `valueString`; the guard here covers every cuttable key.
 */
import type { Frame } from '../json/builder.js';
import type { AllowCutString, CutString } from '../json/heal.js';

const URL_START = /^(?:https?:\/\/|data:|\/)/i;
const URL_HINT = /url|link|src|href|image/i;

/** The cut-string policy for the open value described by `frames`. */
export function allowCutString(frames: readonly Frame[], cuttableKeys: ReadonlySet<string>): AllowCutString {
  return (cut) => {
    const key = cut.key;
    if (cut.inArray || key === undefined || !cuttableKeys.has(key)) return false;
    if (looksLikeUrl(frames[frames.length - 1], key, cut)) return false;
    const top = frames[frames.length - 1];
    if (!top) return true;
    const entryKey = (top.container as Record<string, unknown>).key;
    return !isUrlHint(top.keyInParent) && !isUrlHint(entryKey);
  };
}

/** Whether a key names a place for a URL (`imageUrl`, `href`, …). */
function isUrlHint(key: unknown): boolean {
  return typeof key === 'string' && URL_HINT.test(key);
}

/** The longest URL start that {@link URL_START} needs to see. */
const URL_START_LENGTH = 8;

/** Verdicts for strings still being read, by the object holding them and their key. */
const verdicts = new WeakMap<object, { key: string; urlLike: boolean }>();

/**
 * Whether the cut string starts like a URL. Once its first characters are known the verdict is
 * kept, so a long text growing chunk by chunk is not read (and joined) again on every chunk.
 */
function looksLikeUrl(top: Frame | undefined, key: string, cut: CutString): boolean {
  const holder = top?.container;
  const known = holder ? verdicts.get(holder) : undefined;
  if (known?.key === key) return known.urlLike;
  const text = cut.text;
  const urlLike = URL_START.test(text.length > 64 ? text.slice(0, 64) : text);
  if (holder && text.length >= URL_START_LENGTH) verdicts.set(holder, { key, urlLike });
  return urlLike;
}
