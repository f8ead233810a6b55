/** The repairs the Express compiler makes where a model's meaning is plain, reported as notices. */

/** Kinds of repair; each is listed with its reason in `docs/express.md`. */
export type ExpressRepairKind = 'enum-case' | 'boolean-string' | 'path-slash' | 'single-id-list' | 'bare-event' | 'option-strings';

/** One repair: what was rewritten, where, and why. Not an error: the statement compiled. */
export interface ExpressRepair {
  /** The kind of repair. */
  readonly kind: ExpressRepairKind;
  /** What was written and what it became. */
  readonly message: string;
  /** 1-based line of the statement in the block. */
  readonly line: number;
  /** 0-based character offset of the statement in the block. */
  readonly offset: number;
  /** The variable (component id) the statement assigns, if any. */
  readonly variable?: string;
}
