import type { ReactComponentImplementation } from '@a2ui/react/v0_9';
import type { Catalog, MessageProcessor } from '@a2ui/web_core/v0_9';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { A2uiError, V10Dialect } from '../index.js';
import type { UrlCheck } from '../web-core/url-policy.js';
import { SurfaceStore } from './surface-store.js';
import type { A2uiActionEvent, A2uiSource, A2uiSurfacesState } from './types.js';

/** Options of {@link useA2uiSurfaces}. */
export interface UseA2uiSurfacesOptions {
  /**
   * Whether the source's last message is still streaming (with `useChat`: `status === 'streaming'`).
   * The surfaces that message changes are then marked `streaming`, and `A2uiStreamSurface` draws
   * their placeholders as skeletons. Default `false`.
   */
  streaming?: boolean;
  /**
   * Called with each user action of any surface (a button pressed, …): the surface id, the
   * action, and the surface's data model when its `createSurface` set `sendDataModel`. Send it as
   * the next turn. The latest callback of each render is used. Default: none.
   */
  onAction?: (event: A2uiActionEvent) => void;
  /**
   * Called with each message the renderer rejected (an `A2uiValidationError`, or an
   * `A2uiIntegrityError` for a surface missing or already there, with `code: 'renderer_rejected'`;
   * the message is skipped, the rest applied), each component left out (see
   * {@link UseA2uiSurfacesOptions.dialect}), each v0.8 message (not rendered) and each surface
   * that threw as `A2uiStreamSurface` rendered it (an `A2uiValidationError` with
   * `code: 'render_failed'`; the surface is drawn empty, the rest stays). The stream's
   * own errors are parts of the source (`data-a2ui-error`, `error`): show them from there. The
   * latest callback of each render is used. Default: `console.error`.
   */
  onError?: (error: A2uiError) => void;
  /**
   * An existing web_core `MessageProcessor` to apply the messages to; read on the first render
   * only. Its surfaces (also those not made from the source) are returned. Default: a new one with
   * {@link UseA2uiSurfacesOptions.catalogs}.
   */
  processor?: MessageProcessor<ReactComponentImplementation>;
  /**
   * Catalogs of the hook's own processor (ignored with `processor`); read on the first render
   * only. Default: `@a2ui/react`'s basic catalog under the v0.9 basic catalog id and under the
   * v1.0 one (`reactBasicCatalogV10()`).
   */
  catalogs?: Catalog<ReactComponentImplementation>[];
  /**
   * Says which URLs of model output the surfaces may load, link or open: `Image`, `Video`,
   * `AudioPlayer` sources (`kind` `'image'`, `'video'`, `'audio'`), in `A2uiStreamSurface`'s
   * markdown images (`'image'`) and links (`'link'`), and `openUrl` calls (`'link'`); `url` is
   * resolved against the page. A refused media URL shows the component's description; a refused
   * link keeps its text without `href`; a refused `openUrl` opens nothing. Read on the first render
   * only. Default: `https:` URLs, the page's own origin and `data:image/…` images; for media
   * components and `openUrl` only a URL the model wrote as it stands, and never one whose
   * expression reads a data path an input component of the surface binds or bound (an `Image` bound
   * to a text field's or a ChoicePicker's path, an `openUrl` of a `formatString` of it, also after a
   * later message replaced the input or bound it elsewhere); a `Text` whose text reads such a path
   * loads no markdown image and keeps no link. The check applies to the hook's own catalogs
   * and to `reactBasicCatalogV09()` / `reactBasicCatalogV10()`.
   */
  allowUrl?: UrlCheck;
  /**
   * The dialect of the v1.0 catalog the parts were read with (`catalog.dialect` of the catalog given
   * to `a2uiStream` or `a2uiUIMessageStream`); read on the first render only. `'current'`: v1.0
   * components are rewritten in the August spelling the renderer reads (`{"@path"}` → `{path}`,
   * `{"@call"}` → `{call}`), each component once as it is applied; a component that has no such
   * spelling (a literal `{path}`/`{call}` object, which is data there) or names another catalog
   * than its surface's is left out with an error to `onError`. v0.9 messages are read as they are
   * in either dialect. Default `'2026-08'`.
   */
  dialect?: V10Dialect;
}

/**
 * The A2UI surfaces of a conversation, for `@a2ui/react`: applies the `data-a2ui` parts of
 * `useChat`'s `messages` (or the `a2ui` parts of an `a2uiStream`'s parts received so far) to one
 * web_core `MessageProcessor`, each message once (a part the SDK updates in place by id, as
 * `mode: 'block'` re-sends its block, applies only what changed in it), at most once per
 * animation frame however often `source` changes, and returns the surfaces to render. When a
 * message that was applied leaves the source (a regenerated answer) or a part of it is dropped
 * (ai 7's `reset-step`), the surfaces are built again from the source. Renders v0.9 and v1.0.
 *
 * @param source - `useChat`'s `messages`, or a list of `Part`s that only grows.
 * @param options - see {@link UseA2uiSurfacesOptions}.
 *
 * @example
 * ```tsx
 * const { messages, status, sendMessage } = useChat<A2uiUIMessage>();
 * const { surfaces } = useA2uiSurfaces(messages, {
 *   streaming: status === 'streaming',
 *   onAction: ({ action }) => sendMessage({ text: `Pressed ${action.name}` }),
 * });
 * return surfaces.map((s) => <A2uiStreamSurface key={s.id} surface={s.surface} streaming={s.streaming} />);
 * ```
 */
export function useA2uiSurfaces(source: A2uiSource, options: UseA2uiSurfacesOptions = {}): A2uiSurfacesState {
  const [store] = useState(() => new SurfaceStore(options));
  const { onAction, onError, streaming = false } = options;
  useEffect(() => {
    store.callbacks = { onAction, onError };
  }, [store, onAction, onError]);
  useEffect(() => store.update(source, streaming), [store, source, streaming]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
