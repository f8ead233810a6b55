import type { Catalog } from '../index.js';
import type { A2uiActivityUpdates } from './activity-cards.js';
import type { ReaderParserOptions } from './readers.js';

/**
 * A component schema to tell the agent about, as `@ag-ui/a2ui-middleware` takes it: an A2UI
 * inline catalog (`{ catalogId, components: { Name: JSONSchema } }`) or the legacy list of
 * `{ name, description?, props?, slots? }`.
 */
export type A2uiComponentSchema =
  | { catalogId: string; components: Record<string, Record<string, unknown>> }
  | readonly { name: string; description?: string; props?: Record<string, unknown>; slots?: string[] }[];

/** How the lifecycle statuses of a render tool call are shown. */
export interface A2uiRecoveryOptions {
  /**
   * How much of a `retrying` or `failed` status's detail CopilotKit's renderer shows: `'hidden'`,
   * `'collapsed'`, `'verbose'`; stamped on the status. Default: unset (the renderer's own default).
   */
  debugExposure?: 'hidden' | 'collapsed' | 'verbose';
  /** The most attempts a `retrying` status counts to. Default 3. */
  maxAttempts?: number;
  /**
   * Accepted so that `@ag-ui/a2ui-middleware`'s options carry over; it changes nothing: no token
   * count is sent on the `building` status, the surface itself paints as it streams.
   */
  showProgressTokens?: boolean;
}

/**
 * Options of {@link A2uiStreamMiddleware}: the parser's options (but `wrapped`, `history` and
 * `knownSurfaces`, which the middleware sets: the text form is tagged, the tool arguments are not,
 * and what the client holds is read from the run's messages), and the options of
 * `@ag-ui/a2ui-middleware` it replaces.
 */
export interface A2uiStreamMiddlewareOptions extends ReaderParserOptions {
  /**
   * The catalogs the model's A2UI is read with, v0.9 or later; the first is the default.
   * Default `basicCatalogV09()`.
   */
  catalogs?: Catalog | readonly Catalog[];
  /**
   * Validate against the catalogs (what does not validate is reported, not painted). Default:
   * `true` when `catalogs` is given, `false` otherwise, since the app's own catalog (CopilotKit's
   * frontend registers it) is then unknown here and its components must still paint.
   */
  validate?: boolean;
  /** Read A2UI in the agent's text (`<a2ui-json>` blocks); `false`: text passes unchanged. Default `true`. */
  readText?: boolean;
  /**
   * Component schema put in the run's context under `A2UI_SCHEMA_CONTEXT_DESCRIPTION`, replacing
   * an entry the frontend sent (empty: nothing is put), for the agent to read. It is not what the
   * middleware validates with: that is `catalogs`. Default: none.
   */
  schema?: A2uiComponentSchema;
  /**
   * Add the render tool to the run's tools, with its usage guide in the context: `true` as
   * `render_a2ui`, a string as that name; the value is also put in `forwardedProps.injectA2UITool`.
   * Default `false`.
   */
  injectA2UITool?: boolean | string;
  /** Tool names whose streamed arguments carry a surface. Default `['render_a2ui']` (plus an injected tool's name). */
  a2uiToolNames?: readonly string[];
  /**
   * The catalog id of surfaces drawn by render tool calls (empty: unset). Default: the catalog id
   * the frontend sent in the schema context entry, else a `catalogId` argument of the call (but
   * `basic`), else the first catalog's id; for `basicCatalogV09()` that is the id CopilotKit's
   * renderer gives it, `https://a2ui.org/specification/v0_9/basic_catalog.json`.
   */
  defaultCatalogId?: string;
  /** Lifecycle statuses of render tool calls. */
  recovery?: A2uiRecoveryOptions;
  /**
   * How a surface's activity message changes after its first `ACTIVITY_SNAPSHOT`: `'delta'`, an
   * `ACTIVITY_DELTA` (JSON Patch of what changed) per chunk that changed it (a snapshot instead
   * when that is smaller); `'snapshot'`, an `ACTIVITY_SNAPSHOT` (`replace: true`) of its whole
   * content per such chunk, each a renderable whole, for clients that read snapshots only
   * (`@assistant-ui/react-ag-ui` 0.0.58 ignores deltas). Either way a source (a text message, a
   * render tool call) sends at most `4 · in + 1,024` bytes: changes past that wait and go out
   * together, at the latest when the source ends (so snapshots, which cost the surface's size
   * each, come less often as the surface grows). Default `'delta'`.
   */
  activityUpdates?: A2uiActivityUpdates;
}
