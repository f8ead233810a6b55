/** The hook's public types: its source, what it returns, the action it hands to the app. */
import type { ReactComponentImplementation } from '@a2ui/react/v0_9';
import type { A2uiClientAction, MessageProcessor, SurfaceModel } from '@a2ui/web_core/v0_9';
import type { Part } from '../index.js';

/**
 * A message of a conversation as the hook reads it: its `id` and `parts` (what `useChat`'s
 * `messages` hold; only the `data-a2ui` parts are read).
 */
export interface A2uiChatMessage {
  /** The message's id. */
  readonly id: string;
  /** Its parts, in order. */
  readonly parts: ReadonlyArray<{ readonly type: string; readonly id?: string; readonly data?: unknown }>;
}

/**
 * What the hook renders from: `useChat`'s `messages` (their `data-a2ui` parts), or the parts of an
 * `a2uiStream` received so far (its `a2ui` parts), a list that only grows.
 */
export type A2uiSource = readonly A2uiChatMessage[] | readonly Part[];

/** A user action of a surface, handed to the app to send as the next turn. */
export interface A2uiActionEvent {
  /** The surface the action came from. */
  readonly surfaceId: string;
  /** The action as the protocol's client-to-server `action` (`name`, `surfaceId`, `sourceComponentId`, `timestamp`, `context`). */
  readonly action: A2uiClientAction;
  /**
   * The surface's whole data model, when its `createSurface` asked for it (`sendDataModel: true`);
   * else `undefined`.
   */
  readonly dataModel: unknown;
}

/** One surface to render. */
export interface A2uiSurfaceEntry {
  /** The surface's id. */
  readonly id: string;
  /** The renderer's model of it: give it to `A2uiStreamSurface` (or `@a2ui/react`'s `A2uiSurface`). */
  readonly surface: SurfaceModel<ReactComponentImplementation>;
  /** The id of the message whose part created it; `undefined` for a list of parts, or when it was not created from the source. */
  readonly messageId: string | undefined;
  /**
   * The id of the `data-a2ui` part that created it (draw the surface where that part is in the
   * message); `undefined` for a part without an id, a list of parts, or when it was not created
   * from the source.
   */
  readonly partId: string | undefined;
  /** Whether the source's last message (a list of parts: any part) changed it while `streaming` is on. */
  readonly streaming: boolean;
}

/** What the hook returns. */
export interface A2uiSurfacesState {
  /** The processor's surfaces, in the order they were created. */
  readonly surfaces: readonly A2uiSurfaceEntry[];
  /** The one `MessageProcessor` the messages are applied to. */
  readonly processor: MessageProcessor<ReactComponentImplementation>;
}
