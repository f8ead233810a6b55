/**
 * A validation error reports so much at most (probe 17, finding 5): `[1,1,…]` of 100 KB threw one
 * error with 50,000 details (4.3 MB as JSON) and a 2.29 MB message.
 */
import { describe, expect, it } from 'vitest';
import { A2uiValidationError, basicCatalog, validateMessages } from '../../src/index.js';
import { MAX_MESSAGE_LINES, MAX_REPORTED_DETAILS, MAX_REPORTED_TEXT } from '../../src/validate/report.js';

function thrown(call: () => void): A2uiValidationError {
  try {
    call();
  } catch (error) {
    if (error instanceof A2uiValidationError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

const catalog = basicCatalog('0.9');

describe('validateMessages: details and message capped', () => {
  it('50,000 bad messages: the first 100 details, one counting the rest, a message of the first 20', () => {
    const error = thrown(() => validateMessages(Array(50_000).fill(1), catalog));
    expect(error.details).toHaveLength(MAX_REPORTED_DETAILS + 1);
    expect(error.details[0]?.path).toBe('messages.0');
    expect(error.details.at(-1)).toEqual({ path: '', code: 'details_omitted', message: '49900 more problems not reported' });
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(MAX_MESSAGE_LINES + 1);
    expect(lines.at(-1)).toBe('  - … 49980 more problems');
    expect(JSON.stringify(error.details).length).toBeLessThan(20_000);
  });

  it('a detail naming a 10,000-character id has it clipped, in the details and the message', () => {
    const id = 'x'.repeat(10_000);
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: catalog.id } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id, component: 'Text' }] } },
    ];
    const error = thrown(() => validateMessages(messages, catalog));
    expect(error.details.length).toBeGreaterThan(0);
    for (const detail of error.details)
      for (const text of Object.values(detail)) if (typeof text === 'string') expect(text.length).toBeLessThanOrEqual(MAX_REPORTED_TEXT + 1);
    expect(error.message.length).toBeLessThan(2 * MAX_REPORTED_TEXT);
  });

  it('as many problems as the cap: all reported, no count', () => {
    const error = thrown(() => validateMessages(Array(MAX_REPORTED_DETAILS).fill(1), catalog));
    expect(error.details).toHaveLength(MAX_REPORTED_DETAILS);
    expect(error.details.some((detail) => detail.code === 'details_omitted')).toBe(false);
  });
});
