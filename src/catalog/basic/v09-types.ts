/**
 * The common types of the v0.9 family (v0.9, v0.9.1, v1.0) as valibot schemas: data bindings,
 * dynamic values, function calls, child lists, actions and check rules. The revisions differ in a
 * few details, given as a {@link V09Revision} record.
 */
import * as v from 'valibot';
import { isJsonObject } from '../../json/is-object.js';
import { v09FunctionArgs, type FunctionSpec } from './v09-functions.js';
import type { DataBinding, DynamicBoolean, DynamicNumber, DynamicString, DynamicStringList, DynamicValue, FunctionCall } from './v09-values.js';
import { RESERVED_KEY } from '../model.js';

/** What differs between the revisions of the v0.9 family. */
export interface V09Revision {
  /**
   * `returnType`: calls may carry the function's return type and typed dynamic values only accept
   * calls of that type (v0.9); `catalogId`: calls may name their catalog, the `@index` system
   * function exists, and any call fits any dynamic value (v1.0).
   */
  readonly callTag: 'returnType' | 'catalogId';
  /** openUrl's `url` may also be bound or computed (v1.0). */
  readonly dynamicOpenUrl: boolean;
  /** Check rules take a binding or call as condition and an optional message (v1.0). */
  readonly looseCheckRules: boolean;
  /** Action events may carry a `userMessage` (v1.0). */
  readonly eventUserMessage: boolean;
  /** Dynamic values may be plain objects without `path` or `call` (v1.0). */
  readonly objectValues: boolean;
  /**
   * The current v1.0 dialect: bindings are `{"@path"}`, calls `{"@call", args, catalogId}` checked
   * here for their shape only (the validator checks each call against the catalog it resolves to),
   * and a plain object is data unless a key starts with one `@`.
   */
  readonly reservedKeys?: boolean;
}

/** Keys that make an object a binding or a call, by dialect: `[binding, call]`. */
const SPELLINGS = { august: ['path', 'call'], current: ['@path', '@call'] } as const;

type CallKind = 'string' | 'number' | 'boolean' | 'array' | 'any';

/** Lets `schema` stand for a recursive type whose valibot output TypeScript cannot infer. */
function as<T>(schema: v.GenericSchema): v.GenericSchema<T> {
  return schema as v.GenericSchema<T>;
}

/** Builds the common types of one revision of the v0.9 family. */
export function v09Types(revision: V09Revision) {
  const calls = new Map<CallKind, v.GenericSchema<FunctionCall>>();
  const callOf = (kind: CallKind) => v.lazy(() => calls.get(kind)!);

  const current = revision.reservedKeys === true;
  const [bindingKey, callKey] = current ? SPELLINGS.current : SPELLINGS.august;
  const [otherBinding, otherCall] = current ? SPELLINGS.august : SPELLINGS.current;
  // Typed as the August binding: the basic components' inferred types are August's.
  const DataBinding = current ? as<DataBinding>(v.strictObject({ '@path': v.string() })) : v.strictObject({ path: v.string() });
  const ComponentId = v.string();
  const spelling: Spelling = { bindingKey, callKey, otherBinding, otherCall };
  const dynamicOf = (plain: v.GenericSchema, kind: CallKind): v.GenericSchema => {
    const call = current ? structuralCall : callOf(kind);
    return dynamicUnion(v.union([plain, DataBinding, call]), DataBinding, call, spelling, true);
  };
  const structuralCall = as<FunctionCall>(
    v.strictObject({
      '@call': v.string(),
      args: v.optional(v.record(v.string(), v.unknown())),
      catalogId: v.optional(v.string()),
    }),
  );
  const DynamicString = as<DynamicString>(dynamicOf(v.string(), 'string'));
  const DynamicNumber = as<DynamicNumber>(dynamicOf(v.number(), 'number'));
  const DynamicBoolean = as<DynamicBoolean>(dynamicOf(v.boolean(), 'boolean'));
  const DynamicStringList = as<DynamicStringList>(dynamicOf(v.array(v.string()), 'array'));
  const plainObject = current
    ? v.pipe(
        v.record(v.string(), v.unknown()),
        v.check((value) => !Object.keys(value).some((key) => RESERVED_KEY.test(key)), 'a key starting with one @ is reserved (write @@ for a literal @)'),
      )
    : v.pipe(
        v.record(v.string(), v.unknown()),
        v.check((value) => !('path' in value) && !('call' in value), 'a plain object has no path or call'),
      );
  const FunctionCall = current ? structuralCall : callOf('any');
  const valueOptions = [v.string(), v.number(), v.boolean(), v.array(v.unknown()), DataBinding, FunctionCall];
  // A plain object is data in the current dialect even with `path`/`call` keys: no hint there.
  const DynamicValue = as<DynamicValue>(
    dynamicUnion(v.union(revision.objectValues ? [...valueOptions, plainObject] : valueOptions), DataBinding, FunctionCall, spelling, !current),
  );

  const dynamic = {
    DataBinding,
    DynamicString,
    DynamicNumber,
    DynamicBoolean,
    DynamicStringList,
    DynamicValue,
    FunctionCall,
  };
  const functions = v09FunctionArgs(dynamic, revision.dynamicOpenUrl);
  // The current dialect checks calls by their shape here (see `reservedKeys`).
  if (!current)
    for (const kind of ['string', 'number', 'boolean', 'array', 'any'] as const) {
      calls.set(kind, callSchema(functions, kind, revision, DynamicNumber));
    }

  const ChildList = v.union([v.array(ComponentId), v.strictObject({ componentId: ComponentId, path: v.string() })]);
  const CheckRule = revision.looseCheckRules
    ? v.strictObject({
        condition: dynamicUnion(v.union([DataBinding, FunctionCall]), DataBinding, FunctionCall, spelling, true),
        message: v.optional(v.string()),
      })
    : v.strictObject({ condition: DynamicBoolean, message: v.string() });
  const eventEntries = { name: v.string(), context: v.optional(v.record(v.string(), DynamicValue)) };
  const event = revision.eventUserMessage ? v.strictObject({ ...eventEntries, userMessage: v.optional(DynamicString) }) : v.strictObject(eventEntries);
  const Action = v.union([v.strictObject({ event }), v.strictObject({ functionCall: dynamicUnion(FunctionCall, DataBinding, FunctionCall, spelling, true) })]);

  return { ...dynamic, ComponentId, ChildList, CheckRule, Action, functions };
}

