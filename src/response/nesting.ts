/**
 * The nesting bound of the writers (`decompile`, `decompileExpress`): they recurse (or let
 * `JSON.stringify` recurse) once per level, so a value nested deeper is refused with a typed error
 * before writing instead of running out of stack.
 */
import { A2uiLimitError } from '../errors.js';

/**
 * Deepest nesting of objects and arrays the writers take, messages included: twice the parser's
 * `maxDepth` default (256), so whatever the parser or `compileExpress` gives with default options
 * can be written back (an Express data path of up to 256 segments holding a value of up to 64).
 */
export const MAX_WRITE_DEPTH = 512;

/**
 * Throws when `value` nests objects and arrays more than {@link MAX_WRITE_DEPTH} deep (walked
 * without recursion).
 *
 * @throws A2uiLimitError naming `what` and the bound.
 */
export function checkWriteDepth(value: unknown, what: string): void {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_WRITE_DEPTH) {
      throw new A2uiLimitError(`${what}: the messages nest deeper than ${MAX_WRITE_DEPTH} levels; not written`, {
        details: [{ path: '', code: 'limit_exceeded', message: `nested deeper than ${MAX_WRITE_DEPTH} levels` }],
      });
    }
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
}
