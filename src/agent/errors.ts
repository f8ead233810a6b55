/** The agent side's CatalogErrors, each with one detail. */
import { A2uiCatalogError, type A2uiErrorCode } from '../index.js';

/** An `A2uiCatalogError` with `message` and one detail at `path`. */
export function catalogError(message: string, path = '', code: A2uiErrorCode = 'invalid_value', detail = message): A2uiCatalogError {
  return new A2uiCatalogError(message, { details: [{ path, code, message: detail }] });
}
