/** Options of {@link A2uiStreamParser}. Every option is optional; defaults are given per option. */
export interface StreamParserOptions {
  /**
   * String properties that may be emitted before their closing quote. Replaces the catalog's set.
   * Default: the surface catalog's `cuttableKeys` (normally `DEFAULT_CUTTABLE_KEYS`).
   */
  cuttableKeys?: Iterable<string>;
  /** Validate messages against the catalogs. `false`: no strict errors and no filtering. Default `true`. */
  validate?: boolean;
  /** Whether blocks are wrapped in `<a2ui-json>` tags. `false`: the whole response is one block. Default `true`. */
  wrapped?: boolean;
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
  snapshots?: 'full' | 'delta';
  /** Surfaces created in earlier turns, so that updates to them stream at once. Default none. */
  knownSurfaces?: readonly KnownSurface[];
  /** v1.0 only: stream components before their object closes, as in v0.9. Default `false`. */
  partialComponents?: boolean;
  /** Largest amount of unfinished input (characters) held at once. Default 16 MiB. */
  maxBufferSize?: number;
  /** Deepest JSON nesting accepted inside a block. Default 256. */
  maxDepth?: number;
  /** Most surfaces one response may create or touch. Default 1,000. */
  maxSurfaces?: number;
  /** Most components one surface may hold. Default 10,000. */
  maxComponentsPerSurface?: number;
}

/** A surface created before this response (in an earlier turn of the conversation). */
export interface KnownSurface {
  /** The surface's id. */
  surfaceId: string;
  /** Id of the catalog it uses. Default: the first catalog. */
  catalogId?: string;
  /** Its root component id. Default: the version's default root (`root`). */
  root?: string;
}
