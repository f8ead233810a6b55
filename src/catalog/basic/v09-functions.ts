/**
 * The functions of the v0.9-family basic catalogs: the schema of each call's `args` and the type
 * it returns.
 */
import * as v from 'valibot';
import type { DataBinding, DynamicBoolean, DynamicNumber, DynamicString, DynamicValue, FunctionCall } from './v09-values.js';

/** One basic-catalog function. */
export interface FunctionSpec {
  /** The v0.9 return type (`boolean`, `string`, `void`). */
  readonly returnType: string;
  /** Validates the call's `args`. */
  readonly args: v.GenericSchema;
}

interface DynamicSchemas {
  readonly DataBinding: v.GenericSchema<DataBinding>;
  readonly DynamicString: v.GenericSchema<DynamicString>;
  readonly DynamicNumber: v.GenericSchema<DynamicNumber>;
  readonly DynamicBoolean: v.GenericSchema<DynamicBoolean>;
  readonly DynamicValue: v.GenericSchema<DynamicValue>;
  readonly FunctionCall: v.GenericSchema<FunctionCall>;
}

/** An absolute URI (JSON Schema `format: uri`). */
export function uri() {
  return v.pipe(v.string(), v.url());
}

function minOrMax<T extends { min?: number | undefined; max?: number | undefined }>() {
  return v.check<T, string>((args) => args.min !== undefined || args.max !== undefined, 'min or max is required');
}

/**
 * Builds the args schemas of the basic functions.
 *
 * @param dynamicOpenUrl Whether openUrl's `url` may be bound or computed (v1.0) rather than only a
 *   literal URI (v0.9).
 */
export function v09FunctionArgs(t: DynamicSchemas, dynamicOpenUrl: boolean): Record<string, FunctionSpec> {
  const count = v.pipe(v.number(), v.integer(), v.minValue(0));
  const url = uri();
  const bool = (args: v.GenericSchema): FunctionSpec => ({ returnType: 'boolean', args });
  const text = (args: v.GenericSchema): FunctionSpec => ({ returnType: 'string', args });
  const formatting = {
    value: t.DynamicNumber,
    decimals: v.optional(t.DynamicNumber),
    grouping: v.optional(t.DynamicBoolean),
  };
  return {
    required: bool(v.strictObject({ value: v.unknown() })),
    regex: bool(v.strictObject({ value: t.DynamicString, pattern: v.string() })),
    length: bool(v.pipe(v.strictObject({ value: t.DynamicString, min: v.optional(count), max: v.optional(count) }), minOrMax())),
    numeric: bool(v.pipe(v.strictObject({ value: t.DynamicNumber, min: v.optional(v.number()), max: v.optional(v.number()) }), minOrMax())),
    email: bool(v.strictObject({ value: t.DynamicString })),
    formatString: text(v.strictObject({ value: t.DynamicString })),
    formatNumber: text(v.strictObject(formatting)),
    formatCurrency: text(v.strictObject({ ...formatting, currency: t.DynamicString })),
    formatDate: text(v.strictObject({ value: t.DynamicValue, format: t.DynamicString })),
    pluralize: text(
      v.strictObject({
        value: t.DynamicNumber,
        zero: v.optional(t.DynamicString),
        one: v.optional(t.DynamicString),
        two: v.optional(t.DynamicString),
        few: v.optional(t.DynamicString),
        many: v.optional(t.DynamicString),
        other: t.DynamicString,
      }),
    ),
    openUrl: {
      returnType: 'void',
      args: v.strictObject({ url: dynamicOpenUrl ? v.union([url, t.DataBinding, t.FunctionCall]) : url }),
    },
    and: bool(v.strictObject({ values: v.pipe(v.array(t.DynamicBoolean), v.minLength(2)) })),
    or: bool(v.strictObject({ values: v.pipe(v.array(t.DynamicBoolean), v.minLength(2)) })),
    not: bool(v.strictObject({ value: t.DynamicBoolean })),
  };
}
