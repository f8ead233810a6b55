/**
 * `ExpressBlock`: the Express reader as a block reader of the streaming core (its `BlockReader`
 * shape: `read`, `end`, `interrupt`, `skipped`), handing complete messages to the core's
 * `MessageSink` (`message`, `report`, `failed`, `flush`), so that Express blocks get the JSON
 * blocks' surfaces, placeholders, validation, snapshots and history; and, at the end of each
 * piece, the component statement still being read when all it lacks is the rest of a string
 * argument, as a partial component (`componentsCatalog`, `partialComponent`; see
 * `open-component.ts`). The core's types are imported as types only: no runtime import of the core.
 */
import type { Catalog } from '../catalog/model.js';
import { A2uiParseError, isA2uiError, type A2uiError } from '../errors.js';
import type { BlockReader, MessageContext, MessageSink } from '../stream/reader.js';
import type { WireComponent } from '../validate/graph.js';
import { MessageBatches } from './batches.js';
import { ExpansionBudget, withBudget } from './expansion-budget.js';
import { leftOutByLimit } from './statement-errors.js';
import { OpenLooks } from './open-component.js';
import { ExpressReader } from './reader.js';
import { DEFAULT_MAX_STATEMENT_LENGTH, type ExpressMessage, type ExpressPosition, type ExpressReaderOptions } from './reader-types.js';

/** What the core knows of one message: the core's `MessageContext`. */
export type ExpressMessageContext = MessageContext;

/**
 * The part of the core's `MessageSink` the Express block uses: what a reader of whole messages
 * needs, and (optional: without them nothing shows before its statement ends) what showing a
 * component statement still being read needs.
 */
export type ExpressMessageSink = Pick<MessageSink, 'message' | 'report' | 'failed' | 'flush'> &
  Partial<Pick<MessageSink, 'componentsCatalog' | 'partialComponent' | 'openValuesEnded' | 'withdraw'>>;

/** What an Express block needs: the parser's catalogs and the reader's options. */
export interface ExpressBlockSettings {
  /** The catalogs the parser reads with (one protocol version, v0.9 or later). */
  readonly catalogs: Catalog | readonly Catalog[];
  /** Options of the reader (limits, known surfaces, default surface id). Default: none. */
  readonly reader?: ExpressReaderOptions;
  /**
   * A long string shown while it arrives is shown again only once it grew enough (delta
   * snapshots re-send a component whole); `false` (full snapshots): at every chunk it grew in.
   * Default `true`.
   */
  readonly boundedCutStrings?: boolean;
}

/**
 * The expansion budget of each sink: the blocks handing their messages to one sink (a parser's
 * session) count against one, so the floor is the parser's, not each block's.
 */
const budgets = new WeakMap<ExpressMessageSink, ExpansionBudget>();

/** The expansion budget the blocks read into `sink` share. */
function budgetOf(sink: ExpressMessageSink): ExpansionBudget {
  let budget = budgets.get(sink);
  if (budget === undefined) {
    budget = new ExpansionBudget();
    budgets.set(sink, budget);
  }
  return budget;
}

/** The response `sink` read ended: its next response's blocks start a budget of their own (as the core's output budget does). */
export function expressResponseEnded(sink: ExpressMessageSink): void {
  budgets.delete(sink);
}

/** Most read errors held before a block stands (the parser's default `maxErrors`): past it they go out. */
const MAX_HELD_ERRORS = 100;

/** One Express block being read, as a block reader of the streaming core. */
export class ExpressBlock implements BlockReader {
  readonly #reader: ExpressReader;
  #index = 0;
  #skippedState = false;
  /** A statement was dropped by a limit: the block had statements, even if none was read. */
  #limited = false;
  readonly #looks: OpenLooks;
  readonly #batches = new MessageBatches();
  /**
   * Until a statement stands (a message handed over, or a component shown while read), the text
   * and read errors are held: if the block never closes and all it gave were read errors, it was
   * no Express (a stray open tag over prose) and its text is given back, as a JSON block's is.
   * `undefined` once something stood, another error came, or the text outgrew `maxStatementLength`.
   */
  #held: { text: string[]; length: number; errors: A2uiError[] } | undefined = { text: [], length: 0, errors: [] };
  readonly #maxHeld: number;
  /** The statement shown while read (by its string's offset), with the context its partials name. */
  #open: { offset: number; statement: number; id: string; context: ExpressMessageContext } | undefined;
  readonly #sink: ExpressMessageSink;

