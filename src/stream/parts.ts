/**
 * The parts of one `push`/`end` call, and how much of a response's errors goes out (issue #37, no
 * amplification; the policy of the AI SDK and AG-UI entries, `error-budget.ts` and
 * `fitted-error.ts`): at most `maxErrors` error parts per response; the first fitted to what was
 * read (a fixed room for tiny responses, shared by the others), the others while they cost at most
 * {@link ERROR_BYTES_PER_CHAR} bytes (as JSON) per character of the response read; the rest are
 * counted in one summary error at the end of the response. A limit's error always goes out.
 */
import { A2uiLimitError, A2uiValidationError, type A2uiError } from '../errors.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { A2uiMessage, Part } from '../types.js';
import { ERROR_BYTES_PER_CHAR } from './error-budget.js';
import { fitError } from './fitted-error.js';
import { HeldResends, type CurrentForm } from './held-resends.js';
import { updateBytes } from './message-bytes.js';
import type { Body } from './reader.js';
import { NO_BOUND, type PlaceholderRoom } from './snapshots.js';

/**
 * Bytes the first error of a response may take, however little was read: more than the entries'
 * 512 (`FIRST_ERROR_BYTES` of `fitted-error.ts`), so that a component's error keeps its message
 * and first detail; with the summary error it stays within the 1,024 bytes that `out ≤ 4·in + 1,024` allows.
 */
const CORE_FIRST_ERROR_BYTES = 768;
/** The key of a delete message, the same in every version (`VersionSpec.delete`). */
const DELETE_KEY: VersionSpec['delete'] = 'deleteSurface';
/** Room below which no later error is built: the smallest error part takes about this much. */
const MIN_ERROR_BYTES = 160;

/** Bytes an error part takes as JSON, its message included (what a server sending the parts would send). */
export function errorPartBytes(error: A2uiError): number {
  return JSON.stringify({ type: 'error', error: { ...error, message: error.message } }).length;
}

/**
 * What one `push`/`end` call produces: adjacent text merged, adjacent messages in one `a2ui` part,
 * error parts between them, at most `maxErrors` error parts per response (a limit's always).
 */
export class Parts {
  #parts: Part[] = [];
  /** Error parts given in this response. */
  #errors = 0;
  /** Errors past `maxErrors` in this response, counted instead of given. */
  #suppressed = 0;
  /** Of those, the ones left out by the byte budget, not by `maxErrors`. */
  #overBudget = 0;
  /** Characters of this response read. */
  #read = 0;
  /** Bytes of the error parts given in this response. */
  #spent = 0;
  /** Room below which no error is built (the last that did not fit needed this much). */
  #needed = MIN_ERROR_BYTES;

  /** The output budget and the messages it holds back (`held-resends.ts`); `undefined` without a budget. */
  readonly #held: HeldResends | undefined;
  /** The components message key. */
  readonly #componentsKey: string;
  /** The data-model message key. */
  readonly #dataKey: string;
  /** Whether snapshots are full (each holds all of its surface's before it), else changes only. */
  readonly #full: boolean;

  /**
   * @param maxErrors Error parts per response at most.
   * @param budget Bytes of snapshots and data-model updates sent per character read (`Infinity`:
   *   no budget), the components and data-model message keys, and whether snapshots are full (see `held-resends.ts`).
   */
  constructor(
    readonly maxErrors: number,
    budget: { readonly perChar: number; readonly componentsKey: string; readonly dataKey: string; readonly full: boolean },
  ) {
    this.#held = budget.perChar === Number.POSITIVE_INFINITY ? undefined : new HeldResends(budget.perChar);
    this.#componentsKey = budget.componentsKey;
    this.#dataKey = budget.dataKey;
    this.#full = budget.full;
  }
  /** The placeholders' share of the output budget in this response (a new object per response: full snapshots tell by it whose count theirs is). */
  #placeholders = { allowance: 0, spent: 0 };
  /** Components messages holding only what changed, not a surface's whole tree (made on the first: most calls have none). */
  #changesOnly: WeakSet<object> | undefined;

  text(text: string): void {
    if (text === '') return;
    const last = this.#parts[this.#parts.length - 1];
    if (last?.type === 'text') last.text += text;
    else this.#parts.push({ type: 'text', text });
  }

