import { A2uiLimitError, A2uiValidationError, type A2uiError } from '../errors.js';
import type { A2uiMessage } from '../types.js';

/**
 * How a parser sends a surface's components (see {@link StreamParserOptions.snapshots}):
 * `'full'` its whole reachable tree on each change, `'delta'` only what changed.
 */
export type SnapshotMode = 'full' | 'delta';

/** Default for `maxBufferSize`: 16 MiB of unfinished input. */
export const DEFAULT_MAX_BUFFER_SIZE = 16 * 1024 * 1024;
/** Default for `maxSurfaces`. */
export const DEFAULT_MAX_SURFACES = 1_000;
/** Default for `maxComponentsPerSurface`. */
export const DEFAULT_MAX_COMPONENTS_PER_SURFACE = 10_000;
/** Default for `maxComponents`: about 40 MB of state (some 420 bytes per component held). */
export const DEFAULT_MAX_COMPONENTS = 100_000;
/** Default for `maxExpansion`: far above any real surface (the spec's examples draw at most a few hundred). */
export const DEFAULT_MAX_EXPANSION = 10_000;
/**
 * The largest `maxExpansion` that applies: a larger one, `Infinity` included, counts as this. The
 * count's work per change grows with the bound; without one a hostile graph's count never stops.
 */
export const MAX_EXPANSION_CEILING = 1_000_000;
/** Default for `maxErrors`. */
export const DEFAULT_MAX_ERRORS = 100;
/** Default for `outputBytesPerChar`. */
export const DEFAULT_OUTPUT_BYTES_PER_CHAR = 2;

