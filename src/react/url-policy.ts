/**
 * The React entry's URL policy: the policy of each surface the hook applies messages to (the
 * strings the model wrote, the app's check), and the basic catalog's media components drawn only
 * when it allows their URL.
 */
import { AudioPlayer, Image, useSignalValue, Video, type NodeViewProps, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import type { MarkdownRenderer, SurfaceModel } from '@a2ui/web_core/v0_9';
import { createContext, createElement, useContext, type FC, type ReactElement } from 'react';
import { defaultUrlCheck, guardMarkdown, UrlPolicy, type UrlCheck, type UrlKind } from '../web-core/url-policy.js';

/** The policy of a surface no hook applied messages to (an app's own processor): the default check alone. */
const fallback = new UrlPolicy(defaultUrlCheck);

const policies = new WeakMap<SurfaceModel<ReactComponentImplementation>, UrlPolicy>();

/** Records that `surface` is drawn under `policy` (the hook's, for the surfaces of its processor). */
export function setSurfacePolicy(surface: SurfaceModel<ReactComponentImplementation>, policy: UrlPolicy): void {
  policies.set(surface, policy);
}

/** The policy `surface` is drawn under. */
export function surfacePolicy(surface: SurfaceModel<ReactComponentImplementation>): UrlPolicy {
  return policies.get(surface) ?? fallback;
}

/** The policy of the surface being drawn (given by `A2uiStreamSurface`). */
export const UrlPolicyContext = createContext<UrlPolicy>(fallback);

/** A prop as the node layer gives it: the value, or a binding holding it. */
function unwrapped(prop: unknown): unknown {
  return typeof prop === 'object' && prop !== null && 'value' in prop ? (prop as { value: unknown }).value : prop;
}

/** Props of {@link GuardedMedia}: the implementation's own view, what its URL is for, and the view's props. */
interface GuardedMediaProps {
  readonly view: FC<NodeViewProps>;
  readonly kind: UrlKind;
  readonly viewProps: NodeViewProps;
}

/** Draws `view` only when the policy allows the node's `url`; else its description, as text. */
function GuardedMedia({ view, kind, viewProps }: GuardedMediaProps): ReactElement {
  const policy = useContext(UrlPolicyContext);
  const resolved = useSignalValue(viewProps.node.props) as { url?: unknown; description?: unknown };
  if (policy.allowsMedia(unwrapped(resolved.url), kind)) return createElement(view, viewProps);
  const description = unwrapped(resolved.description);
  return createElement('span', { className: 'a2ui-stream-refused-url' }, typeof description === 'string' ? description : '');
}

/** `impl` drawn through {@link GuardedMedia}. */
function guarded(impl: ReactComponentImplementation, kind: UrlKind): ReactComponentImplementation {
  const view = impl.view;
  if (view === undefined) return impl;
  const guardedView: FC<NodeViewProps> = (viewProps) => createElement(GuardedMedia, { view, kind, viewProps });
  guardedView.displayName = `${impl.name}.guarded`;
  return { ...impl, view: guardedView };
}

const GUARDED = new Map<string, ReactComponentImplementation>();

/** `components` with `Image`, `Video` and `AudioPlayer` under the URL policy. */
export function withGuardedMedia(components: Iterable<ReactComponentImplementation>): ReactComponentImplementation[] {
  if (GUARDED.size === 0) {
    for (const [impl, kind] of [
      [Image, 'image'],
      [Video, 'video'],
      [AudioPlayer, 'audio'],
    ] as const)
      GUARDED.set(impl.name, guarded(impl, kind));
  }
  return [...components].map((component) =>
    component === Image || component === Video || component === AudioPlayer ? (GUARDED.get(component.name) as ReactComponentImplementation) : component,
  );
}

/** Options of {@link markdownWithUrlPolicy}. */
export interface MarkdownUrlPolicyOptions {
  /** Which image and link URLs stand (see `UseA2uiSurfacesOptions.allowUrl`). Default: `https:`, the page's origin, `data:image/…` images. */
  allowUrl?: UrlCheck;
  /** Whether images are loaded (when `allowUrl` allows them). Default `false`: shown as links to them, or as their alt text. */
  images?: boolean;
}

/**
 * `render` (a markdown renderer such as `@a2ui/markdown-it`'s `renderMarkdown`) for the app's own
 * conversational text, under the same rules as `A2uiStreamSurface`'s markdown: images not loaded
 * by default, links whose URL is refused kept as text.
 */
export function markdownWithUrlPolicy(render: MarkdownRenderer, options: MarkdownUrlPolicyOptions = {}): MarkdownRenderer {
  return guardMarkdown(render, new UrlPolicy(options.allowUrl ?? defaultUrlCheck), { images: options.images ?? false });
}
