/**
 * Express replies through the A2A reply reader (issue #40): with catalogs, an `<a2ui>` reply gives
 * the text runs and one data part per message it compiles to; without catalogs it cannot be read
 * (positional arguments have no names) and goes to `onError`.
 */
import { describe, expect, test } from 'vitest';
import { replyToA2aParts, type A2aPart } from '../../src/a2a/index.js';
import { basicCatalog, RESPONSE_ERRORS, type A2uiError, type A2uiMessage } from '../../src/index.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { EXPRESS_ANSWER, expressFinal } from '../support/express-answer.js';

describe.each(['0.9', '1.0'] as const)('replyToA2aParts with an Express reply, v%s', (version) => {
  test('text parts around data parts holding the compiled surfaces', () => {
    const parts = replyToA2aParts(EXPRESS_ANSWER, { catalogs: basicCatalog(version), version });
    expect(parts[0]).toEqual({ kind: 'text', text: 'Here is the form.' });
    expect(parts.at(-1)).toEqual({ kind: 'text', text: 'Anything else?' });
    const messages = parts.flatMap((part: A2aPart) => (part.kind === 'data' ? [part.data as A2uiMessage] : []));
    expect(messages.length).toBeGreaterThan(0);
    expect(finalState(applyMessages(new Map(), messages))).toEqual(expressFinal(version));
  });
});

test('without catalogs an Express reply goes to onError with the reason', () => {
  const seen: A2uiError[] = [];
  const parts = replyToA2aParts(EXPRESS_ANSWER, { onError: (error, reply) => (seen.push(error), [{ kind: 'text', text: reply }]) });
  expect(seen.map((error) => error.message)).toEqual([RESPONSE_ERRORS.expressNeedsCatalogs]);
  expect(parts).toEqual([{ kind: 'text', text: EXPRESS_ANSWER }]);
});