/** Options of {@link A2uiStreamParser}. Every option is optional; defaults are given per option. */
export interface StreamParserOptions {
  /**
   * String properties that may be emitted before their closing quote. Replaces the catalog's set.
   * Default: the surface catalog's `cuttableKeys` (normally `DEFAULT_CUTTABLE_KEYS`).
   */
  cuttableKeys?: Iterable<string>;
  /** Validate messages against the catalogs. `false`: no strict errors and no filtering. Default `true`. */
  validate?: boolean;
  /**
   * Whether blocks are wrapped in tags: `<a2ui-json>` for direct JSON, `<a2ui>` for Express (v0.9
   * and later; with a v0.8 catalog `<a2ui>` stays text). `false`: the whole response is one block,
   * written in {@link StreamParserOptions.format}. Default `true`.
   */
  wrapped?: boolean;
  /** With `wrapped: false`: the notation of the one block, `'json'` or `'express'`. Default `'json'`. */
  format?: 'json' | 'express';
  /**
   * `'raw'` emits text verbatim (as the reference). `'trim'` trims each run of text at its edges
   * (as the Elixir seed), holding trailing whitespace until the next chunk settles it. Default `'raw'`.
   */
  text?: 'raw' | 'trim';
  /**
   * `'full'` re-sends a surface's whole reachable tree on each change (the reference's cumulative
   * snapshots); between blocks it keeps the components it sent as UTF-8 JSON, read back (as new
   * objects) when the surface next changes. `'delta'` sends only components whose emitted form
   * changed, and lets go of each component sent once its block closes (keeping ids and
   * references); a component sent again identically in a later block is then sent again. Both
   * keep long responses small. Default: `'delta'` for v0.9, v0.9.1 and v1.0; `'full'` for v0.8,
   * whose Lit renderer rejects an update whose parent refers to a child not in the same message
   * (see `VersionSpec.defaultSnapshots`).
   */
  snapshots?: SnapshotMode;
  /**
   * Surfaces created before this response (earlier turns), named only: updates to them stream at
   * once. A bare string is a surface id (`'booking'` is `{ surfaceId: 'booking' }`). The parser
   * cannot see such a surface's tree, even once its root component arrives again in this response:
   * each of its components counts as reachable (its parent may already be on screen) and is sent
   * as soon as its object closes and validates (the renderer may hold an earlier definition, which
   * a partial would replace), only what changed (in full snapshots too), and a reference to a
   * component not seen in this response is left as it is, with no placeholder (the renderer may
   * hold that component, and a placeholder would replace it). Pass {@link history} instead to let the parser know the tree. Default
   * none.
   */
  knownSurfaces?: readonly (KnownSurface | string)[];
  /**
   * The messages the client already applied (earlier turns, or earlier steps of this assistant
   * message), in order, in this parser's protocol version. They seed each surface's state
   * silently: started, root, components (as the renderer holds them), data model. Reachability,
   * placeholders and deduplication then work across turns as within one response; nothing from
   * `history` is emitted again, and it is not validated (the client accepted it); components of a
   * surface it does not create are kept (a v0.8 renderer keeps them for a later start message),
   * and this response does not report them as unsent. Seeding costs
   * about as much as parsing the same messages. Default none.
   */
  history?: readonly A2uiMessage[];
  /**
   * Keep which components each turn changes, so that `forgetUnsent()` can forget, after a turn,
   * what it read and never sent: for a parser that reads every turn of a conversation (the AG-UI
   * read-back does). Default `false`: nothing is kept, and `forgetUnsent()` throws.
   */
  turns?: boolean;
  /**
   * The stand-in for a child that has not arrived (full snapshots: `loading_<id>`; delta: the
   * child's own id) or, with full snapshots, for a child list still streaming
   * (`loading_children_<id>`). A component
   * type name (the placeholder is `{id, component: name}`, v0.8 `{id, component: {name: {}}}`,
   * plus an empty child list for each required list field of that type, or `children` for `Row`),
   * or a function `(id, parentType) => component` returning the whole stand-in (its `id` is set to
   * `id`). The placeholder is validated like any component; when there is none, or the catalog
   * rejects it, a parent that needs one is not emitted until its children arrive. Default: `Row`
   * with no children when the catalog has `Row`, otherwise the first catalog type with no required
   * properties, otherwise none.
   */
  placeholder?: string | ((id: string, parentType: string) => Readonly<Record<string, unknown>>);
  /** v1.0 only: stream components before their object closes, as in v0.9. Default `false`. */
  partialComponents?: boolean;
  /**
   * Largest amount of unfinished input (characters) held at once. Default 16 MiB. Like every limit,
   * exceeding it ends the call's parts with an `A2uiLimitError` part and stops the parser: later
   * `push`/`end` calls return `[]`.
   */
  maxBufferSize?: number;
  /** Deepest JSON nesting accepted inside a block. Default 256. */
  maxDepth?: number;
  /** Most surfaces one response may create or touch (`history` and `knownSurfaces` count). Default 1,000. */
  maxSurfaces?: number;
  /** Most components (placeholders included) one surface may hold. Default 10,000. */
  maxComponentsPerSurface?: number;
  /**
   * Most components all surfaces of the parser hold together, for its whole life (`history`
   * counts; a deleted surface's components no longer do). It bounds the parser's total state,
   * which `maxSurfaces` × `maxComponentsPerSurface` (10 million components, some 4 GB) does not.
   * Default 100,000.
   */
  maxComponents?: number;
  /**
   * Most component instances a renderer may draw for one component's subtree: itself, and for each
   * reference what the child draws (a child referenced twice counts twice, with its subtree; a
   * template as many times as its data list is long where the data model already holds the list,
   * else once; a child not arrived yet once, its placeholder). It bounds a small answer that
   * lists the same component many times at each level (a graph, not a tree), which the limits on
   * distinct ids do not. Checked as each component is put: one that would exceed it is left out
   * (a partial of it already put gives way to its placeholder, as for an invalid component) and
   * reported once in an `A2uiValidationError` part (detail code `limit_exceeded`, naming the
   * surface, the component and the count); the parser reads on. Data that arrives after the
   * template that lists it is not counted. Default 10,000; at most 1,000,000 applies (a larger
   * value, `Infinity` included, counts as 1,000,000: the count's work per change grows with it).
   */
  maxExpansion?: number;
  /**
   * Most error parts one response (up to `end()`) yields. Past it errors are counted, not
   * returned, and `end()` (or the call a limit stops, before the limit's part, which is always
   * returned) adds one summary `A2uiValidationError` (detail code `errors_suppressed`) saying how
   * many were left out; the parser reads on as before. Malformed input then costs no more output
   * than valid input. Default 100.
   */
  maxErrors?: number;
  /**
   * Bytes (as JSON) of snapshots and data-model updates one response may send per character of it
   * read, past the first 2 KiB (`OUTPUT_FLOOR`). A full snapshot re-sends a surface's whole tree, a
   * v0.8 data-model partial every entry of its message so far, a v0.9+ data list streams an update
   * per item, and a delta snapshot re-sends each component that changed, so one message per change
   * would make the output many times the input; past this budget a snapshot or a data message's
   * update waits in its slot (the next of its surface, or of its data message, holding all of it,
   * replaces it; a delta is merged with the next) until the budget has room, another message of
   * its surface follows, its block closes or the response ends: the same state, in fewer steps. A
   * parent (with full snapshots, the tree) whose missing children's placeholders do not fit waits
   * for them (an error names it when its block closes). `Infinity`: every change goes out at once (the reference's stream).
   * Default 2.
   */
  outputBytesPerChar?: number;
}

/** A surface created before this response (in an earlier turn of the conversation). */
export interface KnownSurface {
  /** The surface's id. */
  surfaceId: string;
  /** Id of the catalog it uses. Default: the first catalog. */
  catalogId?: string;
  /** Its root component id. Default: `root` (in v0.8 too, whose start message names it otherwise). */
  root?: string;
}

/** A `knownSurfaces` entry as an object (a bare string is a surface id). */
export function knownSurface(entry: KnownSurface | string): KnownSurface {
  if (typeof entry === 'string') return { surfaceId: entry };
  if (typeof entry !== 'object' || entry === null || typeof entry.surfaceId !== 'string') {
    throw optionError('knownSurfaces', 'a surface id or {surfaceId, catalogId?, root?}', entry);
  }
  return entry;
}

