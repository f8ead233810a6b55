/**
 * What the Express block holds back between statements, so that output stays bounded by its input
 * at every chunking (bytes out ÷ bytes in ≤ 4 on the specification's examples).
 *
 * Each statement is a message of its own (`updateComponents` with one component, and those written
 * inline in it), and the core sends a snapshot per components message: an envelope per statement
 * (`{"version":…,"updateComponents":{"surfaceId":…,"components":[…]}}`, often longer than the
 * statement) and a placeholder for each child it names before that child is written. So the
 * statements that end within {@link BATCH_WINDOW} characters of one another go out together, as
 * one `updateComponents` per run of one surface's statements: one envelope, and the children written
 * in the run need no placeholder. The first components of a block, and a statement assigning
 * `root`, go out at the end of their piece (a surface paints no later than it did statement by
 * statement); the rest wait at most {@link BATCH_WINDOW} characters, as the core lets a snapshot
 * that only lengthens text wait (`GROWTH_WAIT`). Errors wait with the messages, so parts keep
 * their order.
 */
import type { A2uiError } from '../errors.js';
import type { ExpressMessage, ExpressPosition } from './reader-types.js';

/** Characters of the block a finished statement's message may wait for the ones after it. */
export const BATCH_WINDOW = 96;

/** A statement's message with its position. */
export interface Statement {
  readonly message: ExpressMessage;
  readonly at: ExpressPosition;
}

/**
 * One thing waiting: a statement's message, an error (of the statement at offset `statement`, if
 * one's), or the note that the statement at offset `withdrawn` will not stand.
 */
export type Waiting = Statement | { readonly error: A2uiError; readonly statement?: number | undefined } | { readonly withdrawn: number };

/** What goes out: a waiting item, or the merged message of several statements (`parts`). */
export type Released = Waiting | (Statement & { readonly parts: readonly Statement[] });

/** A run of one surface's components messages being merged. */
interface Run {
  readonly surfaceId: string;
  readonly components: unknown[];
  readonly ids: Set<unknown>;
  /** Every string its components hold (the ids they may name). */
  readonly names: Set<string>;
  readonly parts: Statement[];
}

interface ComponentsBody {
  readonly surfaceId: string;
  readonly components: readonly { readonly id?: unknown }[];
}

/** The messages and errors of finished statements not yet handed to the core, in order. */
export class MessageBatches {
  #waiting: Waiting[] = [];
  /** Block position at which the oldest waiting item was produced. */
  #since = 0;
  /** A components message went out from this block (later ones may wait). */
  #painted = false;
  /** A waiting item must go at the end of this piece (the block's first components, or `root`). */
  #urgent = false;

  /** Whether nothing waits. */
  get empty(): boolean {
    return this.#waiting.length === 0;
  }

  /** Holds a statement's message. */
  message(message: ExpressMessage, at: ExpressPosition): void {
    this.#hold({ message, at }, at.end);
    const body = message.updateComponents as ComponentsBody | undefined;
    if (body === undefined) return;
    if (!this.#painted || body.components.some((component) => component.id === 'root')) this.#urgent = true;
  }

  /** Holds an error (at block position `at`; of the statement at offset `statement`, if one's). */
  error(error: A2uiError, at: number, statement?: number): void {
    this.#hold({ error, statement }, at);
  }

  /** Holds the note (at block position `at`) that the statement at offset `statement` will not stand. */
  withdrawn(statement: number, at: number): void {
    this.#hold({ withdrawn: statement }, at);
  }

  /** Whether what waits is due at the end of a piece, `position` characters into the block. */
  due(position: number): boolean {
    return this.#waiting.length > 0 && (this.#urgent || position - this.#since >= BATCH_WINDOW);
  }

  /**
   * Everything waiting, in order: consecutive components messages of one surface merged into one,
   * with the statements each came from (to hand over one by one if the merged one fails). A run
   * closes before a statement that would name an id twice, or close a cycle in it (it names a
   * component of the run that names one of its own): merged, a cycle would fail the whole run
   * where statement by statement only its last statement fails.
   */
  take(): Released[] {
    const out: Released[] = [];
    let run: Run | undefined;
    const close = () => {
      if (run === undefined) return;
      const { parts, components, surfaceId } = run;
      const first = parts[0] as Statement;
      out.push(parts.length === 1 ? first : { message: { ...first.message, updateComponents: { surfaceId, components } }, at: first.at, parts });
      run = undefined;
    };
    for (const item of this.#waiting) {
      const body = 'message' in item ? (item.message.updateComponents as ComponentsBody | undefined) : undefined;
      if (body === undefined || !('message' in item)) {
        close();
        out.push(item);
        continue;
      }
      if (run !== undefined && (run.surfaceId !== body.surfaceId || !fits(run, body.components))) close();
      run ??= { surfaceId: body.surfaceId, components: [], ids: new Set(), names: new Set(), parts: [] };
      run.parts.push(item);
      for (const component of body.components) {
        run.components.push(component);
        run.ids.add(component.id);
        namesIn(component, run.names);
      }
      this.#painted = true;
    }
    close();
    this.#waiting = [];
    this.#urgent = false;
    return out;
  }

  #hold(item: Waiting, at: number): void {
    if (this.#waiting.length === 0) this.#since = at;
    this.#waiting.push(item);
  }
}

/** Whether `components` (one statement's) may join `run`: no id twice, and no cycle closed (see {@link MessageBatches.take}). */
function fits(run: Run, components: readonly { readonly id?: unknown }[]): boolean {
  if (components.some((component) => run.ids.has(component.id))) return false;
  const named = components.some((component) => typeof component.id === 'string' && run.names.has(component.id));
  if (!named) return true;
  const own = new Set<string>();
  for (const component of components) namesIn(component, own);
  for (const id of run.ids) if (typeof id === 'string' && own.has(id)) return false;
  return true;
}

/** Adds every string `value` holds (deeply) to `out`: the ids a component may name, and more. */
function namesIn(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) namesIn(item, out);
  else if (typeof value === 'object' && value !== null) for (const key in value) namesIn((value as Record<string, unknown>)[key], out);
}
