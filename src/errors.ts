import type { A2uiMessageOf } from './protocol/messages.js';
import type { ProtocolVersion } from './protocol/versions.js';

/** The kinds of failure the library reports. */
export type A2uiErrorCategory = 'ParseError' | 'ValidationError' | 'CatalogError' | 'IntegrityError' | 'RecursionError' | 'CompileError' | 'LimitError';

/**
 * Codes carried by {@link A2uiErrorDetail.code}. Validators use the first six; `unknown_value` is
 * a value missing from a fixed list (an enum: an icon name, a variant), its allowed values in
 * {@link A2uiErrorDetail.allowed}.
 */
export type A2uiErrorCode = 'missing_field' | 'extra_field' | 'type_mismatch' | 'invalid_value' | 'unknown_value' | 'invalid_pointer' | (string & {});

/** One problem inside an error: where it is, a machine-readable code and a human message. */
export interface A2uiErrorDetail {
  /** Dotted path into the payload, e.g. `messages.0.createSurface.surfaceId`; `''` for the whole. */
  path: string;
  /** Machine-readable code, e.g. `missing_field`. */
  code: A2uiErrorCode;
  /** Human-readable description of this one problem. */
  message: string;
  /** Surface of the component at fault, when known (validators of a component alone may not know it). */
  surfaceId?: string;
  /** Id of the component at fault, for problems inside a component. */
  componentId?: string;
  /** Catalog type of the component at fault, e.g. `Icon`. */
  componentType?: string;
  /** The component's top-level property at fault, e.g. `name`. */
  property?: string;
  /** What was expected there, in words, e.g. `one of the allowed values`. */
  expected?: string;
  /** For `unknown_value`: every allowed value, closest to the one given first. */
  allowed?: readonly unknown[];
}

/** Options accepted by every {@link A2uiError} constructor. */
export interface A2uiErrorOptions {
  /** Individual problems; defaults to none. */
  details?: readonly A2uiErrorDetail[];
  /** 1-based line of a read error, counted inside the block being read. */
  line?: number;
  /** 1-based column of a read error, counted inside the block being read. */
  column?: number;
  /** 0-based character offset of a read error, counted inside the block being read. */
  offset?: number;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * The one error type the library throws or emits on purpose. `category` tells the kind of failure;
 * `details` lists individual problems; read errors also carry `line`, `column` and `offset`.
 * Every subclass (one per category) is an `A2uiError`.
 */
export class A2uiError extends Error {
  /** Discriminator: the kind of failure. */
  readonly category: A2uiErrorCategory;
  /** Individual problems, possibly empty. */
  readonly details: readonly A2uiErrorDetail[];
  /** 1-based line of a read error inside its block. */
  readonly line?: number;
  /** 1-based column of a read error inside its block. */
  readonly column?: number;
  /** 0-based offset of a read error inside its block. */
  readonly offset?: number;
  /**
   * Parts that the failing chunk had already produced before the error, where the error ends a
   * stream: the error `a2uiStream` errors with (`onError: 'terminate'`, or a `LimitError` under a
   * callback). Empty otherwise (the parser returns every error, a limit too, as a part).
   */
  partialParts: readonly Part[] = [];

  constructor(category: A2uiErrorCategory, message: string, options: A2uiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = category === 'ParseError' ? 'A2uiParseError' : `A2ui${category}`;
    this.category = category;
    this.details = options.details ?? [];
    if (options.line !== undefined) this.line = options.line;
    if (options.column !== undefined) this.column = options.column;
    if (options.offset !== undefined) this.offset = options.offset;
  }
}

/** The constructor of an error class of one category. */
type CategoryErrorClass = new (message: string, options?: A2uiErrorOptions) => A2uiError;

// Typed as a plain constructor: the inferred type of the returned class expression would copy
// `Error`'s statics into the declarations, `prepareStackTrace(…: NodeJS.CallSite[])` among them,
// which projects without @types/node cannot compile.
function subclass(category: A2uiErrorCategory): CategoryErrorClass {
  return class extends A2uiError {
    constructor(message: string, options?: A2uiErrorOptions) {
      super(category, message, options);
    }
  };
}

/** A response or block could not be read (tags, JSON). */
export class A2uiParseError extends subclass('ParseError') {}
/** Messages do not match the protocol or catalog schemas. */
export class A2uiValidationError extends subclass('ValidationError') {}
/** A catalog is malformed, unsupported or inconsistent with others. */
export class A2uiCatalogError extends subclass('CatalogError') {}
/** Component graph integrity: duplicate ids, missing root, dangling references, orphans. */
export class A2uiIntegrityError extends subclass('IntegrityError') {}
/** Self-references, cycles, or nesting beyond the recursion limits. */
export class A2uiRecursionError extends subclass('RecursionError') {}
/**
 * A block could not be compiled into messages: the streaming parser met an unexpected error
 * (`Internal error while parsing: …`, the original as `cause`), which the tests and the fuzzer
 * count as a bug.
 */
export class A2uiCompileError extends subclass('CompileError') {}
/** A configured limit (buffer size, depth, counts) was exceeded. */
export class A2uiLimitError extends subclass('LimitError') {}

/** Whether `value` is an {@link A2uiError} (also across realms/bundles, by shape). */
export function isA2uiError(value: unknown): value is A2uiError {
  return (
    value instanceof A2uiError ||
    (value instanceof Error && typeof (value as { category?: unknown }).category === 'string' && Array.isArray((value as { details?: unknown }).details))
  );
}

// The parts live here, not in types.ts: an error part carries an A2uiError, and an A2uiError
// carries the parts before it (`partialParts`); one module holds both, so neither imports the other.

/**
 * What a parser emits: conversational text, a list of A2UI messages, or (from the stream wrapper
 * with `onError: 'emit'`) an error. `Part<'0.9'>` holds v0.9 messages only (what a parser with
 * v0.9 catalogs emits); `Part` holds messages of any version.
 */
export type Part<VERSION extends ProtocolVersion = ProtocolVersion> = TextPart | A2uiPart<VERSION> | ErrorPart;

/** A {@link Part} of conversational text, verbatim. */
export interface TextPart {
  /** Discriminator. */
  type: 'text';
  /** The text. */
  text: string;
}

/** A {@link Part} of A2UI messages, in the order a renderer applies them. */
export interface A2uiPart<VERSION extends ProtocolVersion = ProtocolVersion> {
  /** Discriminator. */
  type: 'a2ui';
  /** The messages. */
  messages: A2uiMessageOf<VERSION>[];
}

/** A {@link Part} holding an error (from `a2uiStream` with `onError: 'emit'`). */
export interface ErrorPart {
  /** Discriminator. */
  type: 'error';
  /** The error. */
  error: A2uiError;
}