const LIMITS = ['maxBufferSize', 'maxDepth', 'maxSurfaces', 'maxComponentsPerSurface', 'maxComponents', 'maxExpansion', 'maxErrors'] as const;
const CHOICES = { snapshots: ['delta', 'full'], text: ['raw', 'trim'], format: ['json', 'express'] } as const;
const FLAGS = ['validate', 'wrapped', 'partialComponents', 'turns'] as const;

/**
 * Throws a `ValidationError` for an option of the wrong type or value, which would otherwise
 * fall back to its default unseen (a limit given as a string, `snapshots: 'ful'`).
 */
export function checkOptions(options: StreamParserOptions): void {
  if (typeof options !== 'object' || options === null) throw optionError('options', 'an object', options);
  for (const name of LIMITS) {
    const value: unknown = options[name];
    if (value !== undefined && (typeof value !== 'number' || !(value >= 0))) throw optionError(name, 'a number ≥ 0', value);
  }
  // `null` stands for the default here, as it always did.
  const perChar: unknown = options.outputBytesPerChar ?? undefined;
  if (perChar !== undefined && (typeof perChar !== 'number' || !(perChar >= 0)))
    throw optionError('outputBytesPerChar', 'a number ≥ 0 (Infinity: no budget)', perChar);
  for (const [name, allowed] of Object.entries(CHOICES)) {
    const value: unknown = options[name as keyof typeof CHOICES];
    if (value !== undefined && !(allowed as readonly unknown[]).includes(value)) throw optionError(name, allowed.map((one) => `'${one}'`).join(' or '), value);
  }
  for (const name of FLAGS) {
    const value: unknown = options[name];
    if (value !== undefined && typeof value !== 'boolean') throw optionError(name, 'true or false', value);
  }
  const keys: unknown = options.cuttableKeys;
  if (keys !== undefined && typeof (keys as { [Symbol.iterator]?: unknown } | null)?.[Symbol.iterator] !== 'function') {
    throw optionError('cuttableKeys', 'an iterable of property names', keys);
  }
}

/** The error for option `path` holding `got` where it needs `expected`. */
export function optionError(path: string, expected: string, got: unknown): A2uiValidationError {
  return new A2uiValidationError(`Option ${path}: expected ${expected}, got ${shownValue(got)}`, {
    details: [{ path, code: 'type_mismatch', message: `Expected ${expected}` }],
  });
}

/** The limits of what a parser holds across responses: past one, the parser reads no more (`A2uiStreamParser.end`). */
const STATE_LIMITS: ReadonlySet<string> = new Set(['maxSurfaces', 'maxComponentsPerSurface', 'maxComponents']);

/** The errors of {@link STATE_LIMITS}. */
const stateLimitErrors = new WeakSet<A2uiLimitError>();

/** The `LimitError` for exceeding the limit `name` set to `value`. */
export function limitError(name: string, value: number): A2uiLimitError {
  const error = new A2uiLimitError(`Limit exceeded: ${name} (${value})`, {
    details: [{ path: '', code: 'limit_exceeded', message: `${name} is ${value}` }],
  });
  if (STATE_LIMITS.has(name)) stateLimitErrors.add(error);
  return error;
}

/** Whether `error` is a limit of the parser's state (surfaces, components), not of one response. */
export function isStateLimit(error: A2uiLimitError): boolean {
  return stateLimitErrors.has(error);
}

/** The limits of what one response holds (its nesting, its unfinished block), named as their errors' details name them. */
const RESPONSE_LIMITS = /^(maxDepth|maxBufferSize) is /;

/**
 * Whether the limit part's `error` ended its response alone (`maxDepth`, `maxBufferSize`): the
 * parser reads the next response after `end()`. Read from its details, so a copy (a part's error
 * fitted to the error budget) answers as the original.
 */
export function isResponseLimit(error: A2uiError): boolean {
  return error.category === 'LimitError' && error.details.some((detail) => RESPONSE_LIMITS.test(detail.message));
}

/** Characters of a wrong value an error quotes at most. */
const SHOWN_CHARACTERS = 100;

/**
 * `got` as an error quotes it: its JSON (a string, bigint or cyclic value too), at most
 * {@link SHOWN_CHARACTERS} characters and its length past them; never throws (a hostile getter or
 * proxy gives its kind).
 */
export function shownValue(got: unknown): string {
  let text: string;
  try {
    if (typeof got === 'function') return 'a function';
    if (typeof got === 'string') text = JSON.stringify(got.length > SHOWN_CHARACTERS ? got.slice(0, SHOWN_CHARACTERS) : got);
    else if (typeof got === 'bigint') text = `${String(got)}n`;
    else text = JSON.stringify(got) ?? String(got);
  } catch {
    return `a value of type ${typeof got}`;
  }
  const length = typeof got === 'string' ? got.length : text.length;
  return text.length > SHOWN_CHARACTERS || length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}… (${length} characters)` : text;
}
