/**
 * A reducer that applies A2UI messages the way a renderer following the spec does, independent of
 * the library's own state: it is the oracle the robustness tests compare streams against.
 *
 * - `createSurface` / `beginRendering` start a surface (root: `root` unless named), keeping its other
 *   members as the surface's settings; a v1.0 `createSurface` also upserts its `components` and
 *   sets its `dataModel`;
 * - `updateComponents` / `surfaceUpdate` upsert components by id;
 * - v0.9+ `updateDataModel` sets `value` at `path` (the root when absent; no `value` deletes);
 * - v0.8 `dataModelUpdate` merges its `contents` entries by key at `path`;
 * - `deleteSurface` removes the surface.
 */
import type { A2uiMessage, Part } from '../../src/types.js';

type Obj = Record<string, unknown>;

/** One surface as a renderer holds it. */
export interface SurfaceState {
  root: string;
  components: Map<string, Obj>;
  dataModel: unknown;
  /** The start message's other members (`catalogId`, `sendDataModel`, `metadata`, `styles`, …). */
  settings?: Obj;
}

/** Every surface of a response, by id. */
export type RenderState = Map<string, SurfaceState>;

/** What a user would see at the end: per surface, the components reachable from the root and the data model. */
export type FinalState = Record<string, { root: string; components: Record<string, unknown>; dataModel: unknown; settings?: Obj }>;

/** Keys whose string values (or string lists) name child components, in any version's basic catalog. */
const REFERENCE_KEYS = new Set(['child', 'children', 'explicitList', 'componentId', 'trigger', 'content', 'entryPointChild', 'contentChild']);

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `obj[key]` as an own property, even for `__proto__`. */
function setOwn(obj: Obj, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function pointerSegments(path: unknown): string[] {
  if (typeof path !== 'string' || path === '' || path === '/') return [];
  return path
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `root` with `value` set (or deleted when `undefined`) at `segments`, copying along the path. */
function setPath(root: unknown, segments: readonly string[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [key, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(root) && /^\d+$/.test(key)) {
    const copy = root.slice();
    copy[Number(key)] = setPath(root[Number(key)], rest, value);
    return copy;
  }
  const copy: Obj = {};
  if (isObject(root)) for (const k of Object.keys(root)) setOwn(copy, k, root[k]);
  const child = Object.hasOwn(copy, key) ? copy[key] : undefined;
  const next = setPath(child, rest, value);
  if (next === undefined) delete copy[key];
  else setOwn(copy, key, next);
  return copy;
}

function getPath(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const key of segments) node = isObject(node) || Array.isArray(node) ? (Object.hasOwn(node, key) ? (node as Obj)[key] : undefined) : undefined;
  return node;
}

/** The value a v0.8 data entry carries (`valueMap`s become objects). */
function entryValue(entry: Obj): unknown {
  for (const key of ['valueString', 'valueNumber', 'valueBoolean', 'value']) if (Object.hasOwn(entry, key)) return entry[key];
  if (Array.isArray(entry.valueMap)) {
    const out: Obj = {};
    for (const item of entry.valueMap) if (isObject(item) && typeof item.key === 'string') setOwn(out, item.key, entryValue(item));
    return out;
  }
  return undefined;
}

function surfaceOf(state: RenderState, id: string): SurfaceState {
  let surface = state.get(id);
  if (!surface) {
    surface = { root: 'root', components: new Map(), dataModel: undefined };
    state.set(id, surface);
  }
  return surface;
}

/** Applies `messages` to `state` in order (mutating it) and returns it. */
export function applyMessages(state: RenderState, messages: readonly A2uiMessage[]): RenderState {
  for (const message of messages) {
    const key = Object.keys(message).find((k) => k !== 'version');
    const body = key === undefined ? undefined : message[key];
    if (key === undefined || !isObject(body) || typeof body.surfaceId !== 'string') continue;
    const id = body.surfaceId;
    switch (key) {
      case 'createSurface':
      case 'beginRendering': {
        const surface = surfaceOf(state, id);
        surface.root = typeof body.root === 'string' ? body.root : 'root';
        const { surfaceId: _id, root: _root, components, dataModel, ...settings } = body;
        if (Object.keys(settings).length > 0) surface.settings = settings;
        for (const c of Array.isArray(components) ? components : []) {
          if (isObject(c) && typeof c.id === 'string') surface.components.set(c.id, c);
        }
        if (dataModel !== undefined) surface.dataModel = dataModel;
        break;
      }
      case 'updateComponents':
      case 'surfaceUpdate': {
        const surface = surfaceOf(state, id);
        if (typeof body.root === 'string') surface.root = body.root;
        for (const c of Array.isArray(body.components) ? body.components : []) {
          if (isObject(c) && typeof c.id === 'string') surface.components.set(c.id, c);
        }
        break;
      }
      case 'updateDataModel': {
        const surface = surfaceOf(state, id);
        surface.dataModel = setPath(surface.dataModel, pointerSegments(body.path), body.value);
        break;
      }
      case 'dataModelUpdate': {
        const surface = surfaceOf(state, id);
        const segments = pointerSegments(body.path);
        let target = getPath(surface.dataModel, segments);
        for (const entry of Array.isArray(body.contents) ? body.contents : []) {
          if (!isObject(entry) || typeof entry.key !== 'string') continue;
          target = setPath(isObject(target) ? target : {}, [entry.key], entryValue(entry));
        }
        if (target !== undefined) surface.dataModel = setPath(surface.dataModel, segments, target);
        break;
      }
      case 'deleteSurface':
        state.delete(id);
        break;
    }
  }
  return state;
}

/** Applies every `a2ui` part of `parts` to `state`. */
export function applyParts(state: RenderState, parts: readonly Part[]): RenderState {
  for (const part of parts) if (part.type === 'a2ui') applyMessages(state, part.messages);
  return state;
}

/** Child ids a component names, under any of the basic catalogs' reference properties. */
export function referencesOf(value: unknown, out: string[] = [], underRef = false): string[] {
  if (typeof value === 'string') {
    if (underRef) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) referencesOf(item, out, underRef);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id') continue;
      referencesOf(item, out, REFERENCE_KEYS.has(key) || (underRef && key === 'explicitList'));
    }
  }
  return out;
}

/**
 * The final state: per surface, the components reachable from its root (so `loading_*`
 * placeholders no longer referenced drop out), and its data model; with `settings`, also the
 * start message's other members (`sendDataModel`, `metadata`, …).
 */
export function finalState(state: RenderState, settings = false): FinalState {
  const out: FinalState = {};
  for (const [id, surface] of [...state].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const reachable: Record<string, unknown> = {};
    const visit = (componentId: string): void => {
      const component = surface.components.get(componentId);
      if (component === undefined || Object.hasOwn(reachable, componentId)) return;
      setOwn(reachable, componentId, component);
      for (const ref of referencesOf(component)) visit(ref);
    };
    visit(surface.root);
    setOwn(out as Obj, id, {
      root: surface.root,
      components: reachable,
      dataModel: surface.dataModel,
      ...(settings && surface.settings ? { settings: surface.settings } : {}),
    });
  }
  return out;
}
