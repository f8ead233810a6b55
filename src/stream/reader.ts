/**
 * The reader boundary: what a reader of one block hands the surface logic, whatever the notation.
 *
 * A reader ({@link BlockReader}, one per block; `json-block.ts` is the JSON one) turns the block's
 * text into events on a {@link MessageSink} (the session, `session.ts`): messages and components,
 * whole or partial, data-model values, each with the message's {@link MessageContext}. The sink
 * does the rest: surfaces, placeholders, reachability, validation as a filter, snapshots, no
 * flicker, history. A reader that hands over only complete messages (and errors) needs
 * {@link MessageSink.message}, {@link MessageSink.report}, {@link MessageSink.failed} and
 * {@link MessageSink.flush}.
 */
import type { A2uiError } from '../errors.js';
import type { Catalog } from '../catalog/model.js';
import type { WireComponent } from '../validate/graph.js';

/** A message, or a message's body, as the core reads and builds it: a JSON object, untyped. */
export type Body = Readonly<Record<string, unknown>>;

/**
 * What a reader knows about one message it reads: the same object for every event of that
 * message, from the first event to {@link MessageSink.message}. Nothing here is JSON's.
 */
export interface MessageContext {
  /** Its index in the block's messages, in the order they began (what error details name: `messages.<index>`). */
  readonly index: number;
  /** Characters of the block read when the message began (its input offset). */
  readonly offset: number;
  /** The message key (`updateComponents`, …) once known. */
  key: string | undefined;
  /** The body's `surfaceId`, once known. */
  surfaceId: string | undefined;
  /**
   * The message is one piece of what its block writes (an Express statement), not a whole the
   * model wrote: a components message of it need not hold the root (the reader says at the
   * block's end when a surface it started never got one). Default `false`.
   */
  readonly fragment?: boolean;
}

/** A component still being read, as it stands now (healed), for {@link MessageSink.partialComponent}. */
export interface PartialComponent {
  /** The component with what has arrived of it; immutable, shared. */
  readonly component: WireComponent;
  /**
   * The items read so far of the child list the input stops inside, if it stops inside one of the
   * component's list fields `fields` (the same array object while that list is open); else `undefined`.
   */
  openList(fields: readonly string[]): readonly unknown[] | undefined;
  /** Its block ends with it open: it goes out with every child read (the list growth rule waives). */
  readonly last: boolean;
}

/** What the surface logic takes from a reader (implemented by `Session`). */
export interface MessageSink {
  /**
   * A message is complete. Its components not handed over by {@link component} are judged one by
   * one first (a reader of whole messages hands over only this). Throws the message's error when
   * it fails whole (the block's reader decides whether to read on, see {@link BlockReader.interrupt}).
   */
  message(message: Body, context: MessageContext): void;
  /** A component object closed inside the components of the open message `context` (`index`: its place there). */
  component(component: WireComponent, context: MessageContext, index: number): void;
  /** A value that is not an object stands where a message goes (`index`: its place in the block). */
  notMessage(value: unknown, index: number): void;
  /** The `surfaceId` of the open message `context` became known. */
  surfaceId(context: MessageContext): void;
  /** A member of the open message's body opened (an object or list begins) or completed; `body`: its members complete so far. */
  bodyMember(context: MessageContext, key: string, body: Body, opened: boolean): void;
  /** The catalog the open components of `context` stream into; `undefined` when they do not (yet). */
  componentsCatalog(context: MessageContext): Catalog | undefined;
  /** The catalog of the data model the open message `context` streams; `undefined` when it streams none. */
  dataModelCatalog(context: MessageContext): Catalog | undefined;
  /** The open component of the open message `context`, as it stands. */
  partialComponent(context: MessageContext, partial: PartialComponent): void;
  /**
   * The component `id` handed over partially in `context` will not complete (the reader failed
   * the statement it stood in, and reports why): what was put of it gives way to its placeholder,
   * as for a component that closes invalid.
   */
  withdraw(context: MessageContext, id: string): void;
  /** The body of the open message `context` as it stands (unfinished entries dropped), for its data model. */
  partialDataModel(context: MessageContext, body: Body): void;
  /** A message begins nested in the open ones `open` (after the reader handed over what they hold): they are sealed. */
  nested(open: readonly MessageContext[]): void;
  /** An error that does not stop the block (a read error the reader recovers from, with its offset). */
  report(error: A2uiError): void;
  /**
   * A message failed whole (the error {@link message} threw): what it put is rolled back and the
   * error reported. For a reader that reads on after a failing message; a `LimitError` must be
   * rethrown instead (the parser stops).
   */
  failed(error: A2uiError): void;
  /**
   * Sends what changed. `at` (characters of the block read, after a piece of input): a snapshot
   * that only lengthens what is on screen may wait for the next one.
   */
  flush(at?: number): void;
  /** The block ends with values open: what was put of them counts as closed. */
  openValuesEnded(): void;
}

/** One block being read, in one notation (made by `parser.ts`'s `openReader`). */
export interface BlockReader {
  /** Reads the next piece of the block; `endOfPiece`: the chunk ends here (the sink may send). */
  read(text: string, endOfPiece: boolean): void;
  /**
   * The block ends: `closed` by its close tag, or not (the response ended inside it). Hands over
   * what is left open (unless {@link skipped}) and returns the block's own error, if any (a read
   * error, no value at all).
   */
  end(closed: boolean): A2uiError | undefined;
  /** An error thrown out of one of its calls stopped the reading: the reader skips the rest of the block, or reads on. */
  interrupt(): void;
  /** Whether an interruption made it skip the rest of the block (then the block's close releases nothing). */
  readonly skipped: boolean;
  /**
   * For a block that ends unclosed after its text proved not to be in the reader's notation (a
   * stray open tag): that text, to be given back as text, and why it could not be read;
   * `undefined` when there is none to give.
   */
  readonly unread?: { readonly text: string; readonly reason: string } | undefined;
  /** For a block that ends unclosed inside a message: where it was cut, in a sentence (the component and property being read). */
  readonly cutAt?: string | undefined;
}
