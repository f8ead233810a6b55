import type { A2uiMessage } from '../index.js';
import { canFold, fold, OwnedValues } from './fold.js';

type Obj = Record<string, unknown>;

/** A components message whose components are merged by id (a later form replaces an earlier one). */
class MergedComponents {
  /** Components by id; one without a string id is kept under a key of its own. */
  readonly byId = new Map<unknown, unknown>();

  constructor(
    private readonly message: A2uiMessage,
    private readonly key: string,
    private readonly body: Obj,
  ) {}

  /** The message with the merged components. */
  toMessage(): A2uiMessage {
    return { ...this.message, [this.key]: { ...this.body, components: [...this.byId.values()] } };
  }
}

/** A v0.9+ data-model set; later sets below its path are folded into its value. */
class DataModelSet {
  constructor(
    private readonly message: A2uiMessage,
    private readonly body: Obj,
    public value: unknown,
  ) {}

  /** Whether it sets a value (one without deletes at its path). */
  get sets(): boolean {
    return 'value' in this.body;
  }

  /** The message with the folded value. */
  toMessage(): A2uiMessage {
    return this.value === this.body.value ? this.message : ({ ...this.message, updateDataModel: { ...this.body, value: this.value } } as A2uiMessage);
  }
}

/** Pending data-model updates of one surface, by path segment (v0.9+: a set at a path replaces all below it). */
interface PathNode {
  index?: number;
  children?: Map<string, PathNode>;
}

/** What one surface has pending since its last start or delete message. */
interface SurfacePending {
  components?: number;
  paths: PathNode;
  /** v0.8: the last `dataModelUpdate` per path, with its entry keys. */
  v08: Map<string, { index: number; keys: Set<string>; allKeyed: boolean }>;
}

const START_KEYS = new Set(['createSurface', 'beginRendering', 'deleteSurface']);
const COMPONENT_KEYS = new Set(['updateComponents', 'surfaceUpdate']);

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageKey(message: A2uiMessage): string | undefined {
  for (const key of Object.keys(message)) if (key !== 'version') return key;
  return undefined;
}

