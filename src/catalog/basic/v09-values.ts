/**
 * The value types of the v0.9 family's components (data bindings, function calls, dynamic
 * values), apart from their schemas (`v09-types.ts`) so that the functions' schemas
 * (`v09-functions.ts`) can name them without the two modules importing each other.
 */

/** `{path}`: a value read from the data model. */
export interface DataBinding {
  /** The path of the value in the data model. */
  path: string;
}

/** A call of a catalog function, `{call, args}`. */
export interface FunctionCall {
  /** Name of the catalog function. */
  call: string;
  /** Its arguments by name. */
  args?: { [name: string]: unknown };
  /** v0.9 only: the declared return type. */
  returnType?: string;
  /** v1.0 only: the catalog that defines the function. */
  catalogId?: string;
}

/** A string given literally, bound to the data model, or computed. */
export type DynamicString = string | DataBinding | FunctionCall;
/** A number given literally, bound to the data model, or computed. */
export type DynamicNumber = number | DataBinding | FunctionCall;
/** A boolean given literally, bound to the data model, or computed. */
export type DynamicBoolean = boolean | DataBinding | FunctionCall;
/** A list of strings given literally, bound to the data model, or computed. */
export type DynamicStringList = string[] | DataBinding | FunctionCall;
/** Any dynamic value. */
export type DynamicValue = string | number | boolean | unknown[] | { [key: string]: unknown };
