import type { A2uiSurface, LitComponentApi } from '@a2ui/lit/v0_9';
import { A2uiController, A2uiLitElement, Context, MessageProcessor, type A2uiClientAction, type Catalog, type MarkdownRenderer } from '@a2ui/web_core/v0_9';
import { A2uiValidationError, type A2uiError, type A2uiMessage, type Part, type V10Dialect } from '../index.js';
import { applyMessage } from '../web-core/apply-message.js';
import { defaultCatalogs } from './catalogs.js';
import { FrameQueue } from './frame-queue.js';
import { applyListenerFix } from './listener-fix.js';
import { applyRenderGuard, RENDER_ERROR_EVENT, renderFailure } from './render-guard.js';
import { guardMarkdown, setSurfacePolicy, UrlPolicy, type UrlCheck } from '../web-core/url-policy.js';
import type { ValueSource } from '../web-core/user-input.js';
import { URL_POLICY_CONTEXT, type ContextRequest } from './guarded-media.js';
import { defaultMarkdown, plainTextMarkdown } from './markdown.js';
import { adoptSkeletonStyles, STREAMING_ATTRIBUTE } from './skeleton.js';
import { TextBubbles } from './text-bubbles.js';

/** Options of {@link a2uiLitSink}. */
export interface A2uiLitSinkOptions {
  /**
   * An existing web_core `MessageProcessor` to apply the messages to (its surfaces must not already
   * hold the ids the response creates). Default: a new one with {@link A2uiLitSinkOptions.catalogs}.
   */
  processor?: MessageProcessor<LitComponentApi>;
  /**
   * Catalogs of the sink's own processor (ignored with `processor`). Default: `@a2ui/lit`'s basic
   * catalog, under the v0.9 basic catalog id and under the v1.0 one.
   */
  catalogs?: Catalog<LitComponentApi>[];
  /**
   * Called with each user action (a button pressed, …) of any surface of the processor, for as long
   * as the processor lives (actions come after the stream ends, so it is not unsubscribed on close).
   * With one shared `processor` and a sink per turn, give `onAction` to one sink only, or each
   * action reaches every sink's callback. Default: none.
   */
  onAction?: (action: A2uiClientAction) => void;
  /**
   * Called with each problem: an `error` part of the stream, a message the renderer rejected
   * (`A2uiValidationError` / `A2uiIntegrityError` with `code: 'renderer_rejected'`, the message
   * skipped, the rest applied), a component that threw as it rendered (`A2uiValidationError` with
   * `code: 'render_failed'`; it draws nothing, the rest of the page stays), a markdown render that
   * failed. Default: `console.error`.
   */
  onError?: (error: A2uiError) => void;
  /**
   * Makes an empty text bubble; conversational text is appended to it. Default: a `<div
   * class="a2ui-stream-text">`, with `white-space: pre-wrap` when `markdown` is `false`.
   */
  createTextElement?: () => HTMLElement;
  /**
   * Renders markdown to sanitized HTML: used for the text bubbles and provided to the surfaces'
   * `Text` components (the renderer's `Context.markdown`, answered at each mounted surface).
   * `false`: no markdown, text shown as it is (escaped). Default: `renderMarkdown` of
   * `@a2ui/markdown-it` (an optional peer), imported on first use; when it cannot be imported, text
   * is shown as it is, as with `false`.
   */
  markdown?: MarkdownRenderer | false;
  /**
   * Whether images in markdown (text bubbles and `Text` components) are loaded, when
   * {@link A2uiLitSinkOptions.allowUrl} allows their URL. Default `false`: an image is shown as a
   * link to it (or as its alt text when links to it are not allowed), so no request leaves the page
   * as text streams in.
   */
  markdownImages?: boolean;
  /**
   * Says which URLs of model output may be loaded, linked or opened: `Image`, `Video` and
   * `AudioPlayer` sources (`kind` `'image'`, `'video'`, `'audio'`), markdown images (`'image'`),
   * links and `openUrl` calls (`'link'`); `url` is resolved against the page. A refused media URL
   * shows the component's description instead; a refused link keeps its text without `href`; a
   * refused `openUrl` opens nothing. Default: `https:` URLs, the page's own origin and
   * `data:image/…` images; for media components and `openUrl` only a URL the model wrote as it
   * stands, and never one whose expression reads a data path an input component of the surface
   * binds or bound (an `Image` bound to a text field's or a ChoicePicker's path, an `openUrl` of a
   * `formatString` of it, also after a later message replaced the input or bound it elsewhere); a
   * `Text` whose text reads such a path loads no markdown image and keeps no link. The check
   * applies to the sink's own catalogs and to `litBasicCatalogV09()` / `litBasicCatalogV10()`.
   */
  allowUrl?: UrlCheck;
  /**
   * The dialect of the v1.0 catalog the parts were read with (`catalog.dialect` of the catalog given
   * to `a2uiStream`). `'current'`: v1.0 components are rewritten in the August spelling the
   * renderer reads (`{"@path"}` → `{path}`, `{"@call"}` → `{call}`), each component once as it is
   * applied; a component that has no such spelling (a literal `{path}`/`{call}` object, which is
   * data there) or names another catalog than its surface's is left out with an error to
   * `onError`. v0.9 messages are read as they are in either dialect. Default `'2026-08'`.
   */
  dialect?: V10Dialect;
}

