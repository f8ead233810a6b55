/**
 * When a component may go out: every gate, listed here, and decided here but where noted.
 *
 * A component still being read (a partial) is handed over by its reader only when
 * 1. a look at it is due (the JSON reader's `open-values.ts`: something it could show arrived;
 *    with delta snapshots a cut string already shown counts once it grew by 64 characters or by
 *    half of what is shown, whichever is more, `grewEnough`);
 * 2. a string the chunk cut may be shown as it stands (`open-values.ts`'s `allowCutString`), and
 *    the input does not stop inside its `action` (an action goes out whole: `open-values.ts`);
 * and it is put on its surface ({@link partialToPut}) only when
 * 3. it has an id, a type its catalog has (with validation), no empty object, and its type's
 *    required properties ({@link usable}, {@link hasRequired}); it does not name itself (its close reports that); a template child
 *    list in it is not cut before its `componentId` ({@link halfTemplate});
 * 4. it is not a new definition of a component the surface holds closed: that waits for its object
 *    to close (no flicker; `Surface.redefinitionWaits`);
 * 5. a child list still streaming in it lists a child the surface holds, or has tripled (by four
 *    at least) since it was last put ({@link ListGrowth}: output stays linear in the list);
 * 6. it differs from what the surface holds;
 * 7. its message streams components: v1.0 only with `partialComponents`, a v1.0 start only once
 *    its header went out (`inline-start.ts`).
 *
 * A closed component is put when it has an id and a type ({@link usable}; an empty object it holds
 * is as written) and, with validation, it is valid alone with the catalog it resolves to
 * ({@link closedComponentError}) and completes no edge a composition constraint forbids
 * (`Surface.misplaced`): else it is left out and reported, and its placeholder stands in; a v1.0
 * start's components wait for its header (`inline-start.ts`).
 *
 * A component the surface holds (closed or partial) goes out in a snapshot when
 * 8. the surface started (its start message went out) and its root is known (`Surface.snapshot`);
 * 9. it is reachable from the root (on a surface whose tree the renderer holds but the parser does
 *    not know, every component counts, and its references stay as they are);
 * 10. each child it names that has not arrived has a placeholder the catalog accepts
 *    ({@link Gates.placeable}); otherwise delta snapshots hold the parent back and full snapshots
 *    the whole snapshot, until the child arrives ({@link waitingError} says so when a block closes);
 *    and (delta) each child it names that is held back itself is one the client holds already
 *    (sent, or its placeholder was), or the parent waits with it: no reference ever names an id
 *    the client does not hold;
 * 11. its form, and every placeholder it needs, is valid in the catalog it resolves to ({@link Gates.valid});
 * 12. it differs from what was last sent under its id (`ClientForms.isSent`);
 * 13. (delta, after a piece of input) the snapshot does not only lengthen what the client shows
 *    ({@link onlyGrowsShown}): such a snapshot waits for the next one, `GROWTH_WAIT` characters at most.
 * The snapshot modes apply 10–13 with the {@link Gates} each snapshot is taken with
 * ({@link liveGates}, or history's {@link SEEDING_GATES}).
 */
import type { ComponentType } from '../validate/component.js';
import { componentTypeOf } from '../validate/component.js';
import type { WireComponent } from '../validate/graph.js';
import { forEachStreamReference, streamListFields } from '../catalog/refs.js';
import { A2uiError, A2uiIntegrityError, A2uiLimitError, type A2uiErrorDetail } from '../errors.js';
import { validateLoneComponent, type ComponentPlace } from '../validate/validate-messages.js';
import { isJsonObject } from '../json/is-object.js';
import { onlyGrew } from './json-values.js';
import type { PartialComponent } from './reader.js';
import type { Gates } from './snapshots.js';
import type { Surface } from './surface.js';
import type { Wire } from './wire.js';

/** Rules 10 and 11 for `surface`'s snapshots: its catalog, and the placeholders it accepts. */
export function liveGates(surface: Surface): Gates {
  const gates: Gates = {
    valid: (form) => surface.judge.isValid(form),
    placeable: (id) => {
      const placeholder = surface.placeholders.get(id);
      return placeholder !== undefined && gates.valid(placeholder);
    },
    placeholders: true,
  };
  return gates;
}

/**
 * The gates while `history` seeds a surface: the renderer holds these components as they are,
 * valid or not, so every form counts as valid and no parent waits (delta makes no placeholders).
 */
export const SEEDING_GATES: Gates = { valid: () => true, placeable: () => true, placeholders: false };

/**
 * Rules 3–6 for `partial`, a component still being read; `undefined`: not put, `'drop'`: not put,
 * and a partial of it held goes; else whether a child list is open.
 */
