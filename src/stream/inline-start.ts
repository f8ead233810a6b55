/**
 * v1.0 surfaces written inside their start message: a `createSurface` carrying the surface's first
 * `components` and its `dataModel` streams as the same surface written as separate messages.
 *
 * The emitted form: once the body has its `surfaceId` and `catalogId` and its `components` or
 * `dataModel` has begun, a `createSurface` goes out holding every other member read so far (the
 * header); the components then go out as `updateComponents` snapshots and the data model as
 * `updateDataModel` updates (the first at `/`, a whole initial model), with the placeholders,
 * validation and no-flicker rules of the split form. Each is a message a v1.0 renderer applies in
 * order: the surface exists before anything updates it. A member that comes after the content
 * (`sendDataModel`, `metadata`) can only be set by `createSurface`, which a renderer refuses for
 * a surface it has: when the message completes with such a member the header did not hold, the
 * surface is made again: `deleteSurface`, the whole header, the components as sent, the data model
 * (nothing the model wrote is lost; the renderer rebuilds the surface once). `sendDataModel: false`
 * is the default and needs nothing. A start message for a surface already started is refused
 * whole, content included, as a renderer refuses it, and reported (`IntegrityError`). A start without `catalogId` (v1.0 allows it:
 * the default catalog) cannot tell whether one follows the content, so its content goes out when
 * the message completes, as before; models write `catalogId` before `components`.
 */
import type { A2uiError } from '../errors.js';
import { surfaceExistsError } from './message-check.js';
import type { Body, MessageContext } from './reader.js';
import type { Surface } from './surface.js';
import type { SnapshotOptions } from './surface-settings.js';
import type { Surfaces } from './surfaces.js';
import type { Wire } from './wire.js';

/** What inline starts need of the session. */
export interface InlineHost {
  readonly wire: Wire;
  /** The surfaces by id. */
  readonly surfaces: Pick<Surfaces, 'started'>;
  /** The surface `id`, made on first use; a `start` body's `catalogId` sets its catalogs. */
  surface(id: string, start?: { readonly catalogId?: unknown }): Surface;
  /** Emits `message` whole. */
  emit(message: Body): void;
  /** Reports an error that does not stop the block. */
  report(error: A2uiError): void;
  /** Emits data-model `messages` for `surface`, counting again the templates bound where they change data. */
  emitData(surface: Surface, messages: readonly Body[]): void;
  /** Whether `message`, a start message on its own, validates. */
  validStart(message: Body): boolean;
  /** Hands over again the components of `context` that closed before they could be put. */
  releaseEarly(context: MessageContext): void;
  /** Records every component of a complete body but those `rejected` as they closed. */
  settle(surface: Surface, body: Body, rejected?: ReadonlySet<unknown>): void;
  /** Emits a snapshot of `surface` if it changed. */
  send(surface: Surface, options?: SnapshotOptions): void;
}

/** What the session keeps of a message that inline starts read. */
interface StartMessage {
  /** A message began nested in it: its data model went out before the nested one's. */
  readonly sealed: boolean;
  /** Its components found invalid as they closed. */
  readonly rejected: ReadonlySet<unknown> | undefined;
}

/** Where a start message with content stands. */
interface InlineStart {
  /** Its `dataModel` began (what a look at the open message heals for). */
  dataModel: boolean;
  /** The header sent before the message completed, and the surface it started. */
  header?: Body;
  surface?: Surface;
  /** It names a surface already started: refused with its content. */
  refused: boolean;
}

/** The members of a start body that are content, not header. */
const CONTENT = new Set(['components', 'dataModel']);

/** The start body `body` without its content. */
function headerOf(body: Body): Body {
  const header: Record<string, unknown> = {};
  for (const key of Object.keys(body)) if (!CONTENT.has(key)) header[key] = body[key];
  return header;
}

export class InlineStarts {
  readonly #starts = new WeakMap<MessageContext, InlineStart>();
  readonly #session: InlineHost;

  constructor(session: InlineHost) {
    this.#session = session;
  }

  /** A member of a start body opened or completed (see `BlockHandler.onBodyMember`). */
  member(context: MessageContext, key: string, body: Body, opened: boolean): void {
    let start = this.#starts.get(context);
    if (start === undefined) {
      if (!opened || !CONTENT.has(key)) return;
      start = { dataModel: false, refused: false };
      this.#starts.set(context, start);
    }
    if (key === 'dataModel') start.dataModel = true;
    if (start.header === undefined && !start.refused) this.#startEarly(context, start, body);
  }