/** The common types of one revision, as {@link v09Types} builds them. */
export type V09Types = ReturnType<typeof v09Types>;

/** A function call accepted where a value of `kind` is expected: one strict object per function. */
function callSchema(
  functions: Readonly<Record<string, FunctionSpec>>,
  kind: CallKind,
  revision: V09Revision,
  DynamicNumber: v.GenericSchema<DynamicNumber>,
): v.GenericSchema<FunctionCall> {
  const tagFor = (spec: FunctionSpec): v.ObjectEntries =>
    revision.callTag === 'catalogId'
      ? { catalogId: v.optional(v.string()) }
      : { returnType: v.optional(kind === 'any' || kind === spec.returnType ? v.literal(spec.returnType) : v.never()) };
  const options: v.GenericSchema[] = Object.entries(functions).map(([name, spec]) =>
    v.strictObject({ call: v.literal(name), args: spec.args, ...tagFor(spec) }),
  );
  if (revision.callTag === 'catalogId') {
    const offset = v.optional(DynamicNumber);
    options.push(v.strictObject({ call: v.literal('@index'), args: v.optional(v.strictObject({ offset })) }));
  }
  // Every option is a strict object with a literal `call`, which is what `variant` requires.
  const variant = v.variant('call', options as unknown as v.VariantOptions<'call'>);
  const byName = new Map<unknown, v.GenericSchema>();
  for (const option of options as unknown as v.StrictObjectSchema<{ call: v.LiteralSchema<string, undefined> }, undefined>[]) {
    byName.set(option.entries.call.literal, option);
  }
  return as<FunctionCall>(preferMember(variant, (value) => (isJsonObject(value) ? byName.get(value.call) : undefined)));
}

/**
 * `schema` (a union or variant) that first runs only the member `pick` names for the value, and
 * the whole schema when that member fails or none is named. Valibot tries members in turn and
 * builds an issue object for each miss (a `variant` checks its key against every option: a
 * dozen issues per function call), so a valid value now costs one member's check, and an invalid
 * one gets exactly the issues it got before. The schema stays what it was for JSON Schema export.
 */
function preferMember<S extends v.GenericSchema>(schema: S, pick: (value: unknown) => v.GenericSchema | undefined, final = false): S {
  return {
    ...schema,
    '~run'(dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      const member = pick(dataset.value);
      if (member !== undefined) {
        const result = member['~run']({ value: dataset.value }, config);
        if (result.typed && result.issues === undefined) return result;
        // A `custom` member (a misspelt binding) states the one problem: its issue is the result.
        if (final && member.type === 'custom') return result as ReturnType<S['~run']>;
      }
      return schema['~run'](dataset, config);
    },
  };
}

/** How a dialect spells bindings and calls, and how the other one does. */
interface Spelling {
  readonly bindingKey: string;
  readonly callKey: string;
  readonly otherBinding: string;
  readonly otherCall: string;
}

/**
 * A dynamic value's union, trying the binding or the call first for an object with its dialect's
 * binding or call key. With `hint`, an object spelt in the other dialect (a lone `path` where
 * `@path` is expected, or the reverse) fails with a message naming what to write instead.
 */
function dynamicUnion<S extends v.GenericSchema>(union: S, binding: v.GenericSchema, call: v.GenericSchema, spelling: Spelling, hint: boolean): S {
  const { bindingKey, callKey, otherBinding, otherCall } = spelling;
  const misspelt = (value: Readonly<Record<string, unknown>>): v.GenericSchema | undefined => {
    if (bindingKey in value || callKey in value) return undefined;
    const wrong = otherCall in value ? otherCall : otherBinding in value ? otherBinding : undefined;
    if (wrong === undefined) return undefined;
    const right = wrong === otherCall ? callKey : bindingKey;
    const dialect = right.startsWith('@') ? 'current v1.0' : 'this catalog';
    return v.custom(
      () => false,
      `in ${dialect} a ${wrong === otherCall ? 'call' : 'binding'} is written {"${right}": …}: did you mean "${right}" instead of "${wrong}"?`,
    );
  };
  return preferMember(
    union,
    (value) => {
      if (!isJsonObject(value)) return undefined;
      if (callKey in value) return call;
      if (bindingKey in value) return binding;
      return hint ? misspelt(value) : undefined;
    },
    hint,
  );
}