export function partialToPut(surface: Surface, partial: PartialComponent, lists: ListGrowth): boolean | 'drop' | undefined {
  const { component: healed, last } = partial;
  if (!usable(healed, surface.wire, false)) return undefined;
  if (surface.redefinitionWaits(healed.id as string)) return undefined;
  const type = componentTypeOf(surface.judge.catalogOf(healed), healed);
  // A type its catalog lacks never shows (its close is left out): held, it would hold its parents back.
  if (type?.def === undefined && !surface.judge.isValid(healed)) return undefined;
  // Nor does an invalid form at the block's last look (nothing more can make it valid): a partial
  // of it held goes, as its close would have been left out, and its parents show its placeholder.
  if (last && !surface.judge.isValid(healed)) return 'drop';
  // A partial naming itself waits for its close, which reports it (a block's end puts it, and fails).
  if (!last && namesItself(type, healed.id)) return undefined;
  if (!hasRequired(type)) return undefined;
  const listFields = type === undefined ? undefined : streamListFields(type.def);
  if (listFields !== undefined && halfTemplate(type?.props, listFields)) return undefined;
  const list = listFields === undefined ? undefined : partial.openList(listFields);
  // At the end of its block a component goes out with every child read.
  // A child the surface holds shows as the list names it (not the component itself: naming itself is no child's paint).
  const holds = (id: string) => id !== healed.id && surface.forms.has(id);
  if (list !== undefined && !last && !lists.due(list, holds)) return undefined;
  const listOpen = list !== undefined;
  return surface.unchanged(healed, listOpen) ? undefined : listOpen;
}

/** Whether a component of type `type` (read with the catalog it is read with) refers to its own `id` (`forEachReference`'s rule). */
function namesItself(type: ComponentType | undefined, id: unknown): boolean {
  if (type === undefined || !isJsonObject(type.props)) return false;
  let found = false;
  forEachStreamReference(type.def, type.props, (ref) => {
    if (ref === id) found = true;
  });
  return found;
}

/**
 * Rule 3: a component may be put: it has an id and a type, and, still being read (not `closed`),
 * no empty object anywhere (a cut object heals empty; a closed one may hold `{}` as written).
 */
export function usable(component: WireComponent, wire: Wire, closed: boolean): boolean {
  if (typeof component.id !== 'string' || component.id === '') return false;
  return wire.hasType(component) && (closed || !hasEmptyObject(component));
}

/**
 * Rule 3b, then the composition of the edges it completes: the error of a closed component judged
 * alone (its catalog, resolved strictly in the current v1.0 dialect; its catalog type, functions,
 * paths, limits, self-reference; its type check is the surface's cached verdict), `undefined` when
 * it may be put; an invalid one is left out (validation as a filter). `place` names `surface` (its
 * `surfaceId`), for the details. `limitsChecked` gets it once its limits passed (its message's
 * check does not walk it again).
 */
export function closedError(surface: Surface, component: WireComponent, place: ComponentPlace, limitsChecked: Set<unknown>): A2uiError | undefined {
  const error = closedComponentError(surface, component, place);
  if (error !== undefined) return error;
  limitsChecked.add(component);
  return surface.judge.misplaced(component);
}

function closedComponentError(surface: Surface, component: WireComponent, place: ComponentPlace): A2uiError | undefined {
  try {
    const { main, scope } = surface.catalogs;
    // The current dialect resolves each component's catalog (an error when none), as validateMessages does.
    const catalog = scope === undefined ? main : undefined;
    validateLoneComponent(component, catalog, surface.wire.spec, surface.judge.isValid(component), place, scope);
    return undefined;
  } catch (error) {
    if (!(error instanceof A2uiError) || error instanceof A2uiLimitError) throw error;
    return error;
  }
}

/**
 * Rule 3c: a template child list cut before its `componentId` (v0.9 `{path, componentId}`, v0.8
 * `{template: {dataBinding, componentId}}`) is not yet a reference: read as one, its path would
 * name a child (and, without validation, a stand-in named after the path would go out).
 */
export function halfTemplate(props: unknown, listFields: readonly string[]): boolean {
  if (!isJsonObject(props)) return false;
  for (const field of listFields) {
    let value = props[field];
    if (isJsonObject(value) && isJsonObject(value.template)) value = value.template;
    if (isJsonObject(value) && !('explicitList' in value) && typeof value.componentId !== 'string') return true;
  }
  return false;
}

/** Rule 3 for partials: the catalog's required properties are all present. */
function hasRequired(type: ComponentType | undefined): boolean {
  if (!type?.def || typeof type.props !== 'object' || type.props === null) return true;
  for (const name of type.def.required) if (!(name in type.props)) return false;
  return true;
}

function hasEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasEmptyObject);
  let empty = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasEmptyObject((value as Record<string, unknown>)[key])) return true;
    empty = false;
  }
  return empty;
}

/**
 * Rule 5: a component whose child list is still streaming is put again when a child the surface
 * holds is listed (its first paint: the parent makes it reachable), and otherwise once it has its
 * first child and then each time the list has tripled, by four at least, since the form last put
 * (what the new ids show then is placeholders). Re-sending the parent for every child would cost
 * the list's length squared in bytes out (delta snapshots re-send a changed component whole);
 * tripling costs about one and a half times its final size. A child arriving after the list is unaffected: the list's close puts the parent
 * with every child, and a child shows as soon as it closes.
 */
