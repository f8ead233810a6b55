import { A2uiLimitError } from '../errors.js';

/** Default for `maxBufferSize`: 16 MiB of unfinished input. */
export const DEFAULT_MAX_BUFFER_SIZE = 16 * 1024 * 1024;
/** Default for `maxSurfaces`. */
export const DEFAULT_MAX_SURFACES = 1_000;
/** Default for `maxComponentsPerSurface`. */
export const DEFAULT_MAX_COMPONENTS_PER_SURFACE = 10_000;

/** The `LimitError` for exceeding the limit `name` set to `value`. */
export function limitError(name: string, value: number): A2uiLimitError {
  return new A2uiLimitError(`Limit exceeded: ${name} (${value})`, {
    details: [{ path: '', code: 'limit_exceeded', message: `${name} is ${value}` }],
  });
}
