import type { BaseEvent } from '@ag-ui/core';
import { eventBytes, OUT_PER_IN } from './event-bytes.js';
import { A2uiValidationError, type A2uiError } from '../index.js';

/** Bytes of a `retrying` status's framing (what it holds past the call's errors), ids aside. */
const RETRYING_BYTES = 140;
/** Bytes of a failed call's tool result and `failed` status, their texts and ids aside (sent at the end of the run). */
const DEFERRED_BYTES = 350;
/** Bytes a run may send past four times its input (`C` in docs/security.md), spent by its first failed call. */
const RUN_FLOOR = 1_024;

/**
 * A run's bytes in and out (its events as JSON), so that its failed render tool calls, however
 * many, stay within four times what the run read past one floor: the first failed call of a run
 * sends its errors; a later one only while the run's output (counting the result and `failed`
 * status every failed call gets at the end) stays within four times its input with them. The
 * others send no error, and are counted in one error before `RUN_FINISHED`.
 */
export class RunLedger {
  private bytesIn = 0;
  private bytesOut = 0;
  /** The event being read (passed on with what is sent for it). */
  private current = 0;
  /** Bytes the failed calls will still send (their results and `failed` statuses). */
  private owed = 0;
  private floorUsed = false;
  private mutedErrors = 0;
  private mutedCalls = 0;

  /** An event the agent sent. */
  read(event: BaseEvent): void {
    this.current = eventBytes(event);
    this.bytesIn += this.current;
  }

  /** Events sent for it. */
  sent(events: readonly BaseEvent[]): void {
    this.current = 0;
    for (const event of events) this.bytesOut += eventBytes(event);
  }

  /**
   * Whether the call `id`, which failed, sends its errors, the copies of its first costing
   * `bytes` (half of them, the texts in its result and `failed` status, sent at the end). One
   * that does not is counted for {@link summary}. `pending` are the events already due for the
   * event being read.
   */
  admitCall(id: string, bytes: number, pending: readonly BaseEvent[]): boolean {
    const deferred = DEFERRED_BYTES + 2 * id.length;
    const full = !this.floorUsed || this.owed + bytes + RETRYING_BYTES + id.length + deferred <= this.room(pending, false);
    this.floorUsed = true;
    this.owed += deferred + (full ? bytes / 2 : 0);
    if (!full) this.mutedCalls++;
    return full;
  }

  /**
   * Bytes the run may still send within `4 · in + 1,024` (or `4 · in` with `floor: false`), past
   * `pending` (due for the event being read).
   */
  room(pending: readonly BaseEvent[], floor = true): number {
    let out = this.bytesOut + this.current;
    for (const event of pending) out += eventBytes(event);
    return OUT_PER_IN * this.bytesIn + (floor ? RUN_FLOOR : 0) - out;
  }

  /** An error of a call that sends none. */
  mute(): void {
    this.mutedErrors++;
  }

  /** One error counting the errors of the calls that sent none, if any. */
  summary(): A2uiError | undefined {
    if (this.mutedCalls === 0) return undefined;
    const message = `${this.mutedErrors} errors of ${this.mutedCalls} more failed calls not sent`;
    this.mutedCalls = 0;
    this.mutedErrors = 0;
    return new A2uiValidationError(message, { details: [] });
  }
}
