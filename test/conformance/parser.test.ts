import { describe, expect, it } from 'vitest';
import { A2uiParseError, A2uiValidationError } from '../../src/errors.js';
import { fixPayload } from '../../src/json/index.js';
import { hasA2ui, parseResponse } from '../../src/response/index.js';
import {
  conformanceSuite,
  errorMismatches,
  expectParts,
  flattenExpected,
  messageMatches,
  expectThrows,
  stepsOf,
  stepTitle,
  type ConformanceCase,
  type ConformanceStep,
  type ExpectedPart,
} from './runner.js';

function runStep(testCase: ConformanceCase, step: ConformanceStep): void {
  const input = step.input ?? '';
  switch (testCase.action) {
    case 'parse_full':
      if (step.expect_error !== undefined) expectThrows(() => parseResponse(input), step.expect_error);
      else expectParts(parseResponse(input), step.expect as ExpectedPart[], { trimText: true });
      return;
    case 'fix_payload':
      if (step.expect_error !== undefined) expectThrows(() => fixPayload(input), step.expect_error);
      else expect(fixPayload(input)).toEqual(step.expect);
      return;
    case 'has_parts':
      expect(hasA2ui(input, { complete: true })).toBe(step.expect);
      return;
    default:
      throw new Error(`parser suite: unknown action ${testCase.action}`);
  }
}

conformanceSuite('agent/parser.yaml', (cases) => {
  for (const testCase of cases) {
    stepsOf(testCase).forEach((step, index) => {
      it(stepTitle(testCase, index), () => runStep(testCase, step));
    });
  }
});

describe('conformance runner rules', () => {
  it('flattens parts, drops empty text and merges adjacent runs', () => {
    expect(flattenExpected([{ text: '', a2ui: [1] }, { a2ui: [2] }, { text: 'a' }, { text: 'b', a2ui: [] }])).toEqual([
      { a2ui: [1, 2] },
      { text: 'ab' },
      { a2ui: [] },
    ]);
    expect(flattenExpected([{ text: ' x ' }], { trimText: true })).toEqual([{ text: 'x' }]);
    expectParts(
      [
        { type: 'text', text: 'Hi' },
        { type: 'a2ui', messages: [{ a: 1, b: 2 }] },
        { type: 'a2ui', messages: [{ c: 3 }] },
      ] as never,
      [{ text: 'Hi', a2ui: [{ b: 2, a: 1 }] }, { a2ui: [{ c: 3 }] }],
    );
    expect(() => expectParts([{ type: 'text', text: 'Hi ' }], [{ text: 'Hi' }])).toThrow();
    expect(() => expectParts([{ type: 'a2ui', messages: [{ a: [1, 2] }] }] as never, [{ a2ui: [{ a: [2, 1] }] }])).toThrow();
  });

  it('applies a divergence hook to both sides, and fails a hookless divergence that no longer diverges', () => {
    const dropX = { reason: 'x differs', dropMessage: (m: unknown) => (m as { x?: unknown }).x !== undefined };
    expectParts(
      [
        { type: 'text', text: 'a' },
        { type: 'a2ui', messages: [{ x: 1 }] },
        { type: 'text', text: 'b' },
      ] as never,
      [{ text: 'a', a2ui: [{ x: 2 }] }, { text: 'b' }],
      { divergence: dropX },
    );
    expect(() => expectParts([{ type: 'a2ui', messages: [{ x: 1 }, { y: 1 }] }] as never, [{ a2ui: [{ x: 2 }, { y: 2 }] }], { divergence: dropX })).toThrow();
    expectParts([{ type: 'text', text: 'a' }], [{ text: 'b' }], { divergence: { reason: 'differs' } });
    expect(() => expectParts([{ type: 'text', text: 'a' }], [{ text: 'a' }], { divergence: { reason: 'stale' } })).toThrow();
  });

  it('matches errors by category, message pattern with alternative wordings, and details', () => {
    const error = new A2uiValidationError('messages.0.version: Field required', {
      details: [{ path: 'messages.0.version', code: 'missing_field', message: 'Field required' }],
    });
    expect(errorMismatches(error, "'version' is a required property")).toEqual([]);
    expect(
      errorMismatches(error, {
        category: 'ValidationError',
        details: [{ path: 'messages.0.version', code: 'missing_field' }],
      }),
    ).toEqual([]);
    expect(errorMismatches(error, { category: 'ParseError' })).toHaveLength(1);
    expect(errorMismatches(error, { category: 'ValidationError', details: [{ path: 'x', code: 'y' }] })).toHaveLength(1);
    expect(errorMismatches(new Error('Field required'), 'Field required')).toHaveLength(1);
    expect(errorMismatches(new A2uiParseError('Failed to parse JSON: x'), 'not found')).toHaveLength(1);
    expect(messageMatches("Input should be 'v0.9'", "'v0.9' was expected")).toBe(true);
    expect(messageMatches('Input should be a valid string', 'is not of type')).toBe(true);
    expect(messageMatches('Extra inputs are not permitted', 'Validation failed')).toBe(true);
    expect(messageMatches('Something else', 'Validation failed')).toBe(false);
  });
});