export class ListGrowth {
  /** Per open list (the reader's array of its items so far: one per open list), the children last put and how many were looked at. */
  readonly #lists = new WeakMap<readonly unknown[], { shown: number; scanned: number }>();

  /**
   * Whether the component whose open child list holds `items` (the children read so far, the same
   * array while the list is open) is due to be put again; `holds` tells a child the surface holds.
   * Each child is looked at once.
   */
  due(items: readonly unknown[], holds: (id: string) => boolean): boolean {
    const count = items.length;
    const last = this.#lists.get(items);
    if (last === undefined) {
      this.#lists.set(items, { shown: count, scanned: count });
      return true;
    }
    let due = last.shown === 0 ? count > 0 : count >= Math.max(last.shown + 4, last.shown * 3);
    for (; !due && last.scanned < count; last.scanned++) {
      const item = items[last.scanned];
      due = typeof item === 'string' && holds(item);
    }
    if (!due) return false;
    last.shown = count;
    last.scanned = count;
    return true;
  }
}

/**
 * Rule 13: whether the snapshot `out` only lengthens what the client shows: every form extends the
 * form sent under its id (longer strings or lists, `onlyGrew`) or is a placeholder. A first paint
 * never does (the form last sent under its id was a placeholder, or none).
 */
export function onlyGrowsShown(surface: Surface, out: readonly WireComponent[]): boolean {
  const placeholders = surface.placeholders;
  for (const form of out) {
    if (placeholders.isPlaceholder(form)) continue;
    const sent = surface.sent.get(form.id as string);
    if (sent === undefined || placeholders.isPlaceholder(sent) || !onlyGrew(sent, form)) return false;
  }
  return true;
}

/** Children a waiting parent's error names at most: a list of ids never defined may be long. */
const MAX_NAMED = 10;

function named(refs: readonly string[]): string {
  return refs.map((ref) => `'${ref}'`).join(', ');
}

/**
 * The error naming each parent of `surfaces` still waiting for a child (rule 9) for `reason`: the
 * catalog accepts no placeholder (said when a block closes), or the output budget has no room for
 * them (said when the response ends, when all its room was looked at); `undefined` when none.
 */
export function waitingError(surfaces: Iterable<Surface>, reason: 'catalog' | 'budget'): A2uiIntegrityError | undefined {
  const details: A2uiErrorDetail[] = [];
  for (const surface of surfaces) {
    for (const [id, refs, why] of surface.waiting()) {
      if ((why === 'budget') !== (reason === 'budget')) continue;
      const children = refs.length > MAX_NAMED ? `${named(refs.slice(0, MAX_NAMED))} and ${refs.length - MAX_NAMED} more` : named(refs);
      const because =
        why === 'budget' ? 'the output budget (outputBytesPerChar) has no room for their placeholders' : 'the catalog accepts no placeholder for them';
      details.push({
        path: `${surface.id}.${id}`,
        code: 'missing_child',
        message: `Component '${id}' of surface '${surface.id}' is held back: it refers to ${children}, not arrived, and ${because}`,
      });
    }
  }
  return combined(details, 'they are sent when what they wait for arrives');
}

/** The error naming each surface of `surfaces` holding components but never started (rule 7); `undefined` when none. */
export function notStartedError(surfaces: Iterable<Surface>): A2uiIntegrityError | undefined {
  const details: A2uiErrorDetail[] = [];
  for (const surface of surfaces) {
    if (surface.state !== 'unstarted' || surface.componentCount === 0) continue;
    details.push({
      path: surface.id,
      code: 'surface_not_started',
      message: `Components of surface '${surface.id}' were not sent: the surface was not created in this response`,
    });
  }
  return combined(details, EARLIER_TURN);
}

const EARLIER_TURN = 'for a surface from an earlier turn, pass history or knownSurfaces';

/**
 * The `deleteSurface` messages of surfaces a response does not know (nothing is sent for them):
 * named in one error when it ends, as components of such a surface are ({@link notStartedError}):
 * the first, and a count.
 */
export class UnknownDeletes {
  #first: A2uiErrorDetail | undefined;
  #count = 0;

  /** A delete (`key`, the protocol's delete message) of surface `surfaceId`. */
  note(key: string, surfaceId: string): void {
    this.#first ??= {
      path: surfaceId,
      code: 'surface_not_started',
      message: `${key} of surface '${surfaceId}' was not sent: the surface was not created in this response`,
    };
    this.#count++;
  }

  /** The error naming them, if any; then none is noted. */
  take(): A2uiIntegrityError | undefined {
    const error = this.#first === undefined ? undefined : combined([this.#first], EARLIER_TURN, this.#count);
    this.#first = undefined;
    this.#count = 0;
    return error;
  }
}

/** One error of `details` (`count` of them, when only some are listed), the first's message and `advice`. */
function combined(details: A2uiErrorDetail[], advice: string, count = details.length): A2uiIntegrityError | undefined {
  if (details.length === 0) return undefined;
  const more = count > 1 ? ` (and ${count - 1} more)` : '';
  return new A2uiIntegrityError(`${(details[0] as A2uiErrorDetail).message}${more}; ${advice}`, { details });
}
