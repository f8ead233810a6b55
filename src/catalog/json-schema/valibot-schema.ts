import { _standardSchema, type BaseSchema, type Config, type BaseIssue, type IssuePathItem } from 'valibot';
import type { Check, Scope } from './check.js';
import type { JsonSchemaIssue, SchemaProblem } from './issues.js';

/**
 * A valibot schema backed by a compiled JSON Schema. It accepts any JSON value the JSON Schema
 * accepts and returns it unchanged; its issues are {@link JsonSchemaIssue}s.
 */
export interface JsonSchemaValibotSchema extends BaseSchema<unknown, unknown, JsonSchemaIssue> {
  /** Always `'json_schema'`. */
  readonly type: 'json_schema';
}

/** Wraps a compiled check as a synchronous valibot schema. */
export function toValibotSchema(check: Check): JsonSchemaValibotSchema {
  return _standardSchema<JsonSchemaValibotSchema>({
    kind: 'schema',
    type: 'json_schema',
    reference: toValibotSchema,
    expects: 'unknown',
    async: false,
    '~run'(dataset, config) {
      const scope: Scope = { path: [], problems: [] };
      check(dataset.value, scope, undefined);
      const result = dataset as { value: unknown; typed?: boolean; issues?: JsonSchemaIssue[] };
      if (scope.problems.length === 0) {
        result.typed = true;
        return result as ReturnType<JsonSchemaValibotSchema['~run']>;
      }
      const problems = config.abortEarly ? scope.problems.slice(0, 1) : scope.problems;
      result.typed = false;
      result.issues = problems.map((problem) => toIssue(problem, dataset.value, config));
      return result as ReturnType<JsonSchemaValibotSchema['~run']>;
    },
  });
}

function toIssue(problem: SchemaProblem, root: unknown, config: Config<BaseIssue<unknown>>): JsonSchemaIssue {
  const path: IssuePathItem[] = [];
  let node = root;
  for (const key of problem.path) {
    const input = node;
    node = typeof input === 'object' && input !== null ? (input as Record<string | number, unknown>)[key] : undefined;
    path.push(
      Array.isArray(input)
        ? { type: 'array', origin: 'value', input, key: key as number, value: node }
        : { type: 'object', origin: 'value', input: input as Record<string, unknown>, key: String(key), value: node },
    );
  }
  return {
    kind: 'schema',
    type: problem.keyword,
    code: problem.code,
    input: node,
    expected: null,
    received: node === undefined ? 'undefined' : typeof node,
    message: problem.message,
    ...(problem.allowed === undefined ? {} : { allowed: problem.allowed }),
    path: path.length > 0 ? (path as [IssuePathItem, ...IssuePathItem[]]) : undefined,
    lang: config.lang,
    abortEarly: config.abortEarly,
    abortPipeEarly: config.abortPipeEarly,
  };
}
