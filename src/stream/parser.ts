import { resolveCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { A2uiCompileError, A2uiError, A2uiLimitError, A2uiParseError, A2uiValidationError } from '../errors.js';
import { DEFAULT_MAX_DEPTH } from '../json/block-reader.js';
import { VERSION_SPECS } from '../protocol/versions.js';
import { TagSplitter } from '../tags/tag-splitter.js';
import type { TagEvent } from '../tags/tag-splitter.js';
import type { A2uiMessage, Part } from '../types.js';
import { DeltaSnapshots } from './delta-snapshots.js';
import { FullSnapshots } from './full-snapshots.js';
import { seedSurfaces } from './history.js';
import { openReader, type BlockNotation, type ExpressReading, type ReaderSettings } from './block-readers.js';
import {
  DEFAULT_MAX_BUFFER_SIZE,
  DEFAULT_MAX_COMPONENTS,
  DEFAULT_MAX_COMPONENTS_PER_SURFACE,
  DEFAULT_OUTPUT_BYTES_PER_CHAR,
  DEFAULT_MAX_ERRORS,
  DEFAULT_MAX_EXPANSION,
  MAX_EXPANSION_CEILING,
  DEFAULT_MAX_SURFACES,
} from './options.js';
import { checkOptions, isStateLimit, optionError, type StreamParserOptions } from './options.js';
import { checkPlaceholderOption } from './placeholders.js';
import type { BlockReader } from './reader.js';
import { liveGates } from './readiness.js';
import { Parts } from './parts.js';
import { Session } from './session.js';
import type { Gates } from './snapshots.js';
import type { Surface } from './surface.js';
import { wireOf } from './wire.js';

/**
 * The parser behind {@link A2uiStreamParser} (both notations) and {@link A2uiJsonStreamParser}
 * (direct JSON only): each gives its reader of Express blocks, or none.
 */
export class StreamParserCore {
  readonly #splitter: TagSplitter;
  readonly #session: Session;
  readonly #trimmer: TextTrimmer | undefined;
  readonly #readers: ReaderSettings;
  readonly #express: ExpressReading | undefined;
  readonly #supersede: string | undefined;
  /** The reader of the block being read, if one is open. */
  #block: BlockReader | undefined;
  /** The notation of the block being read (its close tag names it when it never comes). */
  #format: BlockNotation = 'json';
  /** Where the block being read began (its open tag), in characters of the response. */
  #blockOffset = 0;
  /** Text of an unclosed block given back, after its error part. */
  #givenBack: string | undefined;
  readonly #parts: Parts;
  /** A limit was exceeded: the response is read no further (`'response'`: until `end`), or the parser (a limit of its state). */
  #stopped: false | 'response' | 'parser' = false;
  /** A response is being read: `push` since the last `end`. */
  #reading = false;
  /** The `turns` option: what each turn changes is kept (`forgetUnsent`). */
  readonly #turns: boolean;
  /** Characters read since the turn began: what its end may put back (see `TurnBudget`). */
  #turnRead = 0;
  /** Characters read since the parser was made (surfaces sleep by it, `Surface.sleep`). */
  #read = 0;

  /**
   * @param catalogs The catalogs surfaces may use; the first is the default.
   * @param options See {@link StreamParserOptions}.
   * @param express The reader of Express blocks and the scanner that finds their close tag; `undefined`: `<a2ui>` tags stay text.
   * @throws A2uiCatalogError for an empty list, duplicate ids or mixed versions.
   * @throws A2uiValidationError for an option that cannot be read.
   */
  constructor(catalogs: Catalog | readonly Catalog[], options: StreamParserOptions, express: ExpressReading | undefined) {
    checkOptions(options);
    this.#turns = options.turns ?? false;
    if (express === undefined && options.format === 'express') throw optionError('format', "'json' (this parser reads no Express)", options.format);
    const resolved = resolveCatalogs(catalogs);
    const spec = VERSION_SPECS[resolved.version];
    const full = (options.snapshots ?? spec.defaultSnapshots) === 'full';
    const perChar = options.outputBytesPerChar ?? DEFAULT_OUTPUT_BYTES_PER_CHAR;
    this.#parts = new Parts(options.maxErrors ?? DEFAULT_MAX_ERRORS, { perChar, componentsKey: spec.components, dataKey: spec.dataModel, full });
    // Express needs the v0.9 family: with a v0.8 catalog an `<a2ui>` tag stays text.
    this.#splitter = new TagSplitter({ wrapped: options.wrapped ?? true, express: spec.version === '0.8' ? undefined : express?.scan, format: options.format });
    this.#express = express;
    this.#trimmer = options.text === 'trim' ? new TextTrimmer() : undefined;
    const wire = wireOf(spec);
    checkPlaceholderOption(options.placeholder);
    const json = {
      spec,
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
      maxBufferSize: options.maxBufferSize ?? DEFAULT_MAX_BUFFER_SIZE,
      cuttableKeys: options.cuttableKeys ? new Set(options.cuttableKeys) : undefined,
      boundedCutStrings: !full,
      propsDepth: wire.propsDepth,
    };
    const expressSettings = {
      catalogs: resolved.all,
      boundedCutStrings: json.boundedCutStrings,
      reader: {
        cuttableKeys: json.cuttableKeys,
        maxStatementLength: json.maxBufferSize,
        maxDepth: json.maxDepth,
        validate: options.validate ?? true,
        reportMissingRoot: true,
        // A surface this response (or the history before it) started gets no second createSurface.
        surfaceExists: (id: string) => this.#session.surfaces.started(id),
      },
    };
    this.#readers = { json, express: expressSettings };
    const settings = {
      wire,
      validate: options.validate ?? true,
      snapshots: full ? (surface: Surface, gates: Gates) => new FullSnapshots(surface, gates) : (surface: Surface) => new DeltaSnapshots(surface),
      gates: liveGates,
      catalogs: resolved,
      partialComponents: !spec.closedComponentsOnly || (options.partialComponents ?? false),
      maxSurfaces: options.maxSurfaces ?? DEFAULT_MAX_SURFACES,
      maxComponentsPerSurface: options.maxComponentsPerSurface ?? DEFAULT_MAX_COMPONENTS_PER_SURFACE,
      maxExpansion: Math.min(options.maxExpansion ?? DEFAULT_MAX_EXPANSION, MAX_EXPANSION_CEILING),
      held: { held: 0, max: options.maxComponents ?? DEFAULT_MAX_COMPONENTS },
      placeholder: options.placeholder,
      turns: this.#turns,
    };
    this.#session = new Session(settings, this.#parts);
    seedSurfaces(this.#session, options.knownSurfaces, options.history, json.maxDepth);
    // History seeds the surfaces silently.
    this.#parts.discard();
    // With v0.8 full snapshots, within a part the last of a surface's snapshots supersedes the others.
    this.#supersede = full && wire.startRepeats ? spec.components : undefined;
  }

  /**
   * Reads the next chunk of the response; returns the parts it completes or changes, errors among
   * them. Never throws; `[]` once a limit ended the response (until {@link end}), or stopped the
   * parser (a limit of its state: `maxSurfaces`, `maxComponents`, `maxComponentsPerSurface`).
   */
  push(chunk: string): Part[] {
    if (this.#stopped) return [];
    this.#reading = true;
    if (typeof chunk !== 'string') {
      this.#parts.error(chunkError(chunk));
      return this.#parts.take(this.#supersede);
    }
    this.#parts.read(chunk.length);
    this.#turnRead += chunk.length;
    this.#read += chunk.length;
    return this.#run(this.#splitter.push(chunk), false);
  }

  /**
   * Ends the response (or one model step of it): flushes held-back text; reports (as error parts)
   * a block that never closed, and (`IntegrityError`) components of a surface this parser never
   * saw created, which were held and so never sent.
   *
   * What it resets: the tag splitter (held-back text, in-block state) and the open block (an
   * unclosed one is reported and dropped). What it keeps: every surface (started, root,
   * components, what was sent, placeholders, data model), so `push()` after `end()` continues the
   * same surfaces, as one assistant message spanning several model steps (tool calls between
   * them) needs; a parser per step would need the earlier steps' messages as `history`.
   *
   * Never throws. After a limit it returns `[]` (the limit's error part was the response's last
   * part); after one of the response (`maxDepth`, `maxBufferSize`) the next `push` reads a new
   * response, after one of the parser's state (`maxSurfaces`, `maxComponents`,
   * `maxComponentsPerSurface`) the parser reads no more.
   */
  end(): Part[] {
    this.#reading = false;
    if (this.#stopped === 'response') {
      this.#stopped = false;
      this.#abandon();
      return [];
    }
    if (this.#stopped) return [];
    return this.#run(this.#splitter.end(), true);
  }

  /**
   * Ends a turn (after its last {@link end}): forgets what the responses since the turn began (the
   * parser's construction, the last `forgetUnsent` or {@link seed}) read and never sent: a
   * component no root reached, the last form of one that never went out, the components of a
   * surface never created (and the surface, unless data went out for it). What stays is what the
   * client holds, as in a new parser seeded with every message sent as `history`, but at the cost
   * of what the turn changed. For a parser that reads every turn of a conversation (the AG-UI
   * middleware's read-back): a later turn then answers as a parser made for it would. Without
   * it, a later response that names what an earlier one never sent sends it.
   * Needs the `turns` option (which keeps what each turn changes).
   * @throws A2uiValidationError without the `turns` option, or during a response (`push` since the last `end`).
   */
  forgetUnsent(): void {
    const refused = !this.#turns ? 'needs the turns option' : this.#reading ? 'is called between responses: end() the response first' : undefined;
    if (refused !== undefined) {
      throw new A2uiValidationError(`forgetUnsent() ${refused}`, { details: [{ path: '', code: 'invalid_state', message: refused }] });
    }
    this.#session.forgetUnsent({ left: TURN_FLOOR + this.#turnRead });
    this.#turnRead = 0;
    // A surface whose tree became known is laid out as the renderer holds it, silently.
    this.#parts.discard();
  }

  /**
   * Between responses (after {@link end}): messages the client applied since from another source
   * (an AG-UI activity snapshot, a tool result), taken in as the `history` option takes them at
   * construction: the surfaces as the renderer holds them, nothing emitted or validated. It costs
   * what the messages given cost, where a new parser seeded with every surface again costs them all.
   * @throws A2uiValidationError when `history` is not a list of message objects (as the option).
   */
  seed(history: readonly A2uiMessage[]): void {
    seedSurfaces(this.#session, [], history, this.#readers.json.maxDepth);
    this.#turnRead = 0;
    this.#parts.discard();
  }

  #run(events: TagEvent[], ending: boolean): Part[] {
    for (let i = 0; i < events.length; i++) {
      const event = events[i] as TagEvent;
      try {
        this.#handle(event, events[i + 1]);
      } catch (thrown) {
        const error = asA2uiError(thrown);
        this.#block?.interrupt();
        this.#session.rollBack();
        if (error instanceof A2uiLimitError) {
          // What the roll-back owes the client (a placeholder for a partial it dropped, C45) goes
          // first; a limit met doing so changes nothing: the response ends at this one.
          try {
            this.#session.flush();
          } catch {}
          // The response ends here: the count of errors left out comes before the limit.
          this.#parts.endResponse();
          this.#parts.error(error);
          this.#block = undefined;
          const parts = this.#parts.take(this.#supersede);
          // A limit of what the parser holds stops it for good: each later response would meet it again.
          if (isStateLimit(error)) this.#stopped = 'parser';
          else if (ending) this.#abandon();
          else this.#stopped = 'response';
          return parts;
        }
        this.#parts.error(error);
        if (this.#givenBack !== undefined) this.#text(this.#givenBack);
        this.#givenBack = undefined;
        // An unclosed block whose last look failed still owes its own error: its event runs again.
        if (event.type === 'unclosed' && this.#block !== undefined) i--;
      }
    }
    if (ending) {
      this.#trimmer?.endRun();
      for (const error of this.#session.endResponse()) this.#parts.error(error);
      this.#parts.endResponse();
      this.#express?.responseEnded(this.#session);
    }
    return this.#parts.take(this.#supersede);
  }

  /**
   * The response a limit ended is over: what was left of it unread (its open block, held-back text)
   * goes unread and unreported, as the limit's error part was its last; the next `push` reads a new one.
   */
  #abandon(): void {
    this.#splitter.end();
    this.#trimmer?.endRun();
    this.#session.abandonResponse();
    this.#express?.responseEnded(this.#session);
    this.#parts.discard();
  }

  #handle(event: TagEvent, next: TagEvent | undefined): void {
    switch (event.type) {
      case 'text':
        this.#text(event.text);
        return;
      case 'open':
        this.#trimmer?.endRun();
        this.#format = event.format;
        this.#blockOffset = event.offset;
        this.#block = openReader(event.format, this.#session, this.#readers, this.#express);
        return;
      case 'block':
        this.#block?.read(event.text, next?.type !== 'block');
        return;
      case 'close':
        this.#close();
        return;
      case 'unclosed': {
        const block = this.#block;
        block?.end(false);
        this.#block = undefined;
        // What the block's last look sent goes before its error.
        this.#parts.releaseHeld();
        throw this.#unclosed(block?.unread, block?.cutAt);
      }
    }
  }

  #text(text: string): void {
    this.#parts.text(this.#trimmer ? this.#trimmer.push(text) : text);
  }

  /**
   * The error of a block that never closed. When its text could not be read (a stray open tag),
   * that text is given back after the error (from the block's start if no message began in it,
   * else from the read error on), so nothing the model wrote is lost. A block cut inside a
   * message names where (`cutAt`: the component and property being read).
   */
  #unclosed(unread: { text: string; reason: string } | undefined, cutAt: string | undefined): A2uiParseError {
    const first = `A2UI close tag '${this.#format === 'express' ? '</a2ui>' : '</a2ui-json>'}' not found in response.`;
    if (unread === undefined) return new A2uiParseError(cutAt === undefined ? first : `${first} ${cutAt}`);
    this.#givenBack = unread.text;
    const message = `${first} The block opened at character ${this.#blockOffset} of the response could not be read (${unread.reason}); its text is given back as text.`;
    return new A2uiParseError(message, { details: [{ path: '', code: 'unclosed_block', message }] });
  }

  #close(): void {
    const block = this.#block;
    this.#block = undefined;
    if (!block) return;
    const error = block.end(true);
    // A block whose reading stopped at a failure releases nothing: what it put was rolled back.
    const waiting = block.skipped ? undefined : this.#session.closeBlock(this.#read);
    // The screen holds the block's whole answer once it closes (once per surface and response).
    this.#parts.releaseHeld('block');
    if (error) throw error;
    // Nothing valid is dropped silently: what still waits for a child is said when its block closes.
    if (waiting) throw waiting;
  }
}

function asA2uiError(thrown: unknown): A2uiError {
  if (thrown instanceof A2uiError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new A2uiCompileError(`Internal error while parsing: ${message}`, { cause: thrown });
}

/**
 * `text: 'trim'`: each run of text between blocks is trimmed at its edges, as the Elixir seed
 * does. Leading whitespace of a run is dropped; trailing whitespace is held until more text shows
 * it was inside the run, or a block or the end shows it was trailing.
 */
class TextTrimmer {
  #started = false;
  #held = '';

  /** Text to emit for the next piece of a run. */
  push(text: string): string {
    let piece = this.#started ? text : text.replace(/^\s+/, '');
    if (piece === '') return '';
    this.#started = true;
    piece = this.#held + piece;
    const body = piece.replace(/\s+$/, '');
    this.#held = piece.slice(body.length);
    return body;
  }

  /** The run ended (a block opens, or the response ends): trailing whitespace is dropped. */
  endRun(): void {
    this.#started = false;
    this.#held = '';
  }
}

/** References a turn's end may put back besides one per character the turn read (`TurnBudget`). */
const TURN_FLOOR = 1024;

/** The error for a chunk that is not a string (bytes go through `a2uiStream`, which decodes them). */
function chunkError(chunk: unknown): A2uiValidationError {
  const got = chunk instanceof Uint8Array ? 'bytes (decode them first, or use a2uiStream)' : chunk === null ? 'null' : typeof chunk;
  return new A2uiValidationError(`push() takes a string chunk, got ${got}: the chunk was not read`, {
    details: [{ path: 'chunk', code: 'type_mismatch', message: 'Expected a string' }],
  });
}
