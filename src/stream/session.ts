/**
 * The protocol state of one response: its surfaces by id, and what each message and component a
 * reader hands over (the {@link MessageSink} of `reader.ts`) means for them. Emits start, delete
 * and data-model messages as they complete, and a snapshot of each surface that changed (see
 * `surface.ts`). What a message being read needs across events is its {@link MessageState}.
 */
import { A2uiRecursionError, type A2uiError, type A2uiIntegrityError } from '../errors.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import { DataEmission } from './data-emission.js';
import { completedError, notMessageError, startValidates, surfaceExistsError } from './message-check.js';
import type { Catalog } from '../catalog/model.js';
import { dataModelOf, InlineStarts, type InlineHost } from './inline-start.js';
import { deepPathError } from '../validate/data-path.js';
import { closedError, ListGrowth, notStartedError, partialToPut, UnknownDeletes, usable, waitingError } from './readiness.js';
import type { Body, MessageContext, MessageSink, PartialComponent } from './reader.js';
import type { Surface } from './surface.js';
import type { SnapshotOptions } from './surface-settings.js';
import { MessageStates, type MessageState } from './message-state.js';
import { SnapshotQueue, type SnapshotOutput } from './snapshot-queue.js';
import { Surfaces, type SurfacesSettings } from './surfaces.js';
import type { TurnBudget } from './turn-end.js';
import type { Wire } from './wire.js';

/** Settings of a session, derived from the parser options once. */
export interface SessionSettings extends SurfacesSettings {
  /** Stream components before they close (false: v1.0 without `partialComponents`). */
  readonly partialComponents: boolean;
}

/** Where a session's output goes (the parser's parts). */
export interface SessionOutput extends SnapshotOutput {
  /** An error that does not stop the block; a function building it is called only if the error is given (not past `maxErrors`). */
  error(error: A2uiError | (() => A2uiError)): void;
}

export class Session implements MessageSink, InlineHost {
  /** The response's surfaces. */
  readonly surfaces: Surfaces;
  readonly wire: Wire;
  readonly #output: SessionOutput;
  readonly #spec: VersionSpec;
  readonly #inline: InlineStarts;
  readonly #messages = new MessageStates();
  readonly #unknownDeletes = new UnknownDeletes();
  /** Rule 5 of `readiness.ts`, per open child list. */
  readonly #lists = new ListGrowth();
  /** Surfaces with a component put since their last snapshot. */
  readonly #queue: SnapshotQueue;
  readonly #data: DataEmission;

  constructor(
    readonly settings: SessionSettings,
    output: SessionOutput,
  ) {
    this.wire = settings.wire;
    this.#spec = settings.wire.spec;
    this.#output = output;
    this.surfaces = new Surfaces(settings);
    this.#queue = new SnapshotQueue(this.wire, output);
    this.#inline = new InlineStarts(this);
    this.#data = new DataEmission(this, output, this.#queue);
  }

