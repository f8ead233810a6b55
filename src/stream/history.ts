/**
 * Surfaces from earlier turns, set up before the response is read. `knownSurfaces` names them: the
 * renderer holds a tree the parser does not know (`Surface.know`). `history` holds the messages the
 * client applied: each seeds its surface as if this parser had sent it, through the same surface
 * operations as a response, with nothing emitted (the session's sink is not attached yet), nothing
 * validated (the client accepted it) and every snapshot taken with `SEEDING_GATES` (`readiness.ts`) (the
 * renderer holds those components as they are). Seeding costs about as much as parsing the messages.
 */
import { isJsonObject } from '../json/is-object.js';
import type { A2uiMessage } from '../types.js';
import { deepPathError, MAX_POINTER_DEPTH } from '../validate/data-path.js';
import type { WireComponent } from '../validate/graph.js';
import { dataModelOf } from './inline-start.js';
import { knownSurface, optionError, type KnownSurface } from './options.js';
import type { Body } from './reader.js';
import type { Session } from './session.js';
import type { Surface } from './surface.js';

/**
 * Seeds `session`'s surfaces from the `knownSurfaces` and `history` options. A `history` message
 * nested deeper than `maxDepth` (the parser's option), or setting a data path deeper than
 * `MAX_POINTER_DEPTH`, is refused as a response's would be (client-sent history is input too: it
 * overflowed the stack).
 */
export function seedSurfaces(
  session: Session,
  knownSurfaces: readonly (KnownSurface | string)[] = [],
  history: readonly A2uiMessage[] = [],
  maxDepth = Number.POSITIVE_INFINITY,
): void {
  // `null`, a lone id or an object would otherwise crash, or (a string) name a surface per character.
  if (!Array.isArray(knownSurfaces)) throw optionError('knownSurfaces', 'a list of surface ids or {surfaceId, catalogId?, root?}', knownSurfaces);
  if (!Array.isArray(history)) throw optionError('history', 'a list of messages', history);
  for (const entry of knownSurfaces) {
    const known = knownSurface(entry);
    session.surface(known.surfaceId, known.catalogId === undefined ? undefined : known).know(known.root);
  }
  if (history.length === 0) return;
  // What the limits left out before (an earlier response's): only what history's trees lose counts.
  const leftOut = new Map<Surface, number>();
  for (const surface of session.surfaces.values()) leftOut.set(surface, surface.leftOut);
  const spec = session.wire.spec;
  for (const [index, message] of history.entries()) {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      throw optionError(`history.${index}`, 'a message object', message);
    }
    if (nestsDeeper(message, maxDepth)) throw optionError(`history.${index}`, `a message nested at most ${maxDepth} deep (maxDepth)`, '(deeper)');
    const key = spec.messageKeys.find((name) => name in message);
    const body = key === undefined ? undefined : (message[key] as Body | undefined);
    if (key === undefined || typeof body !== 'object' || body === null || typeof body.surfaceId !== 'string') continue;
    if (key === spec.dataModel && deepPathError(body, index) !== undefined) {
      throw optionError(`history.${index}`, `a data path of at most ${MAX_POINTER_DEPTH} segments`, body.path);
    }
    if (key === spec.start) seedStart(session, message, body, body.surfaceId);
    else if (key === spec.components) seedComponents(session, body, body.surfaceId);
    else if (key === spec.dataModel) session.surface(body.surfaceId).dataModel.complete(message, body, {});
    else if (session.surfaces.get(body.surfaceId) !== undefined) session.delete(message, body.surfaceId);
  }
  // What the history left unstarted is not the response's to report; a tree the limits cut is one the parser does not know.
  for (const surface of session.surfaces.values()) surface.seeded(surface.leftOut > (leftOut.get(surface) ?? 0));
  session.seedSnapshots();
  session.surfaces.release(0);
  for (const surface of session.surfaces.values()) surface.endSeeding();
}

/** A start message the renderer applied: the surface's tree is known from here on, a repeat sets its root. */
function seedStart(session: Session, message: A2uiMessage, body: Body, surfaceId: string): void {
  let surface = session.surfaces.get(surfaceId);
  surface?.treeKnown();
  if (surface?.started) {
    if (surface.wire.startRepeats) {
      if (!surface.startsAgain(message, body.root)) return;
    } else {
      surface.setRoot(body.root);
    }
  } else {
    surface = session.surface(surfaceId, body);
    surface.start(message, body.root);
  }
  session.settle(surface, seedingBody(surface, body));
  // A v1.0 start message may carry the surface's data model too.
  const model = dataModelOf(body, session.wire);
  if (model !== undefined) surface.dataModel.complete(model.message, model.body, {});
  session.seedSnapshots(surface);
}

/** Components the renderer holds; on a surface whose tree was unknown, they make it known once they hold its root. */
function seedComponents(session: Session, body: Body, surfaceId: string): void {
  const surface = session.surface(surfaceId);
  if (typeof body.root === 'string') surface.nameRoot(body.root);
  session.settle(surface, seedingBody(surface, body));
  if (surface.forms.has(surface.root as string)) surface.treeKnown();
  if (surface.started) session.seedSnapshots(surface);
}

/** `body` with the components `surface` holds of it (`Surface.seedingForms`). */
function seedingBody(surface: Surface, body: Body): Body {
  if (!Array.isArray(body.components)) return body;
  const isComponent = (component: unknown): component is WireComponent => isJsonObject(component) && typeof component.id === 'string';
  // What is no component object `settle` skips anyway.
  return { ...body, components: surface.seedingForms((body.components as unknown[]).filter(isComponent)) };
}

/** Whether `value` holds objects or arrays nested more than `max` deep (itself at depth 1), walked without recursion, each object once. */
function nestsDeeper(value: unknown, max: number): boolean {
  if (max === Number.POSITIVE_INFINITY) return false;
  const seen = new Set<object>();
  const stack: [unknown, number][] = [[value, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, depth] = top;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    if (depth > max) return true;
    seen.add(node);
    for (const item of Array.isArray(node) ? node : Object.values(node)) if (typeof item === 'object' && item !== null) stack.push([item, depth + 1]);
  }
  return false;
}
