import { expect } from 'vitest';
import { A2uiCatalogError } from '../../src/index.js';

/** The `A2uiCatalogError` that `fn` throws; fails the test when it throws nothing or another error. */
export function catalogError(fn: () => unknown): A2uiCatalogError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(A2uiCatalogError);
    return e as A2uiCatalogError;
  }
  throw new Error('did not throw');
}