  /**
   * A message completed. It is validated whole (but the components judged as they closed); where
   * its content may have streamed already (components, a data model, a v1.0 start whose header went
   * out), an error is reported and the content stands, at every chunking alike; else the error
   * fails the message (and the rest of its block).
   */
  message(message: Body, context: MessageContext): void {
    const key = context.key;
    const body = key === undefined ? undefined : (message[key] as Body | undefined);
    const state = this.#messages.of(context);
    // A reader of whole messages hands over none of the components: each is judged here, as it would have closed.
    if (!state.handed && Array.isArray(body?.components)) {
      (body.components as unknown[]).forEach((component, index) => {
        if (typeof component === 'object' && component !== null && !Array.isArray(component)) this.component(component as WireComponent, context, index);
      });
    }
    const error = this.settings.validate ? this.#check(message, key, body, context, state) : undefined;
    // A cycle fails the message at every chunking: its snapshot finds it too.
    const streamed = typeof body?.surfaceId === 'string' && this.#streamsContent(context) && !(error instanceof A2uiRecursionError);
    if (error !== undefined) {
      if (!streamed && key === this.#spec.dataModel && typeof body?.surfaceId === 'string') {
        const surface = this.surface(body.surfaceId);
        this.emitData(surface, surface.dataModel.abandon(body, context));
      }
      if (!streamed) throw error;
      this.report(error);
    }
    if (key === undefined || typeof body !== 'object' || body === null) {
      this.emit(message);
      return;
    }
    const surfaceId = body.surfaceId as string;
    if (key === this.#spec.start && this.#spec.startCarriesContent) this.#inline.complete(message, body, surfaceId, context, state);
    else if (key === this.#spec.start) this.#start(message, body, surfaceId, context);
    else if (key === this.#spec.components) this.#components(body, surfaceId, state.rejected, context.fragment === true);
    else if (key === this.#spec.dataModel) this.#data.complete(this.surface(surfaceId), message, body, context, state, error);
    else if (key === this.#spec.delete) this.delete(message, surfaceId);
    else this.emit(message);
  }

  /**
   * A component object closed. It is judged alone (its catalog type, functions, paths, limits,
   * self-reference): one that does not validate is left out, reported in an error part that does
   * not stop the block; the place where a parent names it shows the placeholder (a partial of it
   * on screen is replaced by one). So an invalid component ends the same way at every chunking
   * and whole: the valid ones around it stand.
   */
  component(component: WireComponent, context: MessageContext, index: number): void {
    const state = this.#messages.of(context);
    state.handed = true;
    const fate = this.#isInlineStart(context) ? this.#inline.fate(context) : 'put';
    if (fate === 'drop') return;
    if (context.surfaceId === undefined || fate === 'wait') {
      state.early.push({ component, index });
      return;
    }
    const surface = this.surface(context.surfaceId);
    const place = { message: context.index, key: context.key as string, index, surfaceId: surface.id };
    const error = this.settings.validate ? closedError(surface, component, place, (state.limitsChecked ??= new Set())) : undefined;
    if (error !== undefined) {
      (state.rejected ??= new Set()).add(component);
      // Judged in the turn: its verdict goes at the turn's end.
      this.surfaces.changed(surface);
      if (typeof component.id === 'string') surface.reject(component.id);
      this.#queue.note(surface);
      this.report(error);
      return;
    }
    if (usable(component, this.settings.wire, true)) this.put(surface, component);
  }

  surfaceId(context: MessageContext): void {
    this.releaseEarly(context);
  }

  /** Hands over again the components of `context` that closed before they could be put. */
  releaseEarly(context: MessageContext): void {
    const state = this.#messages.get(context);
    if (state !== undefined) for (const { component, index } of state.early.splice(0)) this.component(component, context, index);
  }

  notMessage(value: unknown, index: number): void {
    if (this.settings.validate) this.report(() => notMessageError(value, index));
  }

  bodyMember(context: MessageContext, key: string, body: Body, opened: boolean): void {
    if (this.#isInlineStart(context)) this.#inline.member(context, key, body, opened);
  }

  componentsCatalog(context: MessageContext): Catalog | undefined {
    return this.settings.partialComponents ? this.#contentSurface(context)?.catalogs.main : undefined;
  }

  /** The surface the open components of message `context` stream into; `undefined` when they do not (yet). */
  #contentSurface(context: MessageContext): Surface | undefined {
    if (context.surfaceId === undefined) return undefined;
    if (context.key === this.#spec.components) return this.surface(context.surfaceId);
    return this.#isInlineStart(context) ? this.#inline.surfaceOf(context) : undefined;
  }

  /**
   * A data-model message, or a v1.0 start whose header went out and whose `dataModel` began,
   * streams a data model (but one sealed by a nested message).
   */
  dataModelCatalog(context: MessageContext): Catalog | undefined {
    if (this.#messages.get(context)?.sealed) return undefined;
    if (context.key !== this.#spec.dataModel && !(this.#isInlineStart(context) && this.#inline.streamsDataModel(context))) return undefined;
    return context.surfaceId === undefined ? this.settings.catalogs.default : this.surface(context.surfaceId).catalogs.main;
  }

  partialComponent(context: MessageContext, partial: PartialComponent): void {
    const surface = this.#contentSurface(context);
    if (surface === undefined) return;
    const listOpen = partialToPut(surface, partial, this.#lists);
    if (listOpen === 'drop') this.withdrawn(surface, partial.component.id as string);
    else if (listOpen !== undefined) this.put(surface, partial.component, listOpen, true);
  }

  withdraw(context: MessageContext, id: string): void {
    const surface = context.surfaceId === undefined ? undefined : this.surfaces.get(context.surfaceId);
    if (surface !== undefined) this.withdrawn(surface, id);
  }

  /** A partial of `id` held on `surface` goes (see `Surface.reject`). */
  withdrawn(surface: Surface, id: string): void {
    this.surfaces.changed(surface);
    surface.reject(id);
    this.#queue.note(surface);
  }

  partialDataModel(context: MessageContext, body: Body): void {
    const surface = this.#isInlineStart(context) ? this.#inline.surfaceOf(context) : undefined;
    if (surface !== undefined) {
      const model = dataModelOf(body, this.wire);
      if (model !== undefined) this.#data.updates(surface, surface.dataModel.partial(model.body, context), model.body, context);
    } else if (typeof body.surfaceId === 'string' && deepPathError(body, context.index) === undefined) {
      const target = this.surface(body.surfaceId);
      this.#data.updates(target, target.dataModel.partial(body, context), body, context);
    }
  }

  /** Reports an error that does not stop the block; see {@link SessionOutput.error}. */
  report(error: A2uiError | (() => A2uiError)): void {
    this.#output.error(error);
  }

  failed(error: A2uiError): void {
    this.rollBack();
    this.report(error);
  }

  /** Emits `message` whole. */
  emit(message: Body): void {
    this.#output.message(message, true);
  }

  /** Whether `message`, a start message on its own, validates (always, without validation). */
  validStart(message: Body): boolean {
    return !this.settings.validate || startValidates(message, this.settings.catalogs.all);
  }

  #isInlineStart(context: MessageContext): boolean {
    return this.#spec.startCarriesContent && context.key === this.#spec.start;
  }

  /** Whether the content of message `context` may have gone out before it completed. */
  #streamsContent(context: MessageContext): boolean {
    const key = context.key;
    return key === this.#spec.components || key === this.#spec.dataModel || (this.#isInlineStart(context) && this.#inline.surfaceOf(context) !== undefined);
  }

  /**
   * A message begins nested in the open ones `open` (see `json-block.ts`), whose partials the
   * reader handed over as they stand: they go out first. Their data models are then sealed: sent
   * again when they complete, they would undo the nested messages'.
   */
  nested(open: readonly MessageContext[]): void {
    this.flush();
    for (const context of open) this.#messages.of(context).sealed = true;
  }

  openValuesEnded(): void {
    for (const surface of this.surfaces.lookedAt) surface.partialsClosed();
  }

  /**
   * A block closed (`read`: characters the parser has read): the error naming the parents still
   * waiting for children with no placeholder (`undefined` when none), then what the surfaces it
   * looked at sent is let go of.
   */
  closeBlock(read: number): A2uiIntegrityError | undefined {
    // A surface whose snapshot the output held back was only checked as its messages completed.
    this.flush();
    const waiting = waitingError(this.surfaces.lookedAt, 'catalog');
    this.surfaces.release(read);
    return waiting;
  }

  /**
   * The response ends: the parents waiting for the output budget's room for their placeholders are
   * looked at once more, with all the response's room (what a whole reading had from the start).
   * The errors naming those still waiting, and the surfaces whose components waited for a start
   * message that never came.
   */
  endResponse(): A2uiIntegrityError[] {
    for (const surface of this.surfaces.values()) if (surface.retryWaiting()) this.#queue.note(surface);
    this.flush();
    const errors = [waitingError(this.surfaces.values(), 'budget'), notStartedError(this.surfaces.values()), this.#unknownDeletes.take()];
    return errors.filter((error) => error !== undefined);
  }

  /** A limit ended the response: its ends are not reported (what the client holds stays as the parts left it). */
  abandonResponse(): void {
    this.#unknownDeletes.take();
  }

  /** Between turns: the surfaces forget what the turn read and never sent (`Surfaces.forgetUnsent`), within `budget`. */
  forgetUnsent(budget: TurnBudget): void {
    const { gone, learned } = this.surfaces.forgetUnsent(budget);
    for (const surface of gone) this.#queue.drop(surface);
    // Laid out as the renderer holds the tree (what `history` seeding does), nothing sent.
    for (const surface of learned) this.#queue.seed(surface);
  }

  /** Forgets, on every surface, the changes that an error interrupted. */
  rollBack(): void {
    for (const surface of this.surfaces.values()) {
      surface.rollBack();
      // A partial it dropped may owe the client a placeholder.
      if (surface.hasChanges) this.#queue.note(surface);
    }
  }

  /**
   * Emits a snapshot of every surface with unsent changes; `at` (characters of the block read,
   * after a piece): a snapshot that only lengthens text on screen may wait for the next one.
   */
  flush(at?: number): void {
    this.#queue.flush(at);
  }

  /** Emits a snapshot of `surface` if it changed (or, with `checkRoot`, to check that its root arrived). */
  send(surface: Surface, options?: SnapshotOptions): void {
    this.#queue.send(surface, options);
  }

  /** Seeding from history: snapshots taken as the renderer holds them (see `history.ts`; the parser drops what they emit). */
  seedSnapshots(only?: Surface): void {
    this.#queue.seed(only);
  }

  /** Records `component` on `surface` (`partial`: a healed partial of an object still streaming). */
  put(surface: Surface, component: WireComponent, listOpen = false, partial = false): void {
    this.surfaces.changed(surface);
    const error = surface.put(component, listOpen, partial);
    this.#queue.note(surface);
    if (error !== undefined) this.report(error);
  }

  /** Records every component of a complete message (v1.0 `createSurface` may carry some too) but those `rejected` as they closed. */
  settle(surface: Surface, body: Body, rejected?: ReadonlySet<unknown>): void {
    if (!Array.isArray(body.components)) return;
    for (const component of body.components as unknown[]) {
      if (rejected?.has(component)) continue;
      if (typeof component === 'object' && component !== null && typeof (component as WireComponent).id === 'string') {
        this.put(surface, component as WireComponent);
      }
    }
  }

  /** Emits data-model `messages` for `surface`, of message `context` (see `DataEmission.emit`). */
  emitData(surface: Surface, messages: readonly Body[], context?: MessageContext): void {
    this.#data.emit(surface, messages, context);
  }

  /** The surface `id`, made on first use (counted against `maxSurfaces`); a `start` body's `catalogId` sets its catalogs. */
  surface(id: string, start?: { readonly catalogId?: unknown }): Surface {
    return this.surfaces.open(id, start);
  }

  /** `deleteSurface`: the surface is forgotten (a later start makes a new one). */
  delete(message: Body, surfaceId: string): void {
    const surface = this.surfaces.get(surfaceId);
    if (surface === undefined) this.#unknownDeletes.note(this.#spec.delete, surfaceId);
    if (!surface?.started) return;
    this.surfaces.forget(surface);
    this.settings.held.held -= surface.componentCount;
    this.#queue.drop(surface);
    this.emit(message);
  }

  #start(message: Body, body: Body, surfaceId: string, context: MessageContext): void {
    const existing = this.surfaces.get(surfaceId);
    // A v0.8 renderer applies a repeated beginRendering (one repeated as it was is not sent again); v0.9+ ones refuse a second createSurface.
    let surface = existing;
    if (surface?.started) {
      if (!surface.startsAgain(message, body.root)) {
        if (!this.wire.startRepeats) this.report(surfaceExistsError(this.#spec.start, surfaceId, context.index, context.offset));
        return;
      }
    } else {
      surface = this.surface(surfaceId, body);
      surface.start(message, body.root);
    }
    this.#queue.catchUp(surface);
    this.emit(message);
    this.settle(surface, body);
    this.send(surface);
  }

  #components(body: Body, surfaceId: string, rejected: ReadonlySet<unknown> | undefined, fragment: boolean): void {
    const surface = this.surface(surfaceId);
    if (typeof body.root === 'string') surface.nameRoot(body.root);
    this.settle(surface, body, rejected);
    // A root left out as invalid was reported; that it is missing says nothing more.
    const rootRejected = [...(rejected ?? [])].some((component) => (component as WireComponent).id === surface.root);
    if (surface.started) this.#queue.send(surface, { checkRoot: !rootRejected && !fragment }, true);
  }

  /** The error of complete message `message` (see `message-check.ts`); `undefined` when valid. */
  #check(message: Body, key: string | undefined, body: Body | undefined, context: MessageContext, state: MessageState): A2uiError | undefined {
    // A start message whose header went out is checked against the catalog its surface took.
    const early = this.#isInlineStart(context) ? this.#inline.surfaceOf(context) : undefined;
    const surface = early ?? (typeof body?.surfaceId === 'string' ? this.surfaces.get(body.surfaceId) : undefined);
    const own = surface !== undefined && (key !== this.#spec.start || early !== undefined);
    const inlineStart = this.#spec.startCarriesContent ? this.#spec.start : undefined;
    return completedError(message, key, own ? surface : undefined, this.settings.catalogs.all, inlineStart, context.index, state);
  }
}
