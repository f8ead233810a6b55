/**
 * The common types of upstream's current v1.0 dialect, as a JSON Schema document resolved as
 * `common_types.json`: upstream has not published its current `common_types.json`, so these are
 * written after its rules (`@path`, `@call`, `@index`, reserved single-`@` keys). A call is
 * checked here for its shape; its function and `args` are checked against the catalog the call
 * resolves to by the validator (`validate/current-dialect.ts`).
 */

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

/** An object that is data: no key starting with one `@`. */
const PLAIN_OBJECT = { type: 'object', propertyNames: { not: { pattern: '^@([^@]|$)' } } };

const dynamic = (type: Record<string, unknown>) => ({ oneOf: [type, ref('DataBinding'), ref('FunctionCall')] });

/**
 * The current dialect's `common_types.json`. Built by a call marked pure, so that a bundle that
 * never reads it (the parse path) leaves the document out.
 */
export const CURRENT_COMMON_TYPES: Readonly<Record<string, unknown>> = /* @__PURE__ */ commonTypes();

function commonTypes(): Readonly<Record<string, unknown>> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://a2ui.org/specification/v1_0/common_types.json',
    title: 'A2UI common types (current v1.0 dialect)',
    $defs: {
      ComponentId: { type: 'string' },
      Child: ref('ComponentId'),
      ChildList: {
        oneOf: [
          { type: 'array', items: ref('ComponentId') },
          {
            type: 'object',
            properties: { componentId: ref('ComponentId'), path: { type: 'string' } },
            required: ['componentId', 'path'],
            additionalProperties: false,
          },
        ],
      },
      DataBinding: {
        type: 'object',
        description: 'A JSON Pointer path to a value in the data model.',
        properties: { '@path': { type: 'string' } },
        required: ['@path'],
        additionalProperties: false,
      },
      FunctionCall: {
        type: 'object',
        description: 'Invokes a named function: `@index`, or one of the catalog it names (else the surface default).',
        properties: {
          '@call': { type: 'string' },
          catalogId: { type: 'string' },
          args: { type: 'object' },
        },
        required: ['@call'],
        additionalProperties: false,
      },
      DynamicValue: {
        oneOf: [
          { type: 'string' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'array' },
          { ...PLAIN_OBJECT, not: { anyOf: [{ required: ['@path'] }, { required: ['@call'] }] } },
          ref('DataBinding'),
          ref('FunctionCall'),
        ],
      },
      DynamicString: dynamic({ type: 'string' }),
      DynamicNumber: dynamic({ type: 'number' }),
      DynamicBoolean: dynamic({ type: 'boolean' }),
      DynamicStringList: dynamic({ type: 'array', items: { type: 'string' } }),
      CheckRule: {
        type: 'object',
        properties: { condition: { oneOf: [ref('DataBinding'), ref('FunctionCall')] }, message: { type: 'string' } },
        required: ['condition'],
        additionalProperties: false,
      },
      Checkable: { type: 'object', properties: { checks: { type: 'array', items: ref('CheckRule') } } },
      Action: {
        oneOf: [
          {
            type: 'object',
            properties: {
              event: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  userMessage: ref('DynamicString'),
                  context: { type: 'object', additionalProperties: ref('DynamicValue') },
                },
                required: ['name'],
                additionalProperties: false,
              },
            },
            required: ['event'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { functionCall: ref('FunctionCall') },
            required: ['functionCall'],
            additionalProperties: false,
          },
        ],
      },
      AccessibilityAttributes: {
        type: 'object',
        properties: {
          label: ref('DynamicString'),
          description: ref('DynamicString'),
          live: { enum: ['off', 'polite', 'assertive'] },
          hidden: ref('DynamicBoolean'),
        },
        additionalProperties: false,
      },
      ComponentCommon: {
        type: 'object',
        properties: {
          id: ref('ComponentId'),
          component: { type: 'string' },
          catalogId: { type: 'string' },
          accessibility: ref('AccessibilityAttributes'),
          weight: { type: 'number' },
          metadata: { type: 'object', properties: { extensions: { type: 'object' } }, additionalProperties: false },
        },
      },
    },
  };
}
