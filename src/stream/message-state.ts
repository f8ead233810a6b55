/**
 * What the session keeps about each message being read, from its first event to its completion
 * (held per message context, weakly: a message read and dropped leaves nothing).
 */
import type { WireComponent } from '../validate/graph.js';
import type { MessageContext } from './reader.js';

/** What the session keeps about a message being read, from its first event to its completion. */
export interface MessageState {
  /** Components that closed before they could be put (before `surfaceId`, or a v1.0 start's header), with their index in the list. */
  readonly early: { readonly component: WireComponent; readonly index: number }[];
  /** Whether the reader handed over any of its components one by one (else its completion does). */
  handed: boolean;
  /** A message began nested in this one: its data model went out before the nested one's (see `Session.nested`). */
  sealed: boolean;
  /** Components of it found invalid as they closed (reported then; its completion does not check them again). */
  rejected: Set<unknown> | undefined;
  /** Components of it whose limits were checked as they closed (its completion does not walk them again). */
  limitsChecked: Set<unknown> | undefined;
}

/** The state of each message being read. */
export class MessageStates {
  readonly #states = new WeakMap<MessageContext, MessageState>();

  /** The state of message `context`, made on first use. */
  of(context: MessageContext): MessageState {
    let state = this.#states.get(context);
    if (state === undefined) {
      state = { early: [], handed: false, sealed: false, rejected: undefined, limitsChecked: undefined };
      this.#states.set(context, state);
    }
    return state;
  }

  /** The state of message `context`; `undefined` before its first event. */
  get(context: MessageContext): MessageState | undefined {
    return this.#states.get(context);
  }
}
