import type { BaseIssue } from 'valibot';
import type { A2uiErrorCode } from '../../errors.js';

/** One step of an instance path: an object key or an array index. */
export type PathKey = string | number;

/** A problem found while checking a value against a compiled JSON Schema. */
export interface SchemaProblem {
  /** Keys from the validated value down to the failing one (for a missing property, that key). */
  readonly path: readonly PathKey[];
  /** `missing_field`, `extra_field`, `type_mismatch`, `invalid_value` or `unknown_value`. */
  readonly code: A2uiErrorCode;
  /** The JSON Schema keyword that failed, e.g. `required`. */
  readonly keyword: string;
  /** A message worded like Python `jsonschema`'s, e.g. `'text' is a required property`. */
  readonly message: string;
  /** For `unknown_value` (an `enum` miss): the allowed values, closest to the value first. */
  readonly allowed?: readonly unknown[];
}

/**
 * The valibot issue produced by schemas compiled from JSON Schema. It is a normal valibot issue
 * (`kind: 'schema'`, `type` is the failing JSON Schema keyword, `path` holds valibot path items)
 * plus `code`, the A2UI detail code.
 *
 * How a validator maps any valibot issue to an `A2uiErrorDetail`:
 * - `path`: the `key` of each item of `issue.path`, joined with `.` after the caller's prefix
 *   (e.g. `messages.0.updateComponents.components.3`); for `missing_field` and `extra_field` the
 *   last key is the missing or unexpected property itself;
 * - `code`: `issue.code` when present (see {@link isJsonSchemaIssue}); otherwise derive it from
 *   valibot's own issue (`received: 'undefined'` on an object entry → `missing_field`, a
 *   `strict_object` issue → `extra_field`, a type issue → `type_mismatch`, else `invalid_value`);
 * - `message`: `issue.message`.
 */
export interface JsonSchemaIssue extends BaseIssue<unknown> {
  /** A2UI detail code of the problem. */
  readonly code: A2uiErrorCode;
  /** For `unknown_value`: the allowed values, closest to the value first. */
  readonly allowed?: readonly unknown[];
}

/** Whether a valibot issue came from a schema compiled by `catalogFromJsonSchema`. */
export function isJsonSchemaIssue(issue: BaseIssue<unknown>): issue is JsonSchemaIssue {
  return typeof (issue as { code?: unknown }).code === 'string';
}

const MAX_REPR = 200;

/** The value as Python's `repr` would print it (as `jsonschema` messages show values), shortened. */
export function pyRepr(value: unknown): string {
  const text = reprOf(value);
  return text.length > MAX_REPR ? `${text.slice(0, MAX_REPR - 3)}...` : text;
}

function reprOf(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return reprString(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(reprOf).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${reprString(key)}: ${reprOf(item)}`).join(', ')}}`;
  }
  return String(value);
}

function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? escaped.replace(/'/g, "\\'") : escaped) + quote;
}

/** JSON Schema type name of a JSON value (`integer` counts as `number`). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
