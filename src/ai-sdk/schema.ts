import type { ProtocolVersion } from '../index.js';
import type { A2uiActionData, A2uiData, A2uiErrorData } from './types.js';

/** One problem found by a {@link A2uiStandardSchema} (the Standard Schema v1 issue shape). */
export interface A2uiSchemaIssue {
  /** What is wrong. */
  readonly message: string;
  /** Where: keys and indexes from the value's top. */
  readonly path?: readonly PropertyKey[];
}

/** A validation result (the Standard Schema v1 result shape): `value` on success, else `issues`. */
export type A2uiSchemaResult<T> = { readonly value: T; readonly issues?: undefined } | { readonly issues: readonly A2uiSchemaIssue[] };

/**
 * A schema implementing the Standard Schema v1 interface (standardschema.dev) without depending
 * on it, so that `useChat({ dataPartSchemas })` checks the data parts this entry writes.
 */
export interface A2uiStandardSchema<T> {
  /** The Standard Schema v1 properties. */
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'a2ui-stream';
    readonly validate: (value: unknown) => A2uiSchemaResult<T>;
    readonly types?: { readonly input: unknown; readonly output: T } | undefined;
  };
}

/**
 * The schema of `data-a2ui` parts. Its result is typed for any protocol version (`validate` is
 * generic), so one schema serves `useChat<A2uiUIMessage<'0.9'>>` and `useChat<A2uiUIMessage>`
 * alike: it checks the part's shape, and the messages' content is the renderer's to judge.
 */
export interface A2uiDataStandardSchema {
  /** The Standard Schema v1 properties. */
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'a2ui-stream';
    readonly validate: <VERSION extends ProtocolVersion = ProtocolVersion>(value: unknown) => A2uiSchemaResult<A2uiData<VERSION>>;
  };
}

type Check = (value: unknown, path: PropertyKey[], issues: A2uiSchemaIssue[]) => void;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schema<T>(check: Check): A2uiStandardSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'a2ui-stream',
      // A failure has no `value` key: ai reads `"value" in result` as success.
      validate(value) {
        const issues: A2uiSchemaIssue[] = [];
        check(value, [], issues);
        return issues.length === 0 ? { value: value as T } : { issues };
      },
    },
  };
}

function field(
  value: Record<string, unknown>,
  key: string,
  type: 'string' | 'number',
  optional: boolean,
  path: PropertyKey[],
  issues: A2uiSchemaIssue[],
): void {
  const item = value[key];
  if (item === undefined && optional) return;
  if (typeof item !== type) issues.push({ message: `Expected ${key} to be a ${type}`, path: [...path, key] });
}

const checkData: Check = (value, path, issues) => {
  if (!isObject(value)) return void issues.push({ message: 'Expected an object with messages', path });
  if (!Array.isArray(value.messages)) return void issues.push({ message: 'Expected messages to be an array', path: [...path, 'messages'] });
  value.messages.forEach((message, i) => {
    if (!isObject(message)) issues.push({ message: 'Expected an A2UI message (an object)', path: [...path, 'messages', i] });
  });
};

const checkError: Check = (value, path, issues) => {
  if (!isObject(value)) return void issues.push({ message: 'Expected an object with category, message and details', path });
  field(value, 'category', 'string', false, path, issues);
  field(value, 'message', 'string', false, path, issues);
  for (const key of ['line', 'column', 'offset']) field(value, key, 'number', true, path, issues);
  if (!Array.isArray(value.details)) return void issues.push({ message: 'Expected details to be an array', path: [...path, 'details'] });
  value.details.forEach((detail, i) => {
    const at = [...path, 'details', i];
    if (!isObject(detail)) return void issues.push({ message: 'Expected a detail (an object)', path: at });
    for (const key of ['path', 'code', 'message']) field(detail, key, 'string', false, at, issues);
  });
};

const checkAction: Check = (value, path, issues) => {
  if (!isObject(value) || !isObject(value.action)) return void issues.push({ message: 'Expected an object with an action', path });
  for (const key of ['name', 'surfaceId', 'sourceComponentId', 'timestamp']) field(value.action, key, 'string', false, [...path, 'action'], issues);
  if (value.action.context !== undefined && !isObject(value.action.context))
    issues.push({ message: 'Expected context to be an object', path: [...path, 'action', 'context'] });
  if (value.dataModel !== undefined && !(isObject(value.dataModel) && isObject(value.dataModel.surfaces))) {
    issues.push({ message: 'Expected dataModel to be an object with surfaces', path: [...path, 'dataModel'] });
  }
};

/** Checks the data of a `data-a2ui` part: an object whose `messages` is a list of objects (the messages' content is the renderer's to judge). */
export const a2uiDataSchema: A2uiDataStandardSchema = schema(checkData) as A2uiDataStandardSchema;

/** Checks the data of a `data-a2ui-error` part (see {@link A2uiErrorData}). */
export const a2uiErrorDataSchema: A2uiStandardSchema<A2uiErrorData> = schema(checkError);

/** Checks the data of a `data-a2ui-action` part (see {@link A2uiActionData}). */
export const a2uiActionDataSchema: A2uiStandardSchema<A2uiActionData> = schema(checkAction);

/**
 * The schemas of this entry's data parts, for `useChat({ dataPartSchemas: a2uiDataPartSchemas })`
 * with ai 5, 6 and 7. They are keyed twice: by the name after `data-` (`a2ui`, `a2ui-error`), as
 * ai 7 looks them up and as every major types the option, and by the whole part type
 * (`data-a2ui`, `data-a2ui-error`), as ai 5 and 6 look them up at run time. With schemas of your
 * own, spread these and key yours both ways too.
 */
export const a2uiDataPartSchemas = {
  a2ui: a2uiDataSchema,
  'a2ui-error': a2uiErrorDataSchema,
  'a2ui-action': a2uiActionDataSchema,
  'data-a2ui': a2uiDataSchema,
  'data-a2ui-error': a2uiErrorDataSchema,
  'data-a2ui-action': a2uiActionDataSchema,
} as const;
