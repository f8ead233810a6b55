import { A2uiParseError, A2uiStreamParser, A2uiValidationError, type A2uiMessage, type Catalog, type Part, type StreamParserOptions } from '../index.js';
import { resolveCatalogs, VERSION_SPECS } from '../internal.js';
import type { ActivityCards } from './activity-cards.js';
import { SeedingBudget } from './seeding.js';
import { ToolArgsRewriter } from './tool-args.js';

/** Parser options the readers pass on (the entry sets `wrapped` and `history` itself). */
export type ReaderParserOptions = Omit<StreamParserOptions, 'wrapped' | 'history' | 'knownSurfaces'>;

/** What reading the model's A2UI needs, for the text form and the render tool call alike. */
export interface ReadSetup {
  readonly catalogs: readonly Catalog[];
  readonly parserOptions: ReaderParserOptions;
  /** The `version` string of the catalogs' protocol version (`v0.9`, `v1.0`). */
  readonly wireVersion: string;
  /** Tool names whose calls carry a surface (`render_a2ui`). */
  readonly toolNames: ReadonlySet<string>;
  /**
   * The catalog id a render tool call's surface is created with, given its `catalogId` argument:
   * here the first catalog's (the middleware passes its own rule to `ToolCallReader`).
   */
  readonly catalogId: (argument: string | undefined) => string;
}

/** The `a2uiToolNames` option as given: a list of tool names, else an `A2uiValidationError` (a number is not iterable: probe 17). */
export function toolNamesOption(names: unknown): readonly string[] | undefined {
  if (names === undefined || (Array.isArray(names) && names.every((name) => typeof name === 'string'))) return names;
  const message = 'Expected a list of tool names (strings)';
  throw new A2uiValidationError(`Option a2uiToolNames: ${message.toLowerCase()}`, { details: [{ path: 'a2uiToolNames', code: 'type_mismatch', message }] });
}

/** The reading setup for `catalogs` (a v0.9 or later protocol version). */
export function readSetup(catalogs: Catalog | readonly Catalog[], parserOptions: ReaderParserOptions, toolNames: Iterable<string>): ReadSetup {
  const list: readonly Catalog[] = Array.isArray(catalogs) ? catalogs : [catalogs as Catalog];
  // Typed errors for what is not a catalog list (a number read `wireVersion` of undefined: probe 17).
  resolveCatalogs(list);
  const first = list[0];
  const wireVersion = first ? VERSION_SPECS[first.version].wireVersion : undefined;
  if (!first || wireVersion === undefined) {
    throw new A2uiValidationError('a2ui-stream/ag-ui reads A2UI v0.9 or later (CopilotKit renders v0.9): give v0.9, v0.9.1 or v1.0 catalogs', {
      details: [{ path: 'catalogs', code: 'invalid_value', message: 'Expected catalogs of protocol version 0.9 or later' }],
    });
  }
  // Made once, so that bad catalogs or options fail here rather than in the middle of a run.
  new A2uiStreamParser(list, parserOptions);
  return {
    catalogs: list,
    parserOptions,
    wireVersion,
    toolNames: new Set(toolNames),
    catalogId: () => first.id,
  };
}

/** A parser for the model's text, knowing what the client holds of `cards`: {@link seedingHistory}. */
export function textParser(setup: ReadSetup, cards: ActivityCards): A2uiStreamParser {
  return new A2uiStreamParser(setup.catalogs, { ...setup.parserOptions, history: seedingHistory(setup, cards), turns: true });
}

/** What of `cards` seeds a parser with `setup`'s limits: their newest surfaces within half of each (see {@link SeedingBudget}). */
export function seedingHistory(setup: ReadSetup, cards: ActivityCards): A2uiMessage[] {
  return cards.history(new SeedingBudget(setup.parserOptions));
}

/** The A2UI messages of parts. */
export function messagesOf(parts: readonly Part[]): A2uiMessage[] {
  return parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
}

/**
 * The streamed arguments of one render tool call read as parts: a surface of its own (the tool
 * contract sends a whole surface per call), read by a parser of its own as the arguments stream.
 */
export class ToolCallReader {
  private readonly rewriter: ToolArgsRewriter;
  private readonly parser: A2uiStreamParser;

  constructor(setup: ReadSetup, catalogId: (argument: string | undefined) => string = setup.catalogId) {
    this.rewriter = new ToolArgsRewriter({ wireVersion: setup.wireVersion, catalogId });
    this.parser = new A2uiStreamParser(setup.catalogs, { ...setup.parserOptions, wrapped: false });
  }

  /** The call's surface id, once its argument has been read. */
  get surfaceId(): string | undefined {
    return this.rewriter.surface;
  }

  /** Reads the next delta of the arguments. */
  push(delta: string): Part[] {
    const text = this.rewriter.push(delta);
    return text === '' ? [] : this.parser.push(text);
  }

  /** The arguments ended: the last parts, and an error part when they held no surface or were cut short. */
  end(): Part[] {
    const parts = this.rewriter.wrote ? this.parser.end() : [];
    if (this.rewriter.surface === undefined) {
      const message = 'render_a2ui arguments have no surfaceId: nothing can be rendered';
      parts.push({ type: 'error', error: new A2uiValidationError(message, { details: [{ path: 'surfaceId', code: 'missing_field', message }] }) });
    } else if (!this.rewriter.finished) {
      parts.push({ type: 'error', error: new A2uiParseError('render_a2ui arguments ended before their object closed') });
    }
    return parts;
  }
}