  /** What happens to a component of `context` that closed: put now, kept until the start goes out, or dropped. */
  fate(context: MessageContext): 'put' | 'wait' | 'drop' {
    const start = this.#starts.get(context);
    if (start === undefined) return 'wait';
    return start.refused ? 'drop' : start.surface ? 'put' : 'wait';
  }

  /** The surface the open content of start message `context` streams into; `undefined` until its header went out. */
  surfaceOf(context: MessageContext): Surface | undefined {
    return this.#starts.get(context)?.surface;
  }

  /** Whether start message `context` streams a data model into its surface (its header went out, its `dataModel` began). */
  streamsDataModel(context: MessageContext): boolean {
    const start = this.#starts.get(context);
    return start?.surface !== undefined && start.dataModel;
  }

  /** The start message `message` (`body`) completed: the header if it did not go out, its content, a remake for late members. */
  complete(message: Body, body: Body, surfaceId: string, context: MessageContext, state: StartMessage): void {
    const session = this.#session;
    const start = this.#starts.get(context);
    const header = headerOf(body);
    let surface = start?.surface;
    let remade = false;
    if (start?.refused || (surface === undefined && session.surfaces.started(surfaceId))) {
      session.report(surfaceExistsError(session.wire.spec.start, surfaceId, context.index, context.offset));
      return;
    }
    if (surface === undefined) {
      surface = session.surface(surfaceId, body);
      surface.start(message, undefined);
      // Without content the message goes out as it is; with, its header (the content follows as updates).
      session.emit(start === undefined ? message : this.#startMessage(header));
    } else if (this.#late(start?.header as Body, header)) {
      const whole = this.#startMessage(header);
      // A late member that does not validate was reported; the surface stands as it was made.
      if (session.validStart(whole)) {
        this.#remake(surface, whole);
        remade = true;
      }
    }
    session.settle(surface, body, state.rejected);
    session.send(surface);
    const model = dataModelOf(body, session.wire);
    // A sealed message's data model went out before the nested one's; a remake forgot it.
    if (model && (!state.sealed || remade)) session.emitData(surface, surface.dataModel.complete(model.message, model.body, context));
  }

  /** Whether `header` has a member `sent` did not (but the default `sendDataModel: false`). */
  #late(sent: Body, header: Body): boolean {
    return Object.keys(header).some((key) => !(key in sent) && !(key === 'sendDataModel' && header[key] === false));
  }

  /** The start message holding `header`, as the version writes it. */
  #startMessage(header: Body): Body {
    const { wire } = this.#session;
    return wire.message(wire.spec.start, header);
  }

  /** The renderer holds the surface without members only `createSurface` sets: it is made again with them (`start`). */
  #remake(surface: Surface, start: Body): void {
    const { wire } = this.#session;
    this.#session.emit(wire.message(wire.spec.delete, { surfaceId: surface.id }));
    this.#session.emit(start);
    surface.resendAll();
  }

  /** Sends the header now if the body names its surface and catalog (valid as a start message of its own). */
  #startEarly(context: MessageContext, start: InlineStart, body: Body): void {
    const session = this.#session;
    const { surfaceId, catalogId } = body;
    if (typeof surfaceId !== 'string' || typeof catalogId !== 'string') return;
    if (session.surfaces.started(surfaceId)) {
      start.refused = true;
      return;
    }
    const header = headerOf(body);
    const message = this.#startMessage(header);
    if (!session.validStart(message)) return;
    const surface = session.surface(surfaceId, body);
    surface.start(message, undefined);
    start.header = header;
    start.surface = surface;
    session.emit(message);
    // Components that closed while the header could not go out yet.
    session.releaseEarly(context);
    session.send(surface);
  }
}

/** The data model a start body carries, as an `updateDataModel` at `/` (what the data-model code reads); `undefined` when none. */
export function dataModelOf(body: Body, wire: Wire): { message: Body; body: Body } | undefined {
  const value = body.dataModel;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const update = { surfaceId: body.surfaceId, value };
  return { message: wire.message(wire.spec.dataModel, update), body: update };
}
