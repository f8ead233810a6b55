/**
 * Data paths inside a component that the renderers' data model refuses: a segment `__proto__`,
 * `constructor` or `prototype` (web_core's `DataModel` throws while the component renders). The
 * streaming core already refuses these segments in `updateDataModel` paths; here they are refused
 * in the component's bindings, so such a component is left out as invalid instead of breaking the
 * page.
 */
import type { A2uiErrorDetail } from '../errors.js';
import { detail, joinPath } from './details.js';

/** Deeper than this, bindings are not searched (the message depth limit is 50). */
const MAX_SEARCH_DEPTH = 64;

/** Segments web_core's `DataModel` refuses in any path (its `FORBIDDEN_KEYS`). */
const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Keys whose string value an object reads from the data model: `path` (a v0.9/v1.0 binding
 * `{path}`, a template `{componentId, path}`, a v0.8 bound value), `@path` (current v1.0
 * dialect), `dataBinding` (a v0.8 template).
 */
const BINDING_KEYS = ['path', '@path', 'dataBinding'] as const;

/** The first segment of `path` the data model refuses, or `undefined`. Escapes (`~0`, `~1`) cannot spell one. */
export function forbiddenSegment(path: string): string | undefined {
  if (!path.includes('__proto__') && !path.includes('constructor') && !path.includes('prototype')) return undefined;
  for (const segment of path.split('/')) if (FORBIDDEN_SEGMENTS.has(segment)) return segment;
  return undefined;
}

/**
 * Adds to `out` a detail for each binding inside `value` (a component property's value, at
 * `path`) whose data path has a segment the data model refuses. `depth`: how deep `value` sits.
 */
export function checkBindingPaths(value: unknown, path: string, out: A2uiErrorDetail[], depth = 1): void {
  if (depth > MAX_SEARCH_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) checkBindingPaths(item, joinPath(path, i), out, depth + 1);
    }
    return;
  }
  const record = value as Readonly<Record<string, unknown>>;
  for (const key of BINDING_KEYS) {
    const bound = Object.hasOwn(record, key) ? record[key] : undefined;
    const segment = typeof bound === 'string' ? forbiddenSegment(bound) : undefined;
    if (segment !== undefined) {
      const message = `Data path '${bound as string}' has the segment '${segment}', which the data model refuses`;
      out.push(detail(joinPath(path, key), 'invalid_value', message));
    }
  }
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'object' && item !== null && Object.hasOwn(record, key)) checkBindingPaths(item, joinPath(path, key), out, depth + 1);
  }
}

/** Whether a binding inside `value` (a component property's value) has a data path the data model refuses. */
export function hasForbiddenBinding(value: unknown): boolean {
  const out: A2uiErrorDetail[] = [];
  checkBindingPaths(value, '', out);
  return out.length > 0;
}
