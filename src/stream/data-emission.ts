/**
 * How a session emits data-model messages: a partial's updates as they stand, a complete message's
 * (or what stands of one that did not validate), each after the templates they make draw past
 * `maxExpansion` are withdrawn, and past the output budget one message holding all its message
 * sent so far, in its slot (`held-resends.ts`).
 */
import type { A2uiError } from '../errors.js';
import { deepPathError } from '../validate/data-path.js';
import { changedPaths, standingUpdate } from './data-model.js';
import type { MessageState } from './message-state.js';
import type { Body, MessageContext } from './reader.js';
import type { SnapshotOutput, SnapshotQueue } from './snapshot-queue.js';
import type { Surface } from './surface.js';
import type { Surfaces } from './surfaces.js';
import type { Wire } from './wire.js';

/** What a {@link DataEmission} reports to, and sends through (its session's). */
export interface DataHost {
  readonly wire: Wire;
  readonly surfaces: Surfaces;
  /** An error that does not stop the block. */
  report(error: A2uiError): void;
  /** A snapshot of `surface` now (a template withdrawn shows its placeholder ahead of the data). */
  send(surface: Surface): void;
}

/** A session's data-model messages (see the module's comment). */
export class DataEmission {
  constructor(
    readonly host: DataHost,
    readonly output: SnapshotOutput,
    readonly queue: SnapshotQueue,
  ) {}

  /**
   * Data-model message `message` (body `body`) of `surface` completed, with `error` when it did not
   * validate: what it sets stands, in a message of its own then; a path too deep is reported alone.
   */
  complete(surface: Surface, message: Body, body: Body, context: MessageContext, state: MessageState, error: A2uiError | undefined): void {
    const deep = deepPathError(body, context.index);
    if (deep !== undefined) {
      this.host.report(deep);
      return;
    }
    const key = this.host.wire.spec.dataModel;
    const whole = error === undefined ? message : standingUpdate(body, this.host.wire);
    if (whole !== undefined && !state.sealed)
      this.updates(surface, surface.dataModel.complete(whole, whole[key] as Body, context), whole[key] as Body, context);
  }

  /** A partial's updates, or a complete message's; past the output budget one holding all its message sent so far, in its slot. */
  updates(surface: Surface, updates: Body[], body: Body, context: MessageContext): void {
    const model = surface.dataModel;
    const all = model.cumulative || updates.length === 0 || this.output.admit(context, updates) ? undefined : model.soFar(body, context);
    if (all === undefined) this.emit(surface, updates, context);
    else this.emit(surface, [all], context, true);
  }

  /**
   * Emits data-model `messages` for `surface`, of message `context` (`slotted`: each holds all before it, `held-resends.ts`).
   * A template whose list they make draw past `maxExpansion` is withdrawn first: its error, then its placeholder, go out first.
   */
  emit(surface: Surface, messages: readonly Body[], context?: MessageContext, slotted = surface.dataModel.cumulative): void {
    if (messages.length === 0) return;
    surface.reachedClient();
    this.host.surfaces.changed(surface);
    this.queue.catchUp(surface, true);
    // Without templates bound to data, no count changes: the paths are not even listed.
    if (surface.bindsData) {
      const { errors, withdrawn } = surface.dataChanged(messages.flatMap((message) => changedPaths(message, this.host.wire.spec.dataModel)));
      for (const error of errors) this.host.report(error);
      if (withdrawn) this.host.send(surface);
    }
    const slot = slotted ? context : undefined;
    for (const message of messages) this.output.message(message, true, slot);
  }
}
