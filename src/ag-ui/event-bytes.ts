/**
 * What the AG-UI ledgers count (issue #37, "no amplification"): bytes out allowed per byte in, and
 * an event's bytes as JSON.
 */
import type { BaseEvent } from '@ag-ui/core';

/** Bytes out allowed per byte in, for a source or a run. */
export const OUT_PER_IN = 4;

/** An event's bytes as JSON (0 for one that has no JSON form, such as an in-process event holding a cycle). */
export function eventBytes(event: BaseEvent): number {
  try {
    return JSON.stringify(event).length;
  } catch {
    return 0;
  }
}
