/**
 * Turning schema problems into {@link A2uiErrorDetail}s worded like JSON Schema validators
 * (`123 is not of type 'string'`, `'text' is a required property`), the wording the conformance
 * suite and the reference use.
 */
import type { BaseIssue } from 'valibot';
import type { A2uiErrorCode, A2uiErrorDetail } from '../errors.js';
import { isJsonSchemaIssue, pyRepr } from '../catalog/json-schema/issues.js';
import { closestFirst, enumMissMessage } from '../catalog/json-schema/enum-miss.js';

/** {@link A2uiErrorDetail.expected} of an `unknown_value`. */
const EXPECTED_ENUM = 'one of the allowed values';

/** Joins a base path and a key into a dotted detail path (`messages.0` + `surfaceId`). */
export function joinPath(base: string, key: string | number): string {
  return base === '' ? String(key) : `${base}.${key}`;
}

/** Builds one detail. */
export function detail(path: string, code: A2uiErrorCode, message: string): A2uiErrorDetail {
  return { path, code, message };
}

/** `'<key>' is a required property` at `<base>.<key>`. */
export function missingField(base: string, key: string): A2uiErrorDetail {
  return detail(joinPath(base, key), 'missing_field', `'${key}' is a required property`);
}

/** `Additional properties are not allowed ('<key>' was unexpected)` at `<base>.<key>`. */
export function extraField(base: string, key: string): A2uiErrorDetail {
  return detail(joinPath(base, key), 'extra_field', `Additional properties are not allowed ('${key}' was unexpected)`);
}

/** `<value> is not of type '<type>'` at `path`. */
export function typeMismatch(path: string, value: unknown, type: string): A2uiErrorDetail {
  return detail(path, 'type_mismatch', `${pyRepr(value)} is not of type '${type}'`);
}

/** Valibot schema types that check the JSON type of a value, with the JSON Schema type name. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
  object: 'object',
  loose_object: 'object',
  strict_object: 'object',
  object_with_rest: 'object',
  record: 'object',
  array: 'array',
  tuple: 'array',
  loose_tuple: 'array',
  strict_tuple: 'array',
  tuple_with_rest: 'array',
  integer: 'integer',
};

/**
 * Converts the issues of a failed valibot parse into details under `base` (e.g.
 * `messages.1.updateComponents.components.0`). Each issue's own path is appended with dots.
 * Issues of schemas compiled from JSON Schema carry their code and message; plain valibot issues
 * are reworded.
 */
export function detailsFromIssues(issues: readonly BaseIssue<unknown>[], base: string): A2uiErrorDetail[] {
  return issues.map((issue) => detailFromIssue(issue, base));
}

