import { A2uiCatalogError, type A2uiErrorCode } from '../../errors.js';
import { childPointer, type SchemaDocuments, type SchemaLocation } from './documents.js';
import type { PathKey, SchemaProblem } from './issues.js';

/** State of one validation run: where in the value we are, and what failed so far. */
export interface Scope {
  /** Keys from the validated value to the current one; pushed and popped as checks descend. */
  readonly path: PathKey[];
  /** Problems found so far. */
  problems: SchemaProblem[];
}

/**
 * A compiled schema: checks `value`, appending problems to `scope`. When `evaluated` is given (an
 * enclosing schema has `unevaluatedProperties`), the property names this schema evaluated
 * successfully are added to it.
 */
export type Check = (value: unknown, scope: Scope, evaluated: Set<string> | undefined) => void;

/** What keyword compilers get: the documents and the two ways to compile a sub-schema. */
export interface CompileContext {
  readonly documents: SchemaDocuments;
  /** Compiles a sub-schema written inline at `loc`. */
  compile(schema: unknown, loc: SchemaLocation): Check;
  /** Compiles the schema at `loc` once, however often it is referenced (recursion-safe). */
  compileAt(loc: SchemaLocation): Check;
}

/** Compiles the keywords of one group (e.g. `properties` with `additionalProperties`) of a schema. */
export interface KeywordGroup {
  /** Keywords this group reads; the group runs when the schema has any of them. */
  readonly keywords: readonly string[];
  /** Compiles the group's keywords of `schema` (at `loc`); throws a `CatalogError` if malformed. */
  compile(schema: Readonly<Record<string, unknown>>, loc: SchemaLocation, ctx: CompileContext): Check;
}

/** A check that accepts everything. */
export const acceptAll: Check = () => {};

/**
 * Appends a problem at the current path (plus `key`, for a missing or unexpected property), with
 * the allowed values of an enum miss. The message and the values are built only when read: problems of alternatives that are tried and dropped are many.
 */
export function report(scope: Scope, keyword: string, code: A2uiErrorCode, describe: () => string, key?: string, allowed?: () => readonly unknown[]): void {
  const path = key === undefined ? scope.path.slice() : [...scope.path, key];
  let message: string | undefined;
  let options: readonly unknown[] | undefined;
  scope.problems.push({
    path,
    code,
    keyword,
    ...(allowed === undefined
      ? {}
      : {
          get allowed() {
            options ??= allowed();
            return options;
          },
        }),
    get message() {
      message ??= describe();
      return message;
    },
  });
}

/** Runs `check` on its own, returning the problems it found (and leaving `scope` untouched). */
export function probe(check: Check, value: unknown, scope: Scope, evaluated?: Set<string>): SchemaProblem[] {
  const saved = scope.problems;
  scope.problems = [];
  try {
    check(value, scope, evaluated);
    return scope.problems;
  } finally {
    scope.problems = saved;
  }
}

/** The location of `keyword` (and optional further keys) inside the schema at `loc`. */
export function at(loc: SchemaLocation, ...keys: (string | number)[]): SchemaLocation {
  let pointer = loc.pointer;
  for (const key of keys) pointer = childPointer(pointer, key);
  return { doc: loc.doc, pointer };
}

/** The `CatalogError` for a keyword whose value is malformed or not supported. */
export function keywordError(keyword: string, loc: SchemaLocation, problem: string): A2uiCatalogError {
  const where = `${loc.doc.name}#${loc.pointer}`;
  const message = `JSON Schema keyword '${keyword}' at ${where}: ${problem}`;
  return new A2uiCatalogError(message, {
    details: [{ path: where, code: 'unsupported_keyword', message }],
  });
}

/** Deep equality of JSON values, as `const`, `enum` and `uniqueItems` need. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => jsonEqual(item, other[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}

/** Runs every check in order (one check is returned as is). */
export function allChecks(checks: readonly Check[]): Check {
  if (checks.length === 0) return acceptAll;
  if (checks.length === 1) return checks[0] as Check;
  return (value, scope, evaluated) => {
    for (const check of checks) check(value, scope, evaluated);
  };
}
