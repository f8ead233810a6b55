/** Small hand-written catalogs per protocol version for the validator tests. */
import * as v from 'valibot';
import { defineCatalog } from '../../src/catalog/catalog.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { isA2uiError, type A2uiError } from '../../src/errors.js';

const boundString = v.union([v.string(), v.strictObject({ path: v.string() })]);

/** A v0.8 catalog: Text, Card (child), Column (children list/template), Button (action). */
export function catalogV08(id = 'test-v08'): Catalog {
  return defineCatalog({
    id,
    version: '0.8',
    components: {
      Text: v.strictObject({
        text: v.strictObject({ literalString: v.optional(v.string()), path: v.optional(v.string()) }),
      }),
      Card: v.strictObject({ child: v.string() }),
      Column: v.strictObject({
        children: v.strictObject({
          explicitList: v.optional(v.array(v.string())),
          template: v.optional(v.strictObject({ componentId: v.string(), dataBinding: v.string() })),
        }),
      }),
      Button: v.strictObject({ label: v.string(), action: v.looseObject({}) }),
    },
    theme: v.strictObject({ primaryColor: v.optional(v.string()) }),
  });
}

const functionCall: v.GenericSchema = v.looseObject({ call: v.string(), args: v.optional(v.looseObject({})) });

/** A v0.9+ catalog: Text, Card (child), Column (children), Button (child + action), 2 functions. */
export function catalogV09(version: ProtocolVersion = '0.9', id = 'test-v09'): Catalog {
  const common = { id: v.string(), weight: v.optional(v.number()) };
  return defineCatalog({
    id,
    version,
    components: {
      Text: v.strictObject({ ...common, component: v.literal('Text'), text: v.union([boundString, functionCall]) }),
      Card: {
        schema: v.strictObject({ ...common, component: v.literal('Card'), child: v.string() }),
        refs: { single: ['child'] },
      },
      Column: {
        schema: v.strictObject({
          ...common,
          component: v.literal('Column'),
          children: v.union([v.array(v.string()), v.strictObject({ componentId: v.string(), path: v.string() })]),
        }),
        refs: { list: ['children'] },
      },
      Button: {
        schema: v.strictObject({
          ...common,
          component: v.literal('Button'),
          child: v.string(),
          action: v.looseObject({}),
          checks: v.optional(v.array(v.looseObject({ condition: functionCall }))),
        }),
        refs: { single: ['child'] },
      },
    },
    functions: {
      required: v.strictObject({ value: v.unknown() }),
      formatString: v.strictObject({ value: v.string() }),
    },
    theme: v.strictObject({ primaryColor: v.optional(v.string()) }),
  });
}

/** The catalog of `version` from the two factories above. */
export function catalogFor(version: ProtocolVersion, id?: string): Catalog {
  return version === '0.8' ? catalogV08(id) : catalogV09(version, id);
}

/** Runs `run` and returns what it threw, failing when it returns. */
export function thrown(run: () => unknown): A2uiError {
  try {
    run();
  } catch (error) {
    if (isA2uiError(error)) return error;
    throw error;
  }
  throw new Error('expected an A2uiError, but nothing was thrown');
}

/** The wire `version` value of a v0.9+ version. */
export const WIRE: Readonly<Record<Exclude<ProtocolVersion, '0.8'>, string>> = {
  '0.9': 'v0.9',
  '0.9.1': 'v0.9.1',
  '1.0': 'v1.0',
};

/** A v0.9+ message with the right `version`. */
export function msg(version: Exclude<ProtocolVersion, '0.8'>, key: string, body: unknown) {
  return { version: WIRE[version], [key]: body };
}