function detailFromIssue(issue: BaseIssue<unknown>, base: string): A2uiErrorDetail {
  let parent = base;
  let path = base;
  let lastKey: unknown;
  let fromKey = false;
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    lastKey = key;
    fromKey = (item as { origin?: unknown }).origin === 'key';
    parent = path;
    if (typeof key === 'string' || typeof key === 'number') path = joinPath(path, key);
  }
  if (isJsonSchemaIssue(issue)) {
    const found = detail(path, issue.code, issue.message);
    return issue.allowed === undefined ? found : { ...found, expected: EXPECTED_ENUM, allowed: issue.allowed };
  }
  if (fromKey && typeof lastKey === 'string') {
    if (issue.expected === 'never') return extraField(parent, lastKey);
    if (issue.received === 'undefined') return missingField(parent, lastKey);
  }
  const typeName = TYPE_NAMES[issue.type];
  // `integer` is a valibot validation action, yet a type in JSON Schema.
  if (typeName !== undefined && (issue.kind === 'schema' || issue.type === 'integer')) {
    return typeMismatch(path, issue.input, typeName);
  }
  // A value of the right type missing from the one enum option of a union (an unknown icon name
  // beside a binding object): that option was meant.
  const enumMiss = issue.type === 'union' && hasOnlyTypeIssues(issue) ? lonePicklistIssue(issue) : undefined;
  if (enumMiss !== undefined) return detailFromIssue(enumMiss, path);
  if (issue.kind === 'schema' && issue.type === 'union' && hasOnlyTypeIssues(issue)) {
    const found = detail(path, 'type_mismatch', `${pyRepr(issue.input)} is not valid under any of the given schemas`);
    const expected = unionTypes(issue);
    return expected === undefined ? found : { ...found, expected };
  }
  // No option of a union matched: the deepest problem of its options says why (an object option
  // whose inner value is wrong), where the union's own message says only the value's type.
  const inner = issue.type === 'union' ? deepestIssue(issue) : undefined;
  if (inner !== undefined) return detailFromIssue(inner, path);
  if (issue.type === 'literal') {
    return detail(path, 'invalid_value', `${issue.expected ?? ''} was expected`.replace(/"/g, "'"));
  }
  if (issue.type === 'picklist' || issue.type === 'enum') {
    const allowed = closestFirst(issue.input, optionsOf(issue.expected));
    return { ...detail(path, 'unknown_value', enumMissMessage(issue.input, allowed)), expected: EXPECTED_ENUM, allowed };
  }
  return detail(path, 'invalid_value', `${pyRepr(issue.input)}: ${issue.message}`);
}

/**
 * The sub-issue of a union that says why no option matched, when one goes inside the value: the
 * deepest about a value (the option whose keys fit has a wrong value inside), else the deepest
 * about a key (a key missing, or one no option takes).
 */
function deepestIssue(issue: BaseIssue<unknown>): BaseIssue<unknown> | undefined {
  const depth = (sub: BaseIssue<unknown> | undefined) => sub?.path?.length ?? 0;
  const aboutKey = (sub: BaseIssue<unknown>) => sub.expected === 'never' || sub.received === 'undefined';
  let deepest: BaseIssue<unknown> | undefined;
  for (const sub of issue.issues ?? []) {
    if (depth(sub) === 0) continue;
    const better = deepest === undefined || (aboutKey(deepest) && !aboutKey(sub)) || (aboutKey(deepest) === aboutKey(sub) && depth(sub) > depth(deepest));
    if (better) deepest = sub;
  }
  return deepest;
}

/** The sub-issue of a union from its one picklist option, when the value has that option's type. */
function lonePicklistIssue(issue: BaseIssue<unknown>): BaseIssue<unknown> | undefined {
  const misses = (issue.issues ?? []).filter((sub) => sub.type === 'picklist' || sub.type === 'enum');
  const miss = misses.length === 1 ? misses[0] : undefined;
  if (miss === undefined || typeof issue.input !== 'string') return undefined;
  return optionsOf(miss.expected).every((option) => typeof option === 'string') ? miss : undefined;
}

/** The options of a valibot picklist issue, from its `expected` (`("a" | "b")` or `"a"`). */
function optionsOf(expected: string | null): unknown[] {
  if (expected === null) return [];
  const inner = expected.startsWith('(') && expected.endsWith(')') ? expected.slice(1, -1) : expected;
  return inner.split(' | ').map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  });
}

/** The JSON types a union's options take (`a string or an object`), when every option's type issue names one. */
function unionTypes(issue: BaseIssue<unknown>): string | undefined {
  const names = new Set<string>();
  for (const sub of issue.issues ?? []) {
    // A variant (a union of objects by a key) fails on the type first when the value is no object.
    const name = sub.type === 'variant' && sub.expected === 'Object' ? 'object' : TYPE_NAMES[sub.type];
    // An option whose type cannot be named: a partial list would mislead.
    if (name === undefined) return undefined;
    names.add(name === 'integer' || name === 'array' || name === 'object' ? `an ${name}` : `a ${name}`);
  }
  if (names.size === 0) return undefined;
  const list = [...names];
  return list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

function hasOnlyTypeIssues(issue: BaseIssue<unknown>): boolean {
  return (issue.issues ?? []).every((sub) => sub.kind === 'schema' && (sub.path?.length ?? 0) === 0);
}