type Queued = string | A2uiMessage;

/**
 * A `WritableStream` of the parts `a2uiStream` emits that draws them in `container` with Google's
 * Lit renderer (`@a2ui/lit`, on a `@a2ui/web_core` `MessageProcessor`): text goes into text
 * bubbles, each created surface is mounted as an `<a2ui-surface>` where it appears in the
 * response, and each message is applied with one `processMessages` call, as a copy (web_core writes
 * later data-model updates into the values it holds; the parts stay as they were). Work is done at most once
 * per animation frame (everything that arrived since the last frame, in order), so the page
 * re-renders at most once per frame however small the chunks are. Placeholders show as skeletons
 * while the stream is open. Only v0.9 and v1.0 messages are rendered (see the README for v0.8).
 *
 * @example
 * ```ts
 * const response = await fetch('/chat', { method: 'POST', body });
 * await response.body!.pipeThrough(a2uiStream(basicCatalog('0.9'), { snapshots: 'delta' }))
 *   .pipeTo(a2uiLitSink(document.querySelector('#chat')!));
 * ```
 */
export function a2uiLitSink(container: HTMLElement, options: A2uiLitSinkOptions = {}): WritableStream<Part> {
  applyListenerFix(A2uiLitElement, A2uiController);
  applyRenderGuard(A2uiLitElement);
  const onError = options.onError ?? ((error: A2uiError) => console.error(error));
  const processor = options.processor ?? new MessageProcessor(options.catalogs ?? defaultCatalogs());
  if (options.onAction) processor.model.onAction.subscribe(options.onAction);
  const policy = new UrlPolicy(options.allowUrl);
  const chosen = options.markdown === false ? undefined : (options.markdown ?? defaultMarkdown());
  const markdownImages = options.markdownImages ?? false;
  const markdown = chosen && guardMarkdown(chosen, policy, { images: markdownImages });
  const createTextElement = options.createTextElement ?? (() => defaultTextElement(markdown === undefined));
  const bubbles = new TextBubbles(container, createTextElement, markdown, (error) =>
    onError(new A2uiValidationError('The markdown renderer failed; the text is shown as it is.', { cause: error })),
  );
  const mounted = new Map<string, A2uiSurface>();

  const apply = (message: A2uiMessage): void => {
    policy.noteMessage(message);
    const applied = applyMessage(processor, message, 'a2uiLitSink', options.dialect);
    if ('error' in applied) {
      onError(applied.error);
      return;
    }
    for (const error of applied.leftOut) onError(error);
    const { kind, surfaceId } = applied;
    if (kind === 'createSurface' && surfaceId !== undefined) mount(surfaceId);
    if (kind === 'deleteSurface' && surfaceId !== undefined) {
      mounted.get(surfaceId)?.remove();
      mounted.delete(surfaceId);
    }
  };

  const mount = (surfaceId: string): void => {
    const surface = processor.model.getSurface(surfaceId);
    if (surface === undefined) return;
    const element = document.createElement('a2ui-surface') as A2uiSurface;
    element.setAttribute(STREAMING_ATTRIBUTE, '');
    setSurfacePolicy(surface, policy);
    provideContexts(element, chosen ? (source) => guardMarkdown(chosen, policy, { images: markdownImages, source }) : () => plainTextMarkdown, policy);
    element.addEventListener(RENDER_ERROR_EVENT, (event) => {
      event.preventDefault();
      event.stopPropagation();
      const { error, componentId } = (event as CustomEvent<{ error: unknown; componentId: string | undefined }>).detail;
      onError(renderFailure(surfaceId, componentId, error));
    });
    element.surface = surface;
    bubbles.end();
    container.append(element);
    if (element.shadowRoot) adoptSkeletonStyles(element.shadowRoot);
    mounted.set(surfaceId, element);
  };

  const queue = new FrameQueue<Queued>((items) => {
    let text = '';
    for (const item of items) {
      if (typeof item === 'string') {
        text += item;
        continue;
      }
      if (text !== '') bubbles.append(text);
      text = '';
      apply(item);
    }
    if (text !== '') bubbles.append(text);
  });

  const finish = (): void => {
    queue.flush();
    bubbles.flush();
    for (const element of mounted.values()) element.removeAttribute(STREAMING_ATTRIBUTE);
  };

  return new WritableStream<Part>({
    write(part) {
      if (part.type === 'text') queue.push(part.text);
      else if (part.type === 'a2ui') for (const message of part.messages) queue.push(message);
      else onError(part.error);
    },
    close: finish,
    abort: finish,
  });
}

