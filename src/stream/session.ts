/**
 * The protocol state of one response: its surfaces by id, and what each complete message and
 * closed component means for them. Emits start, delete and data-model messages as they complete,
 * and a snapshot of each surface that changed (see `surface.ts`); what values still open show is
 * `open-values.ts`'s.
 */
import type { ResolvedCatalogs } from '../catalog/catalog.js';
import type { A2uiIntegrityError } from '../errors.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import { validateLoneComponent, validateMessages } from '../validate/validate-messages.js';
import type { Block, BlockHandler, MessageContext } from './block.js';
import { dataModelOf, InlineStarts } from './inline-start.js';
import { OpenValues } from './open-values.js';
import { limitError } from './options.js';
import { notStartedError, usable, waitingError, type Judge } from './readiness.js';
import { Surface, type SurfaceSettings } from './surface.js';
import type { Body } from './wire.js';


/** Settings of a session, derived from the parser options once. */
export interface SessionSettings extends SurfaceSettings {
  readonly catalogs: ResolvedCatalogs;
  /** Stream components before they close (false: v1.0 without `partialComponents`). */
  readonly partialComponents: boolean;
  readonly maxSurfaces: number;
  /** Replaces the catalog's cuttable keys when set. */
  readonly cuttableKeys: ReadonlySet<string> | undefined;
  /**
   * Whether a shown cut string is shown again only once it has grown enough (delta snapshots,
   * whose output it bounds); full snapshots show it at every chunk, as the reference does.
   */
  readonly boundedCutStrings: boolean;
}

export class Session implements BlockHandler {
  readonly surfaces = new Map<string, Surface>();
  /** Where messages go; `whole: false` for a components message holding only what changed. Nothing until set. */
  sink: (message: Body, whole: boolean) => void = () => {};
  readonly #spec: VersionSpec;
  readonly #open: OpenValues;
  readonly #inline: InlineStarts;
  /** Surfaces with a component put since their last snapshot. */
  readonly #changed = new Set<Surface>();
  /**
   * Surfaces looked up since the last block closed: only they can have anything new to let go
   * of, so a response with many surfaces does not visit all of them after every block.
   */
  #lookedAt = new Set<Surface>();
  /** Surfaces the last block close released: asleep once a block closes without looking at them. */
  #released = new Set<Surface>();

  constructor(readonly settings: SessionSettings) {
    this.#spec = settings.wire.spec;
    this.#open = new OpenValues(this);
    this.#inline = new InlineStarts(this);
  }

