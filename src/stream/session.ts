/**
 * The protocol state of one response: its surfaces, and what each complete message, closed
 * component and partial value means for them. Decides what to emit; the parser collects it.
 */
import type { ResolvedCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import type { JsonBlockReader } from '../json/block-reader.js';
import type { Frame } from '../json/builder.js';
import { shownCutLength } from '../json/heal.js';
import type { AllowCutString, Cut } from '../json/heal.js';
import type { VersionSpec } from '../protocol/versions.js';
import { streamListFields } from '../catalog/refs.js';
import type { A2uiIntegrityError } from '../errors.js';
import { heldBackError, notStartedError } from './held-back.js';
import { checkPlaceholderOption } from './placeholders.js';
import { limitError } from './limits.js';
import { componentTypeOf } from '../validate/component.js';
import type { WireComponent } from '../validate/graph.js';
import { validateLoneComponent } from '../validate/validate-messages.js';
import { checkMessage } from './message-check.js';
import type { BlockEvents, MessageContext, ProtocolHandler } from './block-events.js';
import { knownSurface, optionError } from './options.js';
import type { KnownSurface } from './options.js';
import { allowCutString } from './cut-strings.js';
import { Surface } from './surface.js';
import { ListGrowth, openChildList } from './list-growth.js';
import { RepeatedStarts } from './repeated-starts.js';
import { LookGate } from './look-gate.js';
import { Outbox } from './outbox.js';
import { Redefinitions } from './redefinition.js';
import type { SurfaceSettings } from './surface.js';
import { hasRequired, isEmptyObjectFrame, usable } from './usable.js';

type Body = Readonly<Record<string, unknown>>;

/** Settings of a session, derived from the parser options. */
export interface SessionSettings extends SurfaceSettings {
  readonly catalogs: ResolvedCatalogs;
  /** Stream components before they close (false: v1.0 without `partialComponents`). */
  readonly partialComponents: boolean;
  /** Most surfaces per response. */
  readonly maxSurfaces: number;
  /** Replaces the catalog's cuttable keys when set. */
  readonly cuttableKeys: ReadonlySet<string> | undefined;
}

export class Session implements ProtocolHandler {
  private readonly surfaces = new Map<string, Surface>();
  private readonly spec: VersionSpec;
  private readonly looks = new LookGate();
  private readonly lists = new ListGrowth();
  private readonly starts = new RepeatedStarts();
  private readonly redefinitions = new Redefinitions();
  /** Surfaces with a component put since their last snapshot. */
  private readonly changed = new Set<Surface>();
  /**
   * Surfaces looked up since the last {@link compact}: only they can have anything new to let go
   * of, so a response with many surfaces does not visit all of them after every block.
   */
  private sinceCompact = new Set<Surface>();
  /** Surfaces the last {@link compact} let go of: idle once a block closes without looking at them. */
  private compacted = new Set<Surface>();

  /** Messages a nested message began in: their data model went out before it (see {@link beforeNested}). */
  private readonly sealed = new WeakSet<MessageContext>();
  /** The cut every look of the current sniff takes (see {@link beforeNested}); else the reader's. */
  private forcedCut: Cut | undefined;
  /** Where messages go (nothing while seeding from history). */
  private readonly outbox: Outbox;

  constructor(
    private readonly settings: SessionSettings,
    sink: (message: Body, whole: boolean) => void,
    knownSurfaces: readonly (KnownSurface | string)[] = [],
    history: readonly Body[] = [],
  ) {
    this.spec = settings.spec;
    this.outbox = new Outbox(settings.spec, sink);
    checkPlaceholderOption(settings.placeholder);
    // `null`, a lone id or an object would otherwise crash, or (a string) name a surface per character.
    if (!Array.isArray(knownSurfaces)) throw optionError('knownSurfaces', 'a list of surface ids or {surfaceId, catalogId?, root?}', knownSurfaces);
    if (!Array.isArray(history)) throw optionError('history', 'a list of messages', history);
    for (const entry of knownSurfaces) {
      const known = knownSurface(entry);
      const surface = this.surface(known.surfaceId, known.catalogId);
      surface.started = true;
      surface.unknownTree = true;
      surface.root = known.root ?? surface.root ?? 'root';
    }
    if (history.length > 0) this.seed(history);
  }

  /**
   * Applies messages the client already applied, emitting nothing: each surface then holds what
   * the renderer holds, as if this session had sent it.
   */
  private seed(history: readonly Body[]): void {
    this.outbox.seeding = true;
    try {
      for (const [index, message] of history.entries()) {
        if (typeof message !== 'object' || message === null || Array.isArray(message)) {
          throw optionError(`history.${index}`, 'a message object', message);
        }
        const key = this.spec.messageKeys.find((name) => name in message);
        const body = key === undefined ? undefined : (message[key] as Body | undefined);
        if (key === undefined || typeof body !== 'object' || body === null || typeof body.surfaceId !== 'string') continue;
        const surfaceId = body.surfaceId;
        if (key === this.spec.start) this.start(message, body, surfaceId, true);
        else if (key === this.spec.components) this.components(body, surfaceId, true);
        else if (key === this.spec.dataModel) this.dataModel(message, body, surfaceId, {});
        else this.delete(message, surfaceId);
      }
      // What the history left waiting for a start message is not this response's to report.
      for (const surface of this.surfaces.values()) if (!surface.started) surface.fromHistory = true;
      this.flush(false);
      this.compact();
    } finally {
      this.outbox.seeding = false;
    }
  }

  onMessage(message: Body, context: MessageContext): void {
    const key = context.key;
    const body = key === undefined ? undefined : (message[key] as Body | undefined);
    if (this.settings.validate) this.validate(message, key, body);
    if (key === undefined || typeof body !== 'object' || body === null) {
      this.outbox.emit(message);
      return;
    }
    const surfaceId = body.surfaceId as string;
    if (key === this.spec.start) this.start(message, body, surfaceId);
    else if (key === this.spec.components) this.components(body, surfaceId);
    else if (key === this.spec.dataModel) {
      if (!this.sealed.has(context)) this.dataModel(message, body, surfaceId, context);
    } else this.delete(message, surfaceId);
  }

  onComponent(component: WireComponent, context: MessageContext): void {
    if (context.surfaceId === undefined) {
      context.early.push(component);
      return;
    }
    if (!usable(component, this.spec)) return;
    const surface = this.surface(context.surfaceId);
    if (this.spec.closedComponentsOnly && this.settings.validate) {
      // v1.0: a closed component that does not validate can never become valid. Its type check
      // (where it differs from a valid component of its type, else whole) is cached as a verdict.
      validateLoneComponent(component, surface.catalog, this.spec, surface.verdicts.isValid(surface.catalog, component));
    }
    this.put(surface, component);
  }

  onSurfaceId(context: MessageContext): void {
    const early = context.early.splice(0);
    for (const component of early) this.onComponent(component, context);
  }

  /**
   * Looks at the open message after a piece of block content: a partial component (healed, only
   * when usable) and a partial data model. Then emits the surfaces that changed.
   */
  sniff(reader: JsonBlockReader, events: BlockEvents, cut?: Cut): void {
    this.forcedCut = cut;
    this.openComponent(reader, events, false);
    this.openDataModels(reader, events);
    this.flush(false);
  }

  /**
   * Looks past the gates at what its block left open (closed, cut short or ended by a read error):
   * a child list (see {@link ListGrowth}) goes out with every child read, a data model with every entry.
   */
  lastLook(reader: JsonBlockReader, events: BlockEvents): void {
    this.openComponent(reader, events, true);
    this.forcedCut = reader.cut();
    this.openDataModels(reader, events);
    this.forcedCut = undefined;
    this.flush(false);
    this.redefinitions.clear();
  }

  /** The open data-model messages, as partials (but those sealed by a nested message). */
  private openDataModels(reader: JsonBlockReader, events: BlockEvents): void {
    for (const open of events.openMessages) {
      if (open.key === this.spec.dataModel && reader.frames.length > open.level && !this.sealed.has(open)) this.partialDataModel(reader, open);
    }
  }

  /** The open component of the open components message, if any (see {@link partialComponent}). */
  private openComponent(reader: JsonBlockReader, events: BlockEvents, last: boolean): void {
    const context = events.current;
    const frames = reader.frames;
    if (context?.surfaceId !== undefined && context.key === this.spec.components && this.settings.partialComponents) {
      const listLevel = events.componentListLevel(frames);
      if (listLevel !== undefined && frames.length > listLevel + 1) {
        this.partialComponent(reader, listLevel + 1, context.surfaceId, context.componentStart, last);
      }
    }
  }

  /**
   * A message begins nested in the open one (see {@link BlockEvents}): what the open messages hold
   * so far goes out first, looked at as they stand (nothing cut) whatever the look gate says.
   */
  beforeNested(reader: JsonBlockReader, events: BlockEvents): void {
    this.sniff(reader, events, { kind: 'none' });
    this.forcedCut = undefined;
    // Sent now: their data models, sent again when they complete, would undo the nested messages'.
    for (const open of events.openMessages) this.sealed.add(open);
  }

  private partialDataModel(reader: JsonBlockReader, context: MessageContext): void {
    const catalog = context.surfaceId === undefined ? this.settings.catalogs.default : this.surface(context.surfaceId).catalog;
    const allow = this.cutPolicy(reader.frames, catalog);
    const cut = this.dueCut(reader, context, context.start, allow);
    if (cut === undefined) return;
    const message = reader.heal(context.level, 'drop', allow, cut) as Body | undefined;
    const body = message?.[context.key as string] as Body | undefined;
    if (body && typeof body === 'object' && typeof body.surfaceId === 'string') {
      const updates = this.surface(body.surfaceId).dataModel.partial(body, context);
      for (const update of updates) this.outbox.emitDataModel(body, update);
    }
  }

  /**
   * Lets go of what no later message needs (see {@link Surface.compact} and {@link Surface.idle});
   * called between blocks.
   */
  compact(): void {
    for (const surface of this.compacted) if (!this.sinceCompact.has(surface)) surface.idle();
    for (const surface of this.sinceCompact) surface.compact(this.compacted.has(surface));
    this.compacted = this.sinceCompact;
    this.sinceCompact = new Set();
  }

  /**
   * The error to report when a block closes with components held back for children that have no
   * placeholder the catalog accepts (on the surfaces it looked at); `undefined` when none. Call
   * before {@link compact}.
   */
  heldBack(): A2uiIntegrityError | undefined {
    return heldBackError(this.sinceCompact);
  }

  /**
   * The error to report when the response ends with components of surfaces it never created
   * (held for a start message that did not come); `undefined` when none.
   */
  notStarted(): A2uiIntegrityError | undefined {
    return notStartedError(this.surfaces.values());
  }

  /** Forgets, on every surface, the changes that an error interrupted. */
  rollBack(): void {
    for (const surface of this.surfaces.values()) {
      surface.rollBack();
      this.redefinitions.forget(surface);
    }
  }

  /** Emits a snapshot for `only`, or for every surface with unsent changes. */
  flush(checkRoot: boolean, only?: Surface): void {
    if (only === undefined && this.changed.size === 0) return;
    for (const surface of only ? [only] : [...this.changed]) {
      this.changed.delete(surface);
      if (!surface.dirty && !checkRoot) continue;
      const components = surface.snapshot(checkRoot, this.spec.components, this.outbox.seeding);
      if (components) this.outbox.emitComponents(surface.id, components, !surface.unknownTree);
    }
  }

  private put(surface: Surface, component: WireComponent, listOpen = false, partial = false): void {
    this.redefinitions.put(surface, component.id as string, partial);
    surface.fromHistory = false;
    surface.put(component, listOpen);
    if (surface.dirty) this.changed.add(surface);
  }

  /**
   * @param start Characters read when the component opened.
   * @param last The block ended: look whatever the gates say.
   */
  private partialComponent(reader: JsonBlockReader, level: number, surfaceId: string, start: number, last: boolean): void {
    const frames = reader.frames;
    const frame = frames[level] as Frame;
    if (frame.isArray) return;
    const surface = this.surface(surfaceId);
    const allow = this.cutPolicy(frames, surface.catalog);
    const cut = last ? reader.cut() : this.dueCut(reader, frame, start, allow);
    // An object just opened would be healed empty, and a component with an empty object is not usable.
    if (cut === undefined || (cut.kind === 'none' && isEmptyObjectFrame(frames[frames.length - 1] as Frame))) return;
    const healed = reader.heal(level, 'strict', allow, cut) as WireComponent | undefined;
    if (!healed || !usable(healed, this.spec)) return;
    // A new definition of a component the surface (or, on a surface named only in `knownSurfaces`,
    // perhaps the renderer) holds waits for its object to close (no flicker).
    const held = surface.unknownTree || surface.components.has(healed.id as string);
    if (this.redefinitions.waits(surface, healed.id as string, held)) return;
    const type = componentTypeOf(surface.catalog, healed);
    if (!hasRequired(type)) return;
    const list = type === undefined ? undefined : openChildList(frames, level, streamListFields(type.def), this.spec);
    // A list gaining children is shown again at geometric growth only (see ListGrowth).
    if (list !== undefined && !last && !this.lists.due(list)) return;
    const listOpen = list !== undefined;
    // Most chunks leave the healed form as it was (a key or an uncuttable string being read).
    if (!surface.holds(healed, listOpen)) this.put(surface, healed, listOpen, true);
  }

  /**
   * Where the input stopped, when the open value `key` (opened at `start` characters) is due a
   * look (see {@link LookGate}); `undefined` when a look could show nothing new.
   */
  private dueCut(reader: JsonBlockReader, key: object, start: number, allow: AllowCutString): Cut | undefined {
    if (this.forcedCut) return this.forcedCut;
    const cut = reader.cut();
    return this.looks.due(key, reader.charsRead - start, reader.revision, shownCutLength(cut, allow)) ? cut : undefined;
  }

  private cutPolicy(frames: readonly Frame[], catalog: Catalog) {
    return allowCutString(frames, this.settings.cuttableKeys ?? catalog.cuttableKeys);
  }

  /** @param seeded From history: the surface's tree is known from here on. */
  private start(message: Body, body: Body, surfaceId: string, seeded = false): void {
    const existing = this.surfaces.get(surfaceId);
    if (seeded && existing) existing.unknownTree = false;
    if (existing?.started) {
      // v0.8 renderers apply a repeated beginRendering (see RepeatedStarts); v0.9+ ones refuse a
      // second createSurface for a live surface. One in history is what the renderer applied.
      if (this.spec.start === 'beginRendering' ? !this.starts.changes(existing, message) : !seeded) return;
      if (typeof body.root === 'string' && body.root !== existing.root) {
        existing.root = body.root;
        existing.dirty = true;
      }
      this.outbox.emit(message);
      this.settle(existing, body);
      this.flush(false, existing);
      return;
    }
    const surface = this.surface(surfaceId, body.catalogId as string | undefined);
    if (typeof body.root === 'string') surface.root = body.root;
    surface.root ??= 'root';
    surface.started = true;
    this.outbox.emit(message);
    if (this.spec.start === 'beginRendering') this.starts.record(surface, message);
    this.settle(surface, body);
    this.flush(false, surface);
  }

  /** @param seeded From history: the surface's tree is known from here on once it holds the root. */
  private components(body: Body, surfaceId: string, seeded = false): void {
    const surface = this.surface(surfaceId);
    if (typeof body.root === 'string') surface.root = body.root;
    this.settle(surface, body);
    // A surface named only in knownSurfaces: history's components are a part of its tree, until the root.
    if (seeded && surface.unknownTree && surface.components.has(surface.root as string)) surface.unknownTree = false;
    if (surface.started) this.flush(!seeded, surface);
  }

  /** Records every component of a complete message (v1.0 `createSurface` may carry some too). */
  private settle(surface: Surface, body: Body): void {
    if (!Array.isArray(body.components)) return;
    for (const component of body.components as unknown[]) {
      if (typeof component === 'object' && component !== null && typeof (component as WireComponent).id === 'string') {
        this.put(surface, component as WireComponent);
      }
    }
  }

  /** @param context Identifies the message across its partials. */
  private dataModel(message: Body, body: Body, surfaceId: string, context: object): void {
    const result = this.surface(surfaceId).dataModel.complete(body, context);
    if (result === 'message') this.outbox.emit(message);
    else for (const update of result) this.outbox.emitDataModel(body, update);
  }

  private delete(message: Body, surfaceId: string): void {
    const surface = this.surfaces.get(surfaceId);
    if (!surface?.started) return;
    this.surfaces.delete(surfaceId);
    this.changed.delete(surface);
    this.sinceCompact.delete(surface);
    this.compacted.delete(surface);
    this.outbox.emit(message);
  }

  private surface(id: string, catalogId?: string): Surface {
    let surface = this.surfaces.get(id);
    const catalog = (catalogId !== undefined ? this.settings.catalogs.byId(catalogId) : undefined) ?? this.settings.catalogs.default;
    if (!surface) {
      if (this.surfaces.size >= this.settings.maxSurfaces) throw limitError('maxSurfaces', this.settings.maxSurfaces);
      surface = new Surface(id, catalog, this.settings);
      this.surfaces.set(id, surface);
    } else if (catalogId !== undefined) {
      surface.catalog = catalog;
    }
    this.sinceCompact.add(surface);
    return surface;
  }

  private validate(message: Body, key: string | undefined, body: Body | undefined): void {
    const surface = typeof body?.surfaceId === 'string' ? this.surfaces.get(body.surfaceId) : undefined;
    checkMessage(message, key === this.spec.start || !surface ? this.settings.catalogs.all : [surface.catalog], surface);
  }
}