  /**
   * Appends one message; `whole: false` for a components message holding only what changed.
   * `slot`: the message holds all that the one before it in that slot held (a v0.8 data-model
   * message's partials); a full snapshot's slot is its surface. Such a message may be held back by
   * the output budget; any other message of its surface lets what is held go first (a delete
   * drops it: the renderer would discard it). Without a slot, a components message holding only
   * what changed (delta snapshots) waits merged with the one held for its surface.
   */
  message(body: Body, whole: boolean, slot?: object, current?: CurrentForm): void {
    // The one place the core's untyped messages become typed ones: what it builds follows the protocol.
    const message = body as A2uiMessage;
    const held = this.#held;
    if (held !== undefined) {
      const surfaceId = surfaceOf(message);
      if (this.#dataKey in message && held.holdsSurface(surfaceId)) {
        held.queue(message, surfaceId, slot);
        return;
      }
      const components = slot === undefined && this.#componentsKey in message;
      const own = slot ?? (components && (whole || !this.#full) ? surfaceId : undefined);
      // What was held of its surface (in another slot) goes before it; before a delete, it never goes.
      const before = held.takeFor(surfaceId, own);
      // Before a delete, what was held of the surface is dropped (the renderer would discard it) but its data messages: the model's, sent once.
      const deleting = DELETE_KEY in message;
      for (const one of before) if (!deleting || this.#dataKey in one) this.#append(one, true);
      if (components && !this.#full) {
        // Changes only: one held waits merged with the next (its slot is its surface).
        const now = held.offerChanges(message, this.#componentsKey, surfaceId, this.#read);
        if (now !== undefined) this.#append(now, whole);
        return;
      }
      if (own !== undefined) {
        // A full snapshot replacing the one held carries what that one held and it lacks.
        const now = held.offer(message, own, surfaceId, this.#read, slot === undefined ? this.#componentsKey : undefined, current);
        if (now !== undefined) this.#append(now, whole);
        return;
      }
    }
    this.#append(message, whole);
  }

  /**
   * Whether `messages` (a message's partial updates) go out as they are, counted in the output
   * budget: not while a message is held in `slot`, nor past the budget. When not, the caller sends
   * instead one message holding all of them and all before them, in `slot`.
   */
  admit(slot: object, messages: readonly Body[]): boolean {
    if (this.#held === undefined) return true;
    if (messages.some((message) => this.#held?.holdsSurface(surfaceOf(message)))) return false;
    let bytes = 0;
    for (const message of messages) bytes += updateBytes(message);
    return this.#held.admit(slot, bytes, this.#read);
  }

  /** What the output budget allows placeholders now (`NO_BOUND`: no budget); delta snapshots add what theirs take. */
  room(): PlaceholderRoom {
    if (this.#held === undefined) return NO_BOUND;
    this.#placeholders.allowance = this.#held.allowance(this.#read);
    return this.#placeholders;
  }

  /** Whether a snapshot of `surfaceId` is held back (its next one may wait too). */
  holds(surfaceId: string): boolean {
    return this.#held?.holds(surfaceId) ?? false;
  }

  /**
   * Full snapshots: the snapshot of `surfaceId` is not taken yet (its tree waits for room for its
   * placeholders); its data messages wait behind it, as behind a held one (`HeldResends.keep`).
   */
  keep(surfaceId: string): void {
    if (this.#full) this.#held?.keep(surfaceId, surfaceId);
  }

  /**
   * The snapshot held back for `surfaceId`, if any, is out of date (see `HeldResends.outdated`): the
   * allowance at which it has room, at least; `0` when none is held.
   */
  outdated(surfaceId: string): number {
    this.#held?.outdated(surfaceId, this.#read);
    return this.#held?.roomAt(surfaceId) ?? 0;
  }

  /** Held messages that went out (or were dropped) so far: a count that only grows. */
  taken(): number {
    return this.#held?.taken ?? 0;
  }

  /** The messages held back go out: all of them (`all`: the response ends; `'block'`: a block closed, see `HeldResends.release`), else those with room now. */
  releaseHeld(all: boolean | 'block' = true): void {
    if (this.#held !== undefined) for (const message of this.#held.release(this.#read, all)) this.#append(message, true);
  }

  #append(message: A2uiMessage, whole: boolean): void {
    if (!whole) (this.#changesOnly ??= new WeakSet()).add(message);
    const last = this.#parts[this.#parts.length - 1];
    if (last?.type === 'a2ui') last.messages.push(message);
    else this.#parts.push({ type: 'a2ui', messages: [message] });
  }

  /** `chars` more characters of the response were read: the error budget grows. */
  read(chars: number): void {
    this.#read += chars;
  }

  /**
   * Appends an error part, or counts it for the summary: past `maxErrors`, or when it does not fit
   * its room. Each error is fitted to its room first (`fitError`: details dropped from the end,
   * then the message shortened): the first of a response to {@link CORE_FIRST_ERROR_BYTES} bytes or
   * {@link ERROR_BYTES_PER_CHAR} bytes per character read, whichever is more (it always goes out);
   * all together to {@link CORE_FIRST_ERROR_BYTES} plus {@link ERROR_BYTES_PER_CHAR} bytes per
   * character read. `error` may be a
   * function building the error (never a limit's): it is called only when the error may go out,
   * so a flood of bad values costs no error object (and no stack capture) each.
   */
  error(error: A2uiError | (() => A2uiError)): void {
    if (typeof error !== 'function' && error instanceof A2uiLimitError) {
      this.#give(error);
      return;
    }
    const first = this.#errors === 0;
    const budget = CORE_FIRST_ERROR_BYTES + this.#read * ERROR_BYTES_PER_CHAR;
    const room = first ? Math.max(CORE_FIRST_ERROR_BYTES, this.#read * ERROR_BYTES_PER_CHAR) : budget - this.#spent;
    if (this.#errors >= this.maxErrors || (!first && room < this.#needed)) {
      this.#suppress();
      return;
    }
    const fitted = fitError(typeof error === 'function' ? error() : error, room, errorPartBytes);
    const bytes = errorPartBytes(fitted);
    if (!first && bytes > room) {
      // No error is built again before there is room for this one.
      this.#needed = bytes;
      this.#suppress();
      return;
    }
    this.#spent += bytes;
    this.#give(fitted);
  }

  #give(error: A2uiError): void {
    this.#errors++;
    this.#parts.push({ type: 'error', error });
  }

  #suppress(): void {
    this.#suppressed++;
    if (this.#errors < this.maxErrors) this.#overBudget++;
  }

  /** The response ended: one error counting those left out, if any; the count and the budget start again. */
  endResponse(): void {
    this.releaseHeld();
    this.#held?.reset();
    this.#placeholders = { allowance: 0, spent: 0 };
    const suppressed = this.#suppressed;
    const overBudget = this.#overBudget;
    this.#errors = 0;
    this.#suppressed = 0;
    this.#overBudget = 0;
    this.#read = 0;
    this.#spent = 0;
    this.#needed = MIN_ERROR_BYTES;
    if (suppressed === 0) return;
    const budget = `the error budget (${ERROR_BYTES_PER_CHAR} bytes of errors per character of the response past the first error) reached`;
    const cap = `maxErrors (${this.maxErrors}) reached`;
    const why = overBudget === 0 ? cap : overBudget === suppressed ? budget : `${cap}, and ${budget}`;
    const message = `${suppressed} more error${suppressed === 1 ? '' : 's'} not reported: ${why}.`;
    this.#parts.push({ type: 'error', error: new A2uiValidationError(message, { details: [{ path: '', code: 'errors_suppressed', message }] }) });
  }

  /** Drops what was produced so far (history seeds the surfaces silently). */
  discard(): void {
    this.#held?.reset();
    this.#placeholders = { allowance: 0, spent: 0 };
    this.#parts = [];
    this.#changesOnly = undefined;
  }

  /**
   * The call's parts; none of them stays referenced here.
   * @param supersede Keep only the last message carrying this key per surface within each part.
   */
  take(supersede: string | undefined): Part[] {
    this.releaseHeld(false);
    const parts = this.#parts;
    if (supersede !== undefined) for (const part of parts) if (part.type === 'a2ui') part.messages = this.#lastSnapshots(part.messages, supersede);
    this.#parts = [];
    this.#changesOnly = undefined;
    return parts;
  }

  /**
   * `messages` keeping only the last message carrying `key` per surface: a later full snapshot of
   * a surface supersedes an earlier one (the reference does this for v0.8). A message of another
   * kind for the same surface in between (a delete, a new start) keeps both, and so does one
   * holding only what changed (a surface whose tree is unknown).
   */
  #lastSnapshots(messages: A2uiMessage[], key: string): A2uiMessage[] {
    if (messages.length === 1) return messages;
    const superseded = new Set<unknown>();
    const kept: A2uiMessage[] = [];
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i] as A2uiMessage;
      const surfaceId = surfaceOf(message);
      if (key in message && this.#changesOnly?.has(message) !== true) {
        if (superseded.has(surfaceId)) continue;
        superseded.add(surfaceId);
      } else {
        superseded.delete(surfaceId);
      }
      kept.push(message);
    }
    return kept.reverse();
  }
}

function surfaceOf(message: object): unknown {
  for (const value of Object.values(message)) {
    if (typeof value === 'object' && value !== null && 'surfaceId' in value) return (value as { surfaceId: unknown }).surfaceId;
  }
  return undefined;
}
