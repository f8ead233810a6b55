import { A2uiLimitError, type A2uiStreamParser, type Part } from '../index.js';

/**
 * The parts of `parser.push(text)` and then `parser.end()`: one whole text read at once. A limit
 * thrown by `end()` carries the pushed parts too on its `partialParts`, so {@link untilLimit}
 * loses none of them.
 */
export function readWhole(parser: A2uiStreamParser, text: string): Part[] {
  const parts = parser.push(text);
  try {
    return [...parts, ...parser.end()];
  } catch (thrown) {
    if (thrown instanceof A2uiLimitError) thrown.partialParts = [...parts, ...thrown.partialParts];
    throw thrown;
  }
}

/**
 * The parts of `read` (parser calls, which return recovered errors as parts); when a limit stops
 * it, the parts read before it and the error as a part, and `stop()` is called: the source must
 * not be read further.
 */
export function untilLimit(read: () => Part[], stop: () => void = () => undefined): Part[] {
  try {
    return read();
  } catch (thrown) {
    if (!(thrown instanceof A2uiLimitError)) throw thrown;
    stop();
    return [...thrown.partialParts, { type: 'error', error: thrown }];
  }
}
