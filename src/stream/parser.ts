import { resolveCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { A2uiCompileError, A2uiError, A2uiLimitError, A2uiParseError } from '../errors.js';
import {
  DEFAULT_MAX_BUFFER_SIZE,
  DEFAULT_MAX_COMPONENTS_PER_SURFACE,
  DEFAULT_MAX_SURFACES,
  limitError,
} from './limits.js';
import { DEFAULT_MAX_DEPTH, JsonBlockReader } from '../json/block-reader.js';
import { VERSION_SPECS } from '../protocol/versions.js';
import { TagSplitter } from '../tags/tag-splitter.js';
import type { TagEvent } from '../tags/tag-splitter.js';
import type { Part } from '../types.js';
import { BlockEvents } from './block-events.js';
import type { StreamParserOptions } from './options.js';
import { PartsBuilder } from './output.js';
import { Session } from './session.js';
import { TextTrimmer } from './text.js';


/** The block being read. Reset at each open tag. */
interface BlockState {
  readonly events: BlockEvents;
  readonly reader: JsonBlockReader;
  /** A read error: the rest of the block is skipped and the error reported when it closes. */
  readError: A2uiError | undefined;
  /** A thrown error: the rest of the block is skipped silently. */
  abandoned: boolean;
  /** Characters read since the last message completed (bounded by `maxBufferSize`). */
  unfinished: number;
}

/**
 * Reads one model response as it streams and returns, per chunk, the parts that chunk completes or
 * changes: text at once (holding back only what could start a tag), start messages when they
 * close, components as soon as they are reachable from their surface's root (with placeholders
 * for children not yet arrived: under the child's own id with delta snapshots, the default from
 * v0.9 on; `loading_<id>` with full snapshots, v0.8's default), data-model updates as they grow.
 * Synchronous; one parser per response.
 *
 * Errors are thrown as `A2uiError`s. The parts the failing call had produced before the error are
 * on `error.partialParts`; the parser stays usable: the rest of the failing block is skipped, and
 * the input after it keeps flowing on the next call. A `LimitError` means the input must stop.
 *
 * `end()` flushes held-back text and throws an `A2uiParseError` (with the flushed parts on
 * `partialParts`) when a block never closed; it keeps the surfaces, so one parser can read the
 * model steps of one assistant message in turn (see {@link A2uiStreamParser.end}).
 */
export class A2uiStreamParser {
  private readonly splitter: TagSplitter;
  private readonly session: Session;
  private readonly trimmer: TextTrimmer | undefined;
  private readonly maxBufferSize: number;
  private readonly maxDepth: number;
  private readonly spec;
  private readonly fullSnapshots: boolean;
  private block: BlockState | undefined;
  /** Events left when a call threw, handled first by the next call. */
  private backlog: TagEvent[] = [];
  private out = new PartsBuilder();

  /**
   * @param catalogs The catalogs surfaces may use; the first is the default.
   * @param options See {@link StreamParserOptions}.
   * @throws A2uiCatalogError for an empty list, duplicate ids or mixed versions.
   */
  constructor(catalogs: Catalog | readonly Catalog[], options: StreamParserOptions = {}) {
    const resolved = resolveCatalogs(catalogs);
    this.spec = VERSION_SPECS[resolved.version];
    this.splitter = new TagSplitter({ wrapped: options.wrapped ?? true });
    this.trimmer = options.text === 'trim' ? new TextTrimmer() : undefined;
    this.maxBufferSize = options.maxBufferSize ?? DEFAULT_MAX_BUFFER_SIZE;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    const snapshots = options.snapshots ?? this.spec.defaultSnapshots;
    this.fullSnapshots = snapshots === 'full';
    this.session = new Session(
      {
        spec: this.spec,
        validate: options.validate ?? true,
        snapshots,
        catalogs: resolved,
        cuttableKeys: options.cuttableKeys ? new Set(options.cuttableKeys) : undefined,
        partialComponents: !this.spec.closedComponentsOnly || (options.partialComponents ?? false),
        maxSurfaces: options.maxSurfaces ?? DEFAULT_MAX_SURFACES,
        maxComponentsPerSurface: options.maxComponentsPerSurface ?? DEFAULT_MAX_COMPONENTS_PER_SURFACE,
        placeholder: options.placeholder,
      },
      (message, whole) => this.out.message(message, whole),
      options.knownSurfaces,
      options.history,
    );
  }

  /** Whether input read before an error is still waiting for the next call (`push` or `end`). */
  get pending(): boolean {
    return this.backlog.length > 0;
  }

  /** Reads the next chunk of the response; returns the parts it completes or changes. */
  push(chunk: string): Part[] {
    return this.run(this.splitter.push(chunk));
  }

  /**
   * Ends the response (or one model step of it): flushes held-back text; throws if a block never
   * closed, or (`IntegrityError`) when components of a surface this parser never saw created were
   * held and so never sent. When it throws for a block that failed, what followed that block is
   * left for the next call: call `end()` again until it returns.
   *
   * What it resets: the tag splitter (held-back text, in-block state) and the open block (an
   * unclosed one is reported and dropped). What it keeps: every surface (started, root,
   * components, what was sent, placeholders, data model), so `push()` after `end()` continues the
   * same surfaces, as one assistant message spanning several model steps (tool calls between
   * them) needs; a parser per step would need the earlier steps' messages as `history`.
   */
  end(): Part[] {
    return this.run(this.splitter.end(), true);
  }

  /** Handles the events left by an error in the last call, then `fresh`. */
  private run(fresh: TagEvent[], ending = false): Part[] {
    const events = this.backlog.length > 0 ? [...this.backlog.splice(0), ...fresh] : fresh;
    for (let i = 0; i < events.length; i++) {
      try {
        this.handle(events[i] as TagEvent, events[i + 1]);
      } catch (thrown) {
        const error = asA2uiError(thrown);
        // An unclosed block whose last look failed still owes its own error: its event runs again.
        const again = (events[i] as TagEvent).type === 'unclosed' && this.block !== undefined;
        if (!(error instanceof A2uiLimitError)) this.backlog = events.slice(again ? i : i + 1);
        if (this.block) this.block.abandoned = true;
        this.session.rollBack();
        error.partialParts = this.finish();
        throw error;
      }
    }
    if (ending) {
      this.trimmer?.endRun();
      const notStarted = this.session.notStarted();
      if (notStarted) {
        notStarted.partialParts = this.finish();
        throw notStarted;
      }
    }
    return this.finish();
  }

  /** The call's parts; the next call starts a new builder, so none of them stays referenced here. */
  private finish(): Part[] {
    if (this.fullSnapshots && this.spec.nestedComponents) this.out.keepLastSnapshots(this.spec.components);
    const parts = this.out.parts;
    this.out = new PartsBuilder();
    return parts;
  }

  private handle(event: TagEvent, next: TagEvent | undefined): void {
    switch (event.type) {
      case 'text':
        this.out.text(this.trimmer ? this.trimmer.push(event.text) : event.text);
        return;
      case 'open':
        this.trimmer?.endRun();
        this.block = this.newBlock();
        return;
      case 'block':
        this.read(event.text, next?.type !== 'block');
        return;
      case 'close':
        this.close();
        return;
      case 'unclosed':
        this.lastLook();
        this.block = undefined;
        throw new A2uiParseError("A2UI close tag '</a2ui-json>' not found in response.");
    }
  }

  private newBlock(): BlockState {
    let reader: JsonBlockReader | undefined;
    const events: BlockEvents = new BlockEvents(
      this.spec,
      this.session,
      () => reader?.charsRead ?? 0,
      () => this.session.beforeNested(reader as JsonBlockReader, events),
    );
    reader = new JsonBlockReader(events, { maxDepth: this.maxDepth });
    return {
      events,
      reader,
      readError: undefined,
      abandoned: false,
      unfinished: 0,
    };
  }

  private read(text: string, endOfPiece: boolean): void {
    const block = this.block;
    if (!block || block.abandoned || block.readError) return;
    block.unfinished += text.length;
    if (block.unfinished > this.maxBufferSize) throw limitError('maxBufferSize', this.maxBufferSize);
    try {
      block.reader.push(text);
    } catch (error) {
      // Like the reference, a malformed block is not an error until it closes: the messages it
      // held so far stand, and the rest of it is skipped.
      if (!(error instanceof A2uiParseError)) throw error;
      block.readError = error;
      // What was read before the error goes out as it would have at the end of a chunk there, and
      // (the block reads no more) the open component past the gates, as when a block ends inside it.
      this.session.sniff(block.reader, block.events);
      if (block.events.current !== undefined) this.session.lastLook(block.reader, block.events);
      return;
    }
    if (block.events.current === undefined) block.unfinished = 0;
    if (endOfPiece) this.session.sniff(block.reader, block.events);
  }

  /** At the end of a block, a last look at a component left open (see `Session.lastLook`). */
  private lastLook(block = this.block): void {
    if (block && !block.abandoned && !block.readError && block.events.current !== undefined) this.session.lastLook(block.reader, block.events);
  }

  private close(): void {
    const block = this.block;
    this.block = undefined;
    if (!block) return;
    // A look at what a read error left failing (the block was abandoned then) does not hide the read error.
    if (block.abandoned) {
      if (block.readError) throw block.readError;
      return;
    }
    this.lastLook(block);
    const heldBack = this.session.heldBack();
    this.session.compact();
    if (block.readError) throw block.readError;
    if (!block.events.foundObject) {
      throw new A2uiParseError('Failed to parse JSON: No valid JSON object found in A2UI block.');
    }
    // Nothing valid is dropped silently: what still waits for a child is said when its block closes.
    if (heldBack) throw heldBack;
  }
}

function asA2uiError(thrown: unknown): A2uiError {
  if (thrown instanceof A2uiError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new A2uiCompileError(`Internal error while parsing: ${message}`, { cause: thrown });
}