/** A text bubble: plain text keeps its line breaks; markdown's HTML lays out its own blocks. */
function defaultTextElement(plain: boolean): HTMLElement {
  const element = document.createElement('div');
  element.className = 'a2ui-stream-text';
  if (plain) element.style.whiteSpace = 'pre-wrap';
  return element;
}

/** A renderer element as the sink reads it: its component's context, once it has one. */
interface ComponentElement {
  context?: { componentModel: { properties: Record<string, unknown> }; dataContext: { path: string; surface: ValueSource['surface'] } };
}

/** The `text` of the component `element` draws, as the model wrote it, read at its data path. */
function textSource(element: ComponentElement): ValueSource | undefined {
  const context = element.context;
  return context && { expression: context.componentModel.properties.text, dataPath: context.dataContext.path, surface: context.dataContext.surface };
}

/**
 * Answers the renderer's requests for the markdown context and the guarded media's requests for
 * the URL policy (the Lit context protocol's `context-request` event, which bubbles out of the
 * surface's shadow tree) at the surface element, so that each sink's surfaces get that sink's
 * renderer and policy, whatever container they share. Each `Text` gets a renderer of its own,
 * which reads its text's expression (markdown built from what the user typed loads nothing).
 */
function provideContexts(surface: HTMLElement, markdownFor: (source: () => ValueSource | undefined) => MarkdownRenderer, policy: UrlPolicy): void {
  surface.addEventListener('context-request', (event: ContextRequest) => {
    const element = event.composedPath()[0] as ComponentElement;
    const value = event.context === Context.markdown ? markdownFor(() => textSource(element)) : event.context === URL_POLICY_CONTEXT ? policy : undefined;
    if (value === undefined || typeof event.callback !== 'function') return;
    event.stopPropagation();
    event.callback(value, event.subscribe ? () => {} : undefined);
  });
}