/** A JSON Pointer's keys, unescaped. */
function segmentsOf(path: unknown): string[] {
  if (typeof path !== 'string') return [];
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Compacts a list of A2UI messages as they come, into fewer messages that leave a renderer in the
 * same state: per surface, the component messages since its last start or delete become one
 * message with the last form of each component (at the position of the first); a v0.9+ data-model
 * set drops the earlier ones it overwrites (same path or below) and is folded into the nearest
 * earlier set above its path where every container on the way exists; a v0.8 `dataModelUpdate`
 * drops an earlier one at the same path whose entry keys it all sets again. Start and delete
 * messages, and anything not understood (what is not a message object included), stay as they are
 * and in place, and nothing later for their surface is moved before them.
 */
export class MessageCompactor {
  private readonly entries: (A2uiMessage | MergedComponents | DataModelSet | undefined)[] = [];
  private readonly surfaces = new Map<string, SurfacePending>();
  private cached: A2uiMessage[] | undefined;
  /** The folded values' containers this compactor copied (until {@link messages} hands them out). */
  private readonly owned = new OwnedValues();

  /** Adds the next message. */
  add(message: A2uiMessage): void {
    this.cached = undefined;
    const key = isObject(message) ? messageKey(message) : undefined;
    const body = key === undefined ? undefined : (message as Obj)[key];
    if (key === undefined || !isObject(body) || typeof body.surfaceId !== 'string') {
      this.entries.push(message);
      return;
    }
    const surfaceId = body.surfaceId;
    if (START_KEYS.has(key)) {
      this.surfaces.delete(surfaceId);
      this.entries.push(message);
      return;
    }
    const pending = this.pendingOf(surfaceId);
    if (COMPONENT_KEYS.has(key) && Array.isArray(body.components) && Object.keys(body).length === 2) {
      this.addComponents(pending, message, key, body, body.components);
    } else if (key === 'updateDataModel') {
      this.setPath(pending, segmentsOf(body.path), message, body);
    } else if (key === 'dataModelUpdate' && Array.isArray(body.contents)) {
      this.addV08DataModel(pending, message, body.path, body.contents);
    } else {
      // Not understood: nothing later for the surface may be moved before it.
      this.surfaces.delete(surfaceId);
      this.entries.push(message);
    }
  }

  /** The compacted messages so far, in order (the same array until the next `add`). */
  messages(): A2uiMessage[] {
    if (this.cached) return this.cached;
    this.owned.release();
    const out: A2uiMessage[] = [];
    for (const entry of this.entries) {
      if (entry instanceof MergedComponents || entry instanceof DataModelSet) out.push(entry.toMessage());
      else if (entry !== undefined) out.push(entry);
    }
    this.cached = out;
    return out;
  }

  private pendingOf(surfaceId: string): SurfacePending {
    let pending = this.surfaces.get(surfaceId);
    if (!pending) {
      pending = { paths: {}, v08: new Map() };
      this.surfaces.set(surfaceId, pending);
    }
    return pending;
  }

  private addComponents(pending: SurfacePending, message: A2uiMessage, key: string, body: Obj, components: unknown[]): void {
    let merged = pending.components === undefined ? undefined : this.entries[pending.components];
    if (!(merged instanceof MergedComponents)) {
      merged = new MergedComponents(message, key, body);
      pending.components = this.entries.length;
      this.entries.push(merged);
    }
    for (const component of components) {
      merged.byId.set(isObject(component) && typeof component.id === 'string' ? component.id : Symbol('unnamed'), component);
    }
  }

  /**
   * Records a v0.9+ set at `segments`: the pending sets it overwrites (at its path or below) are
   * dropped, and it is folded into the value of the nearest pending set above its path when it
   * can be (so the partials of one data-model message end as one message).
   */
  private setPath(pending: SurfacePending, segments: readonly string[], message: A2uiMessage, body: Obj): void {
    let node = pending.paths;
    let above: { entry: DataModelSet; depth: number } | undefined;
    for (const [depth, segment] of segments.entries()) {
      const entry = node.index === undefined ? undefined : this.entries[node.index];
      // Only the nearest pending set above can take it: one that deletes comes after any above it.
      if (entry instanceof DataModelSet) above = entry.sets ? { entry, depth } : undefined;
      node.children ??= new Map();
      let child = node.children.get(segment);
      if (!child) {
        child = {};
        node.children.set(segment, child);
      }
      node = child;
    }
    this.drop(node);
    node.children = undefined;
    node.index = undefined;
    if (above) {
      const path = segments.slice(above.depth);
      const remove = !('value' in body);
      const value = above.entry.value;
      if ((isObject(value) || Array.isArray(value)) && canFold(value, path, remove)) {
        above.entry.value = fold(value, path, body.value, remove, this.owned);
        return;
      }
    }
    node.index = this.entries.length;
    this.entries.push(new DataModelSet(message, body, body.value));
  }

  /** Drops the pending sets at `top` and below (iteratively: a path may be thousands of segments deep). */
  private drop(top: PathNode): void {
    const stack = [top];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.index !== undefined) this.entries[node.index] = undefined;
      if (node.children) for (const child of node.children.values()) stack.push(child);
    }
  }

  private addV08DataModel(pending: SurfacePending, message: A2uiMessage, path: unknown, contents: unknown[]): void {
    const at = segmentsOf(path).join('/');
    const keys = new Set<string>();
    for (const entry of contents) if (isObject(entry) && typeof entry.key === 'string') keys.add(entry.key);
    const earlier = pending.v08.get(at);
    // Whether the v0.8 update merges entries or replaces the model at its path, one that sets
    // every key the earlier one set leaves the same state without it.
    if (earlier?.allKeyed && [...earlier.keys].every((k) => keys.has(k))) this.entries[earlier.index] = undefined;
    pending.v08.set(at, { index: this.entries.length, keys, allKeyed: keys.size === contents.length });
    this.entries.push(message);
  }
}

/** The messages compacted (see {@link MessageCompactor}). */
export function compactMessages(messages: readonly A2uiMessage[]): A2uiMessage[] {
  const compactor = new MessageCompactor();
  for (const message of messages) compactor.add(message);
  return compactor.messages();
}
