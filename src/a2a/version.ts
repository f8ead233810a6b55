/**
 * A2UI version strings as the A2A helpers read them: `0.9`, `v0.9` and ` 0.9 ` are one version;
 * compared as dotted numbers, trailing zeros aside (`0.9` = `0.9.0`, `0.10` > `0.9`).
 */
import { A2uiCatalogError } from '../index.js';
import { shownValue } from '../internal.js';

const DOTTED = /^v?(\d+(?:\.\d+)*)$/i;

/** The digits of a version (`v0.9.1` → `0.9.1`); `undefined` when `text` is not a dotted number. */
export function versionDigits(text: string): string | undefined {
  return DOTTED.exec(text.trim())?.[1];
}

/** The digits of a version a caller gave; an `A2uiCatalogError` when it is not a dotted number. */
export function requireVersion(text: string, what: string): string {
  const digits = typeof text === 'string' ? versionDigits(text) : undefined;
  if (digits === undefined) {
    const message = `${what}: ${shownValue(text)} is not an A2UI version (expected digits and dots, e.g. "0.9")`;
    throw new A2uiCatalogError(message, { details: [{ path: 'version', code: 'invalid_value', message }] });
  }
  return digits;
}

/** The numeric parts of dotted digits, trailing zeros dropped (`0.9.0` → `[0, 9]`). */
function numbers(digits: string): number[] {
  const parts = digits.split('.').map(Number);
  while (parts.length > 1 && parts[parts.length - 1] === 0) parts.pop();
  return parts;
}

/** Orders two dotted digit strings numerically: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const x = numbers(a);
  const y = numbers(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
