import { A2uiLimitError, isA2uiError, type A2uiStreamParser, type Part } from '../index.js';

/**
 * One parser call with errors as parts: the parts of `parser.push(chunk)` (or of `parser.end()`
 * when `chunk` is `undefined`), where a recovered error is a `{type: 'error'}` part in place and
 * reading goes on with what followed it. Only an `A2uiLimitError` is thrown (the input must stop);
 * the parts read before it are on its `partialParts`.
 *
 * This is the contract the core's error API is moving to (`push`/`end` returning error parts); it
 * is built here on today's API (thrown errors carrying `partialParts`, `pending`), and is the one
 * place in this entry that knows it, so it becomes a plain call when the core changes.
 */
export function readParts(parser: A2uiStreamParser, chunk: string | undefined): Part[] {
  const parts: Part[] = [];
  let call = chunk === undefined ? () => parser.end() : () => parser.push(chunk);
  for (;;) {
    try {
      parts.push(...call());
      return parts;
    } catch (thrown) {
      if (!isA2uiError(thrown)) throw thrown;
      if (thrown instanceof A2uiLimitError) {
        thrown.partialParts = [...parts, ...thrown.partialParts];
        throw thrown;
      }
      parts.push(...thrown.partialParts, { type: 'error', error: thrown });
      if (!parser.pending) return parts;
      // What followed the failing block waits in the parser: read it now, as the same call.
      if (chunk !== undefined) call = () => parser.push('');
    }
  }
}

/**
 * The parts of `read` (calls of {@link readParts}); when a limit stops it, the parts read before it
 * and the error as a part, and `stop()` is called: the source must not be read further.
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
