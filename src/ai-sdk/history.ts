import { placeholderTarget, type A2uiMessage } from '../index.js';
import { LIST_PLACEHOLDER_PREFIX } from '../internal.js';
import { actionText } from './actions.js';
import { compactMessages } from './compact.js';
import type { A2uiMessagesIn } from './types.js';

/** The part of a `UIMessage` these helpers read: its parts' `type` and `data`. */
export interface UIMessageWithParts {
  /** The message's parts, in order. */
  readonly parts: ReadonlyArray<{ readonly type: string; readonly data?: unknown }>;
}

/** An object read loosely: history comes from storage or the wire, and only its shape is checked here. */
type Loose = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Only objects are kept as messages; their content is the renderer's to judge. */
const isMessage = isObject as (value: unknown) => value is A2uiMessage;

/** The message objects of a `data-a2ui` part (entries that are not objects left out); else `undefined`. */
export function a2uiMessagesOf(part: { readonly type: string; readonly data?: unknown }): A2uiMessage[] | undefined {
  if (part.type !== 'data-a2ui') return undefined;
  const data = part.data;
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { messages?: unknown }).messages)) return undefined;
  const messages: unknown[] = (data as { messages: unknown[] }).messages;
  return messages.every(isMessage) ? messages : messages.filter(isMessage);
}

/**
 * The A2UI messages a client applied in a conversation: those of every `data-a2ui` part of
 * `uiMessages`, in order, for the `history` option of the next turn's parser (so that an update
 * to a surface an earlier turn drew streams, with the surface's root, components and data model
 * known). Parts of other types, `data-a2ui` parts without a `messages` list, and entries of the
 * list that are not objects (the conversation comes from the client) are skipped. Typed by the UI
 * messages: `A2uiUIMessage<'0.9'>[]` gives v0.9 messages, which web_core's `processMessages` takes.
 *
 * @param uiMessages - the conversation so far (`UIMessage`s, as `useChat` sends them).
 *
 * @example
 * ```ts
 * const stream = toUIMessageStream({ stream: result.stream })
 *   .pipeThrough(a2uiUIMessageStream(catalog, { history: a2uiHistory(messages) }));
 * ```
 */
export function a2uiHistory<UI_MESSAGE extends UIMessageWithParts>(uiMessages: readonly UI_MESSAGE[]): A2uiMessagesIn<UI_MESSAGE>[] {
  const out: A2uiMessagesIn<UI_MESSAGE>[] = [];
  for (const message of uiMessages) {
    for (const part of message.parts) {
      const messages = a2uiMessagesOf(part) as A2uiMessagesIn<UI_MESSAGE>[] | undefined;
      if (messages) for (const m of messages) out.push(m);
    }
  }
  return out;
}

/**
 * The conversation with each run of consecutive `data-a2ui` parts of a message (the parts of one
 * block in mode `'events'`) merged into one part holding their messages compacted (entries that
 * are not objects left out), under the first one's id; other parts stay as they are. Before
 * `convertToModelMessages` with {@link a2uiConvertDataPart}, it gives the model one block per
 * block it wrote instead of the partial forms that streamed; it is also smaller to persist.
 *
 * @param uiMessages - the conversation (`UIMessage`s); not changed.
 *
 * @example
 * ```ts
 * const modelMessages = await convertToModelMessages(a2uiCompactParts(messages), { convertDataPart: a2uiConvertDataPart });
 * ```
 */
export function a2uiCompactParts<M extends UIMessageWithParts>(uiMessages: readonly M[]): M[] {
  return uiMessages.map((message) => {
    const parts: UIMessageWithParts['parts'][number][] = [];
    let run: { first: UIMessageWithParts['parts'][number]; messages: A2uiMessage[] } | undefined;
    const close = (): void => {
      if (run) parts.push({ ...run.first, data: { messages: compactMessages(run.messages) } });
      run = undefined;
    };
    for (const part of message.parts) {
      const messages = a2uiMessagesOf(part);
      if (!messages) {
        close();
        parts.push(part);
      } else if (run) {
        // One by one: a part may hold more messages than a call takes arguments.
        for (const m of messages) run.messages.push(m);
      } else {
        run = { first: part, messages: [...messages] };
      }
    }
    close();
    return { ...message, parts };
  });
}

