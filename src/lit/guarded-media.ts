/**
 * The basic catalog's media components (`Image`, `Video`, `AudioPlayer`) with a URL policy: each is
 * web_core's element under a tag of its own that asks its sink for the policy (a `context-request`
 * event, answered at the surface element) and draws only the description when the policy refuses
 * the URL. Registered on first use, not at import (the package has no side effects).
 */
import { A2uiAudioPlayer, A2uiAudioPlayerElement, A2uiImage, A2uiImageElement, A2uiVideo, A2uiVideoElement } from '@a2ui/web_core/v0_9/basic_catalog';
import { surfacePolicy, UrlPolicy, type UrlKind } from '../web-core/url-policy.js';

/** The key a guarded element asks its sink's URL policy under. */
export const URL_POLICY_CONTEXT = Symbol('a2ui-stream url policy');

/** The Lit context protocol's request, as the sink reads and answers it. */
export interface ContextRequest extends Event {
  context?: unknown;
  callback?: (value: unknown, unsubscribe?: () => void) => void;
  subscribe?: boolean;
}

type MediaElement = typeof A2uiImageElement | typeof A2uiVideoElement | typeof A2uiAudioPlayerElement;

/** `Base` under a policy: the URL is drawn only when its sink's policy allows it. */
function guarded(Base: MediaElement, kind: UrlKind): CustomElementConstructor {
  // The three bases differ only in their API type; the subclass reads `url` and `description`.
  const Element = Base as typeof A2uiImageElement;
  return class extends Element {
    private policy: UrlPolicy | undefined;

    override connectedCallback(): void {
      super.connectedCallback();
      const request = new Event('context-request', { bubbles: true, composed: true }) as ContextRequest;
      request.context = URL_POLICY_CONTEXT;
      request.callback = (policy) => {
        if (policy instanceof UrlPolicy) this.policy = policy;
      };
      this.dispatchEvent(request);
    }

    override render(): ReturnType<A2uiImageElement['render']> {
      const props = this.controller.props as { url?: unknown; description?: unknown } | undefined;
      const source = {
        expression: this.context.componentModel.properties.url,
        dataPath: this.context.dataContext.path,
        surface: this.context.dataContext.surface,
      };
      if (props && !(this.policy ?? surfacePolicy(this.context.dataContext.surface)).allowsModelUrl(props.url, kind, source)) {
        // A string renders as text: the description, never the URL.
        return (typeof props.description === 'string' ? props.description : '') as unknown as ReturnType<A2uiImageElement['render']>;
      }
      return super.render();
    }
  };
}

const GUARDED = [
  [A2uiImage, A2uiImageElement, 'image', 'a2ui-stream-image'],
  [A2uiVideo, A2uiVideoElement, 'video', 'a2ui-stream-video'],
  [A2uiAudioPlayer, A2uiAudioPlayerElement, 'audio', 'a2ui-stream-audio-player'],
] as const;

/**
 * `components` with the media components replaced by their guarded forms (registered now if they
 * are not yet).
 */
export function withGuardedMedia<T extends { readonly name: string; readonly tagName?: string }>(components: Iterable<T>): T[] {
  const guardedByName = new Map<string, T>();
  for (const [api, Base, kind, tagName] of GUARDED) {
    if (customElements.get(tagName) === undefined) customElements.define(tagName, guarded(Base, kind));
    guardedByName.set(api.name, { ...api, tagName } as unknown as T);
  }
  return [...components].map((component) => guardedByName.get(component.name) ?? component);
}