  onMessage(message: Body, context: MessageContext): void {
    const key = context.key;
    const body = key === undefined ? undefined : (message[key] as Body | undefined);
    if (this.settings.validate) this.#validate(message, key, body, context);
    if (key === undefined || typeof body !== 'object' || body === null) {
      this.sink(message, true);
      return;
    }
    const surfaceId = body.surfaceId as string;
    if (key === this.#spec.start && this.#spec.startCarriesContent) this.#inline.complete(message, body, surfaceId, context);
    else if (key === this.#spec.start) this.#start(message, body, surfaceId);
    else if (key === this.#spec.components) this.#components(body, surfaceId);
    else if (key === this.#spec.dataModel) {
      if (!context.sealed) this.emitAll(this.surface(surfaceId).dataModel.complete(message, body, context));
    } else this.delete(message, surfaceId);
  }

  onComponent(component: WireComponent, context: MessageContext): void {
    const fate = this.#isInlineStart(context) ? this.#inline.fate(context) : 'put';
    if (fate === 'drop') return;
    if (context.surfaceId === undefined || fate === 'wait') {
      context.early.push(component);
      return;
    }
    if (!usable(component, this.settings.wire)) return;
    const surface = this.surface(context.surfaceId);
    if (this.#spec.closedComponentsOnly && this.settings.validate) {
      // v1.0: a closed component that does not validate can never become valid. Its type check
      // (where it differs from a valid component of its type, else whole) is cached as a verdict.
      validateLoneComponent(component, surface.catalog, this.#spec, surface.validity.isValid(surface.catalog, component));
    }
    this.put(surface, component);
  }

  onSurfaceId(context: MessageContext): void {
    for (const component of context.early.splice(0)) this.onComponent(component, context);
  }

  onBodyMember(context: MessageContext, key: string, body: Body, opened: boolean): void {
    if (this.#isInlineStart(context)) this.#inline.member(context, key, body, opened);
  }

  /** The surface the open components of message `context` stream into; `undefined` when they do not (yet). */
  contentSurface(context: MessageContext): Surface | undefined {
    if (context.surfaceId === undefined) return undefined;
    if (context.key === this.#spec.components) return this.surface(context.surfaceId);
    return this.#isInlineStart(context) ? this.#inline.surfaceOf(context) : undefined;
  }

  /** Whether the open message `context` streams a data model: a data-model message, or a v1.0 start whose header went out. */
  streamsDataModel(context: MessageContext): boolean {
    return context.key === this.#spec.dataModel || (this.#isInlineStart(context) && this.#inline.surfaceOf(context) !== undefined);
  }

  /** What the healed body `body` of open message `context` (see {@link streamsDataModel}) shows of its data model. */
  partialDataModel(context: MessageContext, body: Body): void {
    const surface = this.#isInlineStart(context) ? this.#inline.surfaceOf(context) : undefined;
    if (surface !== undefined) {
      const model = dataModelOf(body, this);
      if (model !== undefined) this.emitAll(surface.dataModel.partial(model.body, context));
    } else if (typeof body.surfaceId === 'string') {
      this.emitAll(this.surface(body.surfaceId).dataModel.partial(body, context));
    }
  }

  /** Whether `message`, a start message on its own, validates (always, without validation). */
  validStart(message: Body): boolean {
    if (!this.settings.validate) return true;
    try {
      validateMessages(message, this.settings.catalogs.all, { allowOrphans: true, allowDangling: true, allowMissingRoot: true });
      return true;
    } catch {
      return false;
    }
  }

  #isInlineStart(context: MessageContext): boolean {
    return this.#spec.startCarriesContent && context.key === this.#spec.start;
  }

  /** After a piece of block content: what the open values show, then the surfaces that changed. */
  afterPiece(block: Block): void {
    this.#open.look(block);
    this.flush(false, undefined, undefined, block.reader.charsRead);
  }

  /**
   * A message begins nested in the open one (see `block.ts`): what the open messages hold so far
   * goes out first, looked at as they stand, whatever a look's due says. Their data models are
   * then sealed: sent again when they complete, they would undo the nested messages'.
   */
  beforeNested(block: Block): void {
    this.#open.look(block, { kind: 'none' });
    this.flush();
    for (const open of block.openMessages) open.sealed = true;
  }

  /**
   * A last look at what its block left open (closed unfinished, cut short or ended by a read
   * error): everything read goes out. What it put then counts as closed.
   */
  lastLook(block: Block): void {
    this.#open.lastLook(block);
    this.flush();
    for (const surface of this.#lookedAt) surface.partialsClosed();
  }

  /**
   * A block closed: the error naming the parents still waiting for children with no placeholder
   * (`undefined` when none), then what the surfaces it looked at sent is let go of.
   */
  closeBlock(): A2uiIntegrityError | undefined {
    const waiting = waitingError(this.#lookedAt);
    this.releaseSent();
    return waiting;
  }

  /** Lets go of what no later message needs (see `Surface.release` and `Surface.sleep`). */
  releaseSent(): void {
    for (const surface of this.#released) if (!this.#lookedAt.has(surface)) surface.sleep();
    for (const surface of this.#lookedAt) surface.release(this.#released.has(surface));
    this.#released = this.#lookedAt;
    this.#lookedAt = new Set();
  }

  /** The error naming the surfaces whose components waited for a start message that never came; `undefined` when none. */
  notStarted(): A2uiIntegrityError | undefined {
    return notStartedError(this.surfaces.values());
  }

  /** Forgets, on every surface, the changes that an error interrupted. */
  rollBack(): void {
    for (const surface of this.surfaces.values()) surface.rollBack();
  }

  /**
   * Emits a snapshot for `only`, or for every surface with unsent changes; `judge`: see
   * `Surface.snapshot`; `at` (characters of the block read, after a piece): a snapshot that only
   * lengthens text on screen may wait for the next one.
   */
  flush(checkRoot = false, only?: Surface, judge?: Judge, at?: number): void {
    if (only === undefined && this.#changed.size === 0) return;
    for (const surface of only ? [only] : [...this.#changed]) {
      this.#changed.delete(surface);
      if (!surface.hasChanges && !checkRoot) continue;
      const components = surface.snapshot(checkRoot, this.#spec.components, judge, at);
      if (components) this.sink(this.settings.wire.components(surface.id, components), surface.state !== 'treeUnknown');
      if (surface.hasChanges) this.#changed.add(surface);
    }
  }

  /** Records `component` on `surface` (`partial`: a healed partial of an object still streaming). */
  put(surface: Surface, component: WireComponent, listOpen = false, partial = false): void {
    surface.put(component, listOpen, partial);
    if (surface.hasChanges) this.#changed.add(surface);
  }

  /** Records every component of a complete message (v1.0 `createSurface` may carry some too). */
  settle(surface: Surface, body: Body): void {
    if (!Array.isArray(body.components)) return;
    for (const component of body.components as unknown[]) {
      if (typeof component === 'object' && component !== null && typeof (component as WireComponent).id === 'string') {
        this.put(surface, component as WireComponent);
      }
    }
  }

  /** Emits each of `messages`. */
  emitAll(messages: readonly Body[]): void {
    for (const message of messages) this.sink(message, true);
  }

  /** The surface `id`, made on first use (counted against `maxSurfaces`); `catalogId` switches its catalog. */
  surface(id: string, catalogId?: string): Surface {
    let surface = this.surfaces.get(id);
    const catalogs = this.settings.catalogs;
    const catalog = (catalogId !== undefined ? catalogs.byId(catalogId) : undefined) ?? catalogs.default;
    if (!surface) {
      if (this.surfaces.size >= this.settings.maxSurfaces) throw limitError('maxSurfaces', this.settings.maxSurfaces);
      surface = new Surface(id, catalog, this.settings);
      this.surfaces.set(id, surface);
    } else if (catalogId !== undefined) {
      surface.catalog = catalog;
    }
    this.#lookedAt.add(surface);
    return surface;
  }

  /** `deleteSurface`: the surface is forgotten (a later start makes a new one). */
  delete(message: Body, surfaceId: string): void {
    const surface = this.surfaces.get(surfaceId);
    if (!surface?.started) return;
    this.surfaces.delete(surfaceId);
    this.#changed.delete(surface);
    this.#lookedAt.delete(surface);
    this.#released.delete(surface);
    this.sink(message, true);
  }

  #start(message: Body, body: Body, surfaceId: string): void {
    const existing = this.surfaces.get(surfaceId);
    // A v0.8 renderer applies a repeated beginRendering; v0.9+ ones refuse a second createSurface.
    let surface = existing;
    if (surface?.started) {
      if (!surface.startsAgain(message, body.root)) return;
    } else {
      surface = this.surface(surfaceId, body.catalogId as string | undefined);
      surface.start(message, body.root);
    }
    this.sink(message, true);
    this.settle(surface, body);
    this.flush(false, surface);
  }

  #components(body: Body, surfaceId: string): void {
    const surface = this.surface(surfaceId);
    if (typeof body.root === 'string') surface.root = body.root;
    this.settle(surface, body);
    if (surface.started) this.flush(true, surface);
  }

  /**
   * Validates a complete message strictly, as the streaming core relaxes it: orphans, dangling
   * references and a missing root are allowed (they may be fine by the end of the response), and
   * components its surface found valid as they closed are not checked again.
   */
  #validate(message: Body, key: string | undefined, body: Body | undefined, context: MessageContext): void {
    // A start message whose header went out is checked against the catalog its surface took.
    const early = this.#isInlineStart(context) ? this.#inline.surfaceOf(context) : undefined;
    const surface = early ?? (typeof body?.surfaceId === 'string' ? this.surfaces.get(body.surfaceId) : undefined);
    const catalogs = (key === this.#spec.start && early === undefined) || !surface ? this.settings.catalogs.all : [surface.catalog];
    validateMessages(message, catalogs, {
      allowOrphans: true,
      allowDangling: true,
      allowMissingRoot: true,
      skipComponent: surface && catalogs.length === 1 ? (component) => surface.validity.isKnownValid(component) : undefined,
    });
  }
}