  /** @throws A2uiCatalogError as {@link ExpressReader} (v0.8 catalogs have no Express). */
  constructor(sink: ExpressMessageSink, settings: ExpressBlockSettings) {
    this.#sink = sink;
    this.#looks = new OpenLooks(settings.boundedCutStrings ?? true);
    this.#maxHeld = settings.reader?.maxStatementLength ?? DEFAULT_MAX_STATEMENT_LENGTH;
    this.#reader = new ExpressReader(
      settings.catalogs,
      {
        message: (message, at) => this.#batches.message(message, at),
        error: (error, statement) => {
          if (leftOutByLimit(error)) this.#limited = true;
          this.#batches.error(error, this.#reader.position, statement);
        },
        superseded: (statement) => this.#batches.withdrawn(statement, this.#reader.position),
      },
      withBudget(settings.reader, budgetOf(sink)),
    );
  }

  /** Whether an interruption made it skip the rest of the block. */
  get skipped(): boolean {
    return this.#skippedState;
  }

  /** Reads the next piece of the block; at the end of a chunk the sink may send. */
  read(text: string, endOfPiece: boolean): void {
    if (this.#skippedState) return;
    this.#hold(text);
    this.#reader.push(text);
    if (!endOfPiece) return;
    if (this.#batches.due(this.#reader.position)) this.#release();
    this.#lookAtOpen(false);
    this.#sink.flush(this.#reader.position);
  }

  /**
   * The block ends (closed by its tag or not): the last statement is read, statements still
   * waiting for a variable are reported. Returns a `ParseError` for a block with no statement
   * (one left out by a limit counts: its error was reported already).
   */
  end(closed: boolean): A2uiError | undefined {
    if (this.#skippedState) return undefined;
    // A statement cut by the block's end shows as far as it was read (its error follows), as a JSON component does.
    if (this.#lookAtOpen(true)) {
      this.#sink.flush();
      this.#sink.openValuesEnded?.();
    }
    this.#reader.end();
    this.#release();
    if (closed || this.unread === undefined) this.#stand();
    this.#sink.flush();
    return this.#reader.statements === 0 && !this.#limited ? new A2uiParseError('The Express block has no statements') : undefined;
  }

  /**
   * For a block ended unclosed where nothing stood and every error was a read error: its text,
   * and the first error as the reason (the core gives the text back with one error).
   */
  get unread(): { text: string; reason: string } | undefined {
    const held = this.#held;
    if (this.#skippedState || held === undefined || held.length === 0) return undefined;
    const reason = held.errors[0]?.message ?? 'it holds no Express statement';
    return { text: held.text.join(''), reason };
  }

  /** Holds `text` while nothing stood, as long as it fits. */
  #hold(text: string): void {
    const held = this.#held;
    if (held === undefined) return;
    held.length += text.length;
    if (held.length > this.#maxHeld) this.#stand();
    else held.text.push(text);
  }

  /** Something stood (or the held text grew too long, or the block closed): the errors held go out, no text is given back. */
  #stand(): void {
    const held = this.#held;
    if (held === undefined) return;
    this.#held = undefined;
    for (const error of held.errors) this.#sink.report(error);
  }

  /** Reports `error`, or holds it while nothing stood and all errors were read errors (at most {@link MAX_HELD_ERRORS}). */
  #report(error: A2uiError): void {
    const held = this.#held;
    if (held !== undefined && error.category === 'ParseError' && held.errors.length < MAX_HELD_ERRORS) {
      held.errors.push(error);
      return;
    }
    this.#stand();
    this.#sink.report(error);
  }

  /** An error thrown out of a call stopped the reading: the rest of the block is skipped. */
  interrupt(): void {
    this.#skippedState = true;
  }

  /**
   * Hands the sink the component statement being read, if all it lacks is the rest of a string
   * argument and a look is due (`last`: the block ends, every character read shows). Returns
   * whether a partial of the open statement was handed over (now or before).
   */
  #lookAtOpen(last: boolean): boolean {
    const look = this.#reader.openComponent();
    if (look === undefined || this.#sink.partialComponent === undefined) return false;
    const shown = this.#open?.offset === look.offset;
    if (!last && !this.#looks.due(look.offset, look.length)) return shown;
    const probe: ExpressMessageContext = { index: this.#index, offset: look.offset, key: 'updateComponents', surfaceId: look.surfaceId, fragment: true };
    // Partial components do not stream into this surface (v1.0 without `partialComponents`).
    if (this.#sink.componentsCatalog?.(probe) === undefined) {
      this.#looks.looked(look.offset, look.length, 'refused');
      return shown;
    }
    const built = look.build();
    if (typeof built === 'string') {
      this.#looks.looked(look.offset, look.length, built);
      return shown;
    }
    this.#looks.looked(look.offset, look.length, 'shown');
    this.#stand();
    // What the statements before it (and the surface's createSurface, if the look made one) hold goes first.
    this.#release();
    if (!shown)
      this.#open = { offset: look.offset, statement: look.statement, id: (built as WireComponent).id as string, context: { ...probe, index: this.#index++ } };
    const context = (this.#open as { context: ExpressMessageContext }).context;
    this.#sink.partialComponent(context, { component: built as WireComponent, last, openList: () => undefined });
    // Shown at the block's end, it stands as far as it was read: the error that it is not finished does not take it back.
    if (last) this.#open = undefined;
    return true;
  }

  /** Hands the sink what waits, in order. */
  #release(): void {
    for (const item of this.#batches.take()) {
      if (this.#skippedState) return;
      if ('withdrawn' in item) this.#withdrawOpen(item.withdrawn);
      else if ('error' in item) {
        this.#withdrawOpen(item.statement);
        this.#report(item.error);
      } else if (!('parts' in item)) this.#deliver(item.message, item.at);
      else if (!this.#deliver(item.message, item.at, false)) {
        // The merged message failed whole (a cycle through a component shown before: its snapshot
        // rolled the run back): its statements go one by one, as they would have unmerged.
        for (const part of item.parts) this.#deliver(part.message, part.at);
      }
    }
  }

  /** The statement at offset `statement` will not stand: if it is the one shown while read, what showed of it gives way to its placeholder, as whole. */
  #withdrawOpen(statement: number | undefined): void {
    if (this.#open !== undefined && statement === this.#open.statement) this.#sink.withdraw?.(this.#open.context, this.#open.id);
  }

  /**
   * Hands one message to the sink; returns whether it was taken. One that fails whole is reported
   * (`report`: else it is left to the caller, which hands its statements over one by one).
   */
  #deliver(message: ExpressMessage, at: ExpressPosition, report = true): boolean {
    if (this.#skippedState) return true;
    const key = Object.keys(message).find((k) => k !== 'version');
    const body = key === undefined ? undefined : (message[key] as Record<string, unknown> | undefined);
    const surfaceId = typeof body?.surfaceId === 'string' ? body.surfaceId : undefined;
    const context: ExpressMessageContext = { index: this.#index++, offset: at.offset, key, surfaceId, fragment: true };
    this.#stand();
    try {
      this.#sink.message(message, context);
      return true;
    } catch (error) {
      // A message that fails whole is rolled back and reported; the block reads on. A limit stops it.
      if (!isA2uiError(error) || error.category === 'LimitError') throw error;
      if (report) this.#sink.failed(error);
      return false;
    }
  }
}
