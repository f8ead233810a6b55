/**
 * The data-part schemas: Standard Schema v1 objects without the spec package, which both SDK
 * majors accept and enforce through `asSchema` (the path `dataPartSchemas` takes).
 */
import { asSchema as asSchema7 } from 'ai';
import { asSchema as asSchema6 } from 'ai-v6';
import { describe, expect, it } from 'vitest';
import { a2uiDataPartSchemas, a2uiDataSchema, a2uiErrorDataSchema } from '../../src/ai-sdk/index.js';

const good = { messages: [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }] };
const goodError = { category: 'ParseError', message: 'bad', details: [{ path: '', code: 'x', message: 'y' }], line: 1 };

describe('a2uiDataSchema / a2uiErrorDataSchema', () => {
  it('accept what the adapter writes and return it as the value', () => {
    expect(a2uiDataSchema['~standard'].validate(good)).toEqual({ value: good });
    expect(a2uiErrorDataSchema['~standard'].validate(goodError)).toEqual({ value: goodError });
  });

  it('reject other shapes with issues at their paths, and no value key (ai reads "value" in result)', () => {
    const result = a2uiDataSchema['~standard'].validate({ messages: [1] });
    expect(result).not.toHaveProperty('value');
    expect(result.issues).toEqual([{ message: 'Expected an A2UI message (an object)', path: ['messages', 0] }]);
    expect(a2uiDataSchema['~standard'].validate('x').issues).toHaveLength(1);
    const error = a2uiErrorDataSchema['~standard'].validate({ category: 'ParseError', message: 3, details: [{ path: '' }], line: 'one' });
    expect(error.issues?.map((issue) => issue.path)).toEqual([['message'], ['line'], ['details', 0, 'code'], ['details', 0, 'message']]);
  });

  it.each([
    ['ai 7', asSchema7],
    ['ai 6', asSchema6],
  ] as const)('%s enforces them', async (_, asSchema) => {
    type Validator = { validate: (value: unknown) => PromiseLike<{ success: boolean }> };
    const schema = asSchema(a2uiDataPartSchemas.a2ui as never) as unknown as Validator;
    expect((await schema.validate(good)).success).toBe(true);
    expect((await schema.validate({ messages: 'no' })).success).toBe(false);
    const errors = asSchema(a2uiDataPartSchemas['a2ui-error'] as never) as unknown as Validator;
    expect((await errors.validate(goodError)).success).toBe(true);
    expect((await errors.validate({})).success).toBe(false);
  });
});
