/**
 * The bound on a data-model path's segments, shared by the streaming core and `compileExpress`
 * (both leave such a message out with the same error).
 */
import { A2uiValidationError } from '../errors.js';

/**
 * Most segments a data-model path may have (a message's value nests at most `MAX_JSON_DEPTH`
 * deep; a path far deeper only makes a model no renderer walks). Past it the message is left out.
 */
export const MAX_POINTER_DEPTH = 256;

/** How many segments `path` has (`/` and `''`: none). */
export function pointerDepth(path: string): number {
  if (path === '' || path === '/') return 0;
  let depth = path.startsWith('/') ? 0 : 1;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) depth++;
  return depth;
}

/** The error of a data-model message whose `path` has more than {@link MAX_POINTER_DEPTH} segments; `undefined` when it has not. */
export function deepPathError(body: { readonly path?: unknown }, index: number): A2uiValidationError | undefined {
  if (typeof body.path !== 'string' || body.path.length <= MAX_POINTER_DEPTH) return undefined;
  const depth = pointerDepth(body.path);
  if (depth <= MAX_POINTER_DEPTH) return undefined;
  const message = `Data-model path of ${depth} segments left out: at most ${MAX_POINTER_DEPTH}`;
  return new A2uiValidationError(message, { details: [{ path: `messages.${index}`, code: 'limit_exceeded', message }] });
}
