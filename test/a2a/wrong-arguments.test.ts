/** Arguments of the wrong type give typed errors, never a `TypeError` (probe 17, finding 7: `JSON.stringify` of a bigint or a cycle threw one). */
import { expect, it } from 'vitest';
import { a2uiDataPart, a2uiExtension, replyToA2aParts } from '../../src/a2a/index.js';
import { A2uiError } from '../../src/index.js';
import { thrown } from '../support/thrown.js';

const cyclic: unknown[] = [];
cyclic.push(cyclic);

it.each([
  ['replyToA2aParts({ version: 10n })', () => replyToA2aParts('hi', { version: 10n as never })],
  ['a2uiExtension({ version: 10n })', () => a2uiExtension({ version: 10n as never })],
  ['a2uiExtension: cyclic supportedCatalogIds', () => a2uiExtension({ version: '0.9', supportedCatalogIds: cyclic as never })],
  ['a2uiDataPart: options 10n', () => a2uiDataPart({ version: 'v0.9' } as never, 10n as never)],
])('%s: a typed error quoting the value', (_, call) => {
  const error = thrown(call);
  expect(error).toBeInstanceOf(A2uiError);
  expect((error as Error).message.length).toBeLessThan(300);
});

it('a long wrong version is quoted to 100 characters', () => {
  const error = thrown(() => replyToA2aParts('hi', { version: 'x'.repeat(100_000) }));
  expect(error).toBeInstanceOf(A2uiError);
  expect((error as Error).message).toContain('…');
  expect((error as Error).message.length).toBeLessThan(300);
});
