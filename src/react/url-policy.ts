/**
 * The React entry's URL policy: the scope of the surface being drawn (its policy: the strings the
 * model wrote, the app's check), the basic catalog's media components drawn only when it allows
 * their URL, and its `Text`s' markdown guarded for what their text reads.
 */
import { AudioPlayer, Image, MarkdownContext, Text, useSignalValue, Video, type NodeViewProps, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import type { MarkdownRenderer, SurfaceModel } from '@a2ui/web_core/v0_9';
import { createContext, createElement, useContext, useMemo, type FC, type ReactElement } from 'react';
import { defaultUrlCheck, guardMarkdown, surfacePolicy, UrlPolicy, type UrlCheck, type UrlKind } from '../web-core/url-policy.js';
import type { ValueSource } from '../web-core/user-input.js';

/** What a surface's components are drawn under: its policy, and the markdown renderer its `Text`s guard. */
export interface SurfaceUrlScope {
  readonly policy: UrlPolicy;
  readonly surface: SurfaceModel<ReactComponentImplementation>;
  readonly markdown: MarkdownRenderer;
  readonly markdownImages: boolean;
}

/** The scope of the surface being drawn (given by `A2uiStreamSurface`); none: an app's own `A2uiSurface`. */
export const UrlScopeContext = createContext<SurfaceUrlScope | undefined>(undefined);

/** A prop as the node layer gives it: the value, or a binding holding it. */
function unwrapped(prop: unknown): unknown {
  return typeof prop === 'object' && prop !== null && 'value' in prop ? (prop as { value: unknown }).value : prop;
}

/** Property `name` of the node's component as the model wrote it, read at the node's data path. */
function sourceOf(scope: SurfaceUrlScope, node: NodeViewProps['node'], name: string): ValueSource {
  const expression = scope.surface.componentsModel.get(node.componentId)?.properties[name];
  return { expression, dataPath: node.dataPath, surface: scope.surface as unknown as ValueSource['surface'] };
}

/** Props of {@link GuardedMedia}: the implementation's own view, what its URL is for, and the view's props. */
interface GuardedMediaProps {
  readonly view: FC<NodeViewProps>;
  readonly kind: UrlKind;
  readonly viewProps: NodeViewProps;
}

/** Draws `view` only when the policy allows the node's `url`; else its description, as text. */
function GuardedMedia({ view, kind, viewProps }: GuardedMediaProps): ReactElement {
  const scope = useContext(UrlScopeContext);
  const resolved = useSignalValue(viewProps.node.props) as { url?: unknown; description?: unknown };
  const policy = scope?.policy ?? surfacePolicy(undefined);
  if (policy.allowsModelUrl(unwrapped(resolved.url), kind, scope && sourceOf(scope, viewProps.node, 'url'))) return createElement(view, viewProps);
  const description = unwrapped(resolved.description);
  return createElement('span', { className: 'a2ui-stream-refused-url' }, typeof description === 'string' ? description : '');
}

/** Draws a `Text` with the surface's markdown guarded for it: markdown built from what the user typed loads and links nothing. */
function GuardedText({ view, viewProps }: { readonly view: FC<NodeViewProps>; readonly viewProps: NodeViewProps }): ReactElement {
  const scope = useContext(UrlScopeContext);
  const node = viewProps.node;
  const markdown = useMemo(
    () => scope && guardMarkdown(scope.markdown, scope.policy, { images: scope.markdownImages, source: () => sourceOf(scope, node, 'text') }),
    [scope, node],
  );
  const drawn = createElement(view, viewProps);
  return markdown ? createElement(MarkdownContext.Provider, { value: markdown }, drawn) : drawn;
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

/** `Text` drawn through {@link GuardedText}. */
function guardedText(impl: ReactComponentImplementation): ReactComponentImplementation {
  const view = impl.view;
  if (view === undefined) return impl;
  const guardedView: FC<NodeViewProps> = (viewProps) => createElement(GuardedText, { view, viewProps });
  guardedView.displayName = `${impl.name}.guarded`;
  return { ...impl, view: guardedView };
}

/** `components` with `Image`, `Video`, `AudioPlayer` and `Text` under the URL policy. */
export function withGuardedMedia(components: Iterable<ReactComponentImplementation>): ReactComponentImplementation[] {
  if (GUARDED.size === 0) {
    for (const [impl, kind] of [
      [Image, 'image'],
      [Video, 'video'],
      [AudioPlayer, 'audio'],
    ] as const)
      GUARDED.set(impl.name, guarded(impl, kind));
    GUARDED.set(Text.name, guardedText(Text));
  }
  return [...components].map((component) =>
    component === Image || component === Video || component === AudioPlayer || component === Text
      ? (GUARDED.get(component.name) as ReactComponentImplementation)
      : component,
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
