import { a2uiMessagesOf } from './history.js';
import type { A2uiMessagesIn } from './types.js';

/** A UI message as {@link a2uiNewMessages} reads it: its id and its parts' ids. */
export interface UIMessageWithPartIds {
  /** The message's id. */
  readonly id?: string;
  /** Its parts, in order. */
  readonly parts: ReadonlyArray<{ readonly type: string; readonly id?: string; readonly data?: unknown }>;
}

/**
 * For reading a stream with `readUIMessageStream`, which yields the whole assistant message again
 * after every chunk: returns a function that gives the messages of the `data-a2ui` parts it has
 * not given before, in order, so that each part is applied once:
 * `for await (const message of readUIMessageStream({ stream })) processor.processMessages(newMessages(message))`.
 * Parts are told apart by message id and part id (mode `'events'`, the default, appends every
 * part under an id of its own), or by position when a part has no id. Mode `'block'` re-sends a
 * growing part under the same id: there, rebuild the surfaces from `message.parts` instead.
 * (`useChat`'s `onData` already gives each part once.)
 */
export function a2uiNewMessages(): <UI_MESSAGE extends UIMessageWithPartIds>(uiMessage: UI_MESSAGE) => A2uiMessagesIn<UI_MESSAGE>[] {
  const seen = new Set<string>();
  return <UI_MESSAGE extends UIMessageWithPartIds>(uiMessage: UI_MESSAGE) => {
    const out: A2uiMessagesIn<UI_MESSAGE>[] = [];
    uiMessage.parts.forEach((part, index) => {
      const messages = a2uiMessagesOf(part);
      if (messages === undefined) return;
      const key = JSON.stringify([uiMessage.id ?? '', part.id ?? index]);
      if (seen.has(key)) return;
      seen.add(key);
      // One by one: a part may hold more messages than a call takes arguments.
      for (const m of messages as A2uiMessagesIn<UI_MESSAGE>[]) out.push(m);
    });
    return out;
  };
}