/** Every string inside `value` (component references among them), into `into`. */
function stringsIn(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringsIn(item, into);
}

/** The roots the start messages among `messages` name (v0.8 `beginRendering.root`, a v0.9+ `root`). */
function rootsOf(messages: readonly A2uiMessage[]): Set<string> {
  const roots = new Set<string>();
  for (const message of messages as readonly Loose[]) {
    for (const key of ['beginRendering', 'createSurface']) {
      const body = message[key];
      if (isObject(body) && typeof body.root === 'string') roots.add(body.root);
    }
  }
  return roots;
}

/**
 * `message` without the placeholders of its components that are spent: `loading_<id>` (or an open
 * list's `loading_children_<id>`) where the component `<id>` it stood for is there too, and neither another component nor a start message
 * (as the root) refers to it any more. The parser sent them while children streamed; the model
 * never wrote them. A component of the model's own named `loading_…` is kept unless it looks so.
 */
function withoutSpentPlaceholders(message: A2uiMessage, roots: ReadonlySet<string>): A2uiMessage {
  for (const key of ['updateComponents', 'surfaceUpdate']) {
    const body = (message as Loose)[key];
    if (!isObject(body) || !Array.isArray(body.components)) continue;
    const components: unknown[] = body.components;
    const ids = new Set<string>();
    const referred = new Set<string>(roots);
    for (const c of components) {
      if (!isObject(c)) continue;
      if (typeof c.id === 'string') ids.add(c.id);
      for (const [k, v] of Object.entries(c)) if (k !== 'id') stringsIn(v, referred);
    }
    const spent = (c: unknown): boolean => {
      if (!isObject(c) || typeof c.id !== 'string' || referred.has(c.id)) return false;
      const standsFor = placeholderTarget(c.id);
      if (standsFor === undefined) return false;
      // An open child list's placeholder (`loading_children_<parent>`) is spent once its parent is there.
      return ids.has(standsFor) || (c.id.startsWith(LIST_PLACEHOLDER_PREFIX) && ids.has(c.id.slice(LIST_PLACEHOLDER_PREFIX.length)));
    };
    if (components.some(spent)) return { ...message, [key]: { ...body, components: components.filter((c) => !spent(c)) } } as A2uiMessage;
  }
  return message;
}

/**
 * A `convertDataPart` for `convertToModelMessages`, which otherwise drops data parts (so the model
 * forgets next turn what surfaces it drew): a `data-a2ui` part becomes one text part holding its
 * messages compacted (per surface, one components message with each component's last form; data
 * model updates that later ones overwrite left out; the placeholders that streamed, `loading_<id>`,
 * left out once `<id>` arrived and nothing refers to them any more) as one `<a2ui-json>` block, as the model writes them.
 * A `data-a2ui-action` part (a user's action, sent as a user turn) becomes a text part giving the
 * action and the data models sent with it as JSON. Other parts (`data-a2ui-error` included) give
 * `undefined`: they are dropped.
 * With mode `'block'` each part is one block of the answer; with `'events'` each holds what one
 * step of parsing produced: run {@link a2uiCompactParts} first to send one block per block.
 *
 * @example
 * ```ts
 * const modelMessages = await convertToModelMessages(a2uiCompactParts(messages), { convertDataPart: a2uiConvertDataPart });
 * ```
 */
export function a2uiConvertDataPart(part: { readonly type: string; readonly data?: unknown }): { type: 'text'; text: string } | undefined {
  if (part.type === 'data-a2ui-action') {
    const text = actionText(part.data);
    return text === undefined ? undefined : { type: 'text', text };
  }
  const messages = modelMessagesOf(part);
  return messages === undefined ? undefined : { type: 'text', text: jsonBlock(messages) };
}

/** A `data-a2ui` part's messages as the model is given them back: compacted, spent placeholders left out; `undefined` when it has none. */
export function modelMessagesOf(part: { readonly type: string; readonly data?: unknown }): A2uiMessage[] | undefined {
  const messages = a2uiMessagesOf(part);
  if (!messages || messages.length === 0) return undefined;
  const compacted = compactMessages(messages);
  const roots = rootsOf(compacted);
  return compacted.map((message) => withoutSpentPlaceholders(message, roots));
}

/** Messages as one `<a2ui-json>` block. */
export const jsonBlock = (messages: readonly A2uiMessage[]): string => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
