/**
 * What a surface's data model looks like as sent so far, and the updates a partial or complete
 * data-model message calls for.
 *
 * - v0.8 (`dataModelUpdate.contents`): partials re-send every complete entry so far, pruned of
 *   entries with no value (the reference's cumulative form, pinned by the conformance suite).
 * - v0.9+ (`updateDataModel`): a root-level update replaces the whole model in a renderer that
 *   follows the spec, so partials never re-send the root with only the keys that changed (the
 *   reference does, and loses data). The first partial of a message sets its own path to what has
 *   arrived; later partials set only what changed, each at its own JSON Pointer, and a growing
 *   array sends its new elements. Applying the updates in order gives, at every point, a model
 *   consistent with the final one, and at the end exactly the final one.
 */
import { isJsonObject } from '../json/is-object.js';
import type { VersionSpec } from '../protocol/versions.js';
import { childPointer, getAt, restoreAt, setAt, undoOf } from './pointer.js';
import type { PathUndo } from './pointer.js';
import { parkJson, unparkJson } from './parked-json.js';
import { sameJson } from './same-json.js';

/** One update to send: v0.8 a full `contents` list, v0.9+ a value at a path. */
export type DataModelUpdate =
  | { readonly kind: 'contents'; readonly contents: readonly unknown[] }
  | { readonly kind: 'set'; readonly path: string; readonly value: unknown };

type Entry = Readonly<Record<string, unknown>>;

const SCALAR_VALUE_KEYS = ['value', 'valueString', 'valueNumber', 'valueBoolean'] as const;

export class DataModelState {
  /** v0.8: per key, the entry last sent. */
  private readonly sentEntries = new Map<string, Entry>();
  /**
   * v0.8: the pruned form of each entry object seen in the message being read. Closed entries are
   * shared between chunks, so each is pruned once, not once per chunk.
   */
  private pruned = new WeakMap<object, Entry | null>();
  /** v0.9+: the model as sent. */
  private model: unknown = undefined;
  /**
   * v0.9+: containers of `model` made here and held by nothing else (not a message's value, not
   * sent), which `setAt` may change in place. A fresh set disowns them all.
   */
  private owned = new WeakSet<object>();
  /**
   * v0.9+: messages whose first partial went out (keyed by the message being read), with the path
   * their partials used and what that changed in the model (to put it back).
   */
  private readonly started = new WeakMap<object, { path: string; undo: PathUndo }>();

  /** Between blocks: the model (v0.9+) or the sent entries (v0.8), parked as UTF-8 JSON. */
  private parked: Uint8Array | undefined;

  constructor(private readonly spec: VersionSpec) {}

  /**
   * Puts what was sent aside as UTF-8 JSON until the next message for the surface reads it back
   * (as new objects, equal as JSON). Call between blocks, when no message is open.
   */
  park(): void {
    if (this.parked !== undefined) return;
    if (this.spec.nestedComponents) {
      if (this.sentEntries.size === 0) return;
      this.parked = parkJson([...this.sentEntries.values()]);
      this.sentEntries.clear();
    } else if (this.model !== undefined) {
      this.parked = parkJson(this.model);
      this.model = undefined;
    }
  }

  private unpark(): void {
    const bytes = this.parked;
    if (bytes === undefined) return;
    this.parked = undefined;
    if (this.spec.nestedComponents) this.recordEntries(unparkJson(bytes) as Entry[]);
    else this.model = unparkJson(bytes);
  }

  /**
   * Updates to send for a partial message body (healed, unfinished entries dropped); empty when
   * nothing new arrived. `message` identifies the message being read across chunks.
   */
  partial(body: Readonly<Record<string, unknown>>, message: object): DataModelUpdate[] {
    this.unpark();
    if (this.spec.nestedComponents) {
      const contents = Array.isArray(body.contents) ? pruneEntries(body.contents, this.pruned) : [];
      if (!this.entriesChange(contents)) return [];
      this.recordEntries(contents);
      return [{ kind: 'contents', contents }];
    }
    const value = body.value;
    if (typeof value !== 'object' || value === null) return [];
    const path = typeof body.path === 'string' ? body.path : '/';
    if (!this.started.has(message)) {
      this.started.set(message, { path, undo: undoOf(this.model, path) });
      this.set(path, value);
      return [{ kind: 'set', path, value }];
    }
    const updates: DataModelUpdate[] = [];
    diff(getAt(this.model, path), value, path, updates);
    // After these updates the model holds `value` at `path`: record that once, not per update.
    this.set(path, value);
    return updates;
  }

  /**
   * What a complete message still calls for: `'message'` to send it as it is, or the updates that
   * finish what its partials began (possibly none), or none when an identical message was sent.
   */
  complete(body: Readonly<Record<string, unknown>>, message: object): 'message' | DataModelUpdate[] {
    this.unpark();
    if (this.spec.nestedComponents) {
      const contents = Array.isArray(body.contents) ? pruneEntries(body.contents, this.pruned) : [];
      this.pruned = new WeakMap();
      const changes = contents.length === 0 || this.entriesChange(contents);
      this.recordEntries(contents);
      return changes ? 'message' : [];
    }
    const path = typeof body.path === 'string' ? body.path : '/';
    if (!('value' in body)) return 'message';
    const before = getAt(this.model, path);
    const start = this.started.get(message);
    if (start && start.path !== path) {
      // The path came after the value, so the partials went to another place: put the whole
      // model right in one update. It goes out, so nothing of it may change in place any more.
      this.model = setAt(restoreAt(this.model, start.undo), path, body.value);
      this.owned = new WeakSet();
      return [{ kind: 'set', path: '/', value: this.model }];
    }
    if (start) {
      const updates: DataModelUpdate[] = [];
      diff(before, body.value, path, updates);
      this.set(path, body.value);
      return updates;
    }
    this.set(path, body.value);
    return sameJson(before, body.value) ? [] : 'message';
  }

  /** v0.9+: records that the model holds `value` at `path`. */
  private set(path: string, value: unknown): void {
    this.model = setAt(this.model, path, value, this.owned);
  }

  /** Whether some entry's value differs from the one last sent (shared parts compared by identity). */
  private entriesChange(contents: readonly Entry[]): boolean {
    return contents.some((entry) => {
      const sent = this.sentEntries.get(entry.key as string);
      return sent === undefined || (sent !== entry && !sameJson(entryValue(sent), entryValue(entry)));
    });
  }

  private recordEntries(contents: readonly Entry[]): void {
    for (const entry of contents) this.sentEntries.set(entry.key as string, entry);
  }
}

/** The value an entry carries: its first scalar value field, else its `valueMap`. */
function entryValue(entry: Entry): unknown {
  for (const key of SCALAR_VALUE_KEYS) if (key in entry) return entry[key];
  return entry.valueMap;
}

/**
 * Keeps entries that have a key and a value, last entry per key winning in first-seen order;
 * `valueMap`s are pruned the same way, and one emptied by pruning is dropped (one that was empty
 * as written is kept). `cache` keeps the pruned form of each entry object (entries are immutable).
 */
export function pruneEntries(entries: readonly unknown[], cache?: WeakMap<object, Entry | null>): Entry[] {
  const byKey = new Map<string, Entry>();
  for (const raw of entries) {
    if (typeof raw !== 'object' || raw === null) continue;
    let entry = cache?.get(raw);
    if (entry === undefined) {
      entry = pruneEntry(raw, cache) ?? null;
      cache?.set(raw, entry);
    }
    if (entry) byKey.set(entry.key as string, entry);
  }
  return [...byKey.values()];
}

function pruneEntry(raw: object, cache: WeakMap<object, Entry | null> | undefined): Entry | undefined {
  if (Array.isArray(raw)) return undefined;
  const entry = raw as Entry;
  if (typeof entry.key !== 'string') return undefined;
  if (SCALAR_VALUE_KEYS.some((key) => key in entry)) return entry;
  if (!Array.isArray(entry.valueMap)) return undefined;
  if (entry.valueMap.length === 0) return entry;
  const valueMap = pruneEntries(entry.valueMap, cache);
  if (valueMap.length === 0) return undefined;
  return valueMap.length === entry.valueMap.length && valueMap.every((item, i) => item === (entry.valueMap as unknown[])[i])
    ? entry
    : { ...entry, valueMap };
}

/** Appends to `out` the sets that turn `before` into `after` (both at `path`); shared subtrees are skipped. */
function diff(before: unknown, after: unknown, path: string, out: DataModelUpdate[]): void {
  if (before === after) return;
  if (before === undefined) {
    out.push({ kind: 'set', path, value: after });
    return;
  }
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const key of Object.keys(after)) {
      if (before[key] !== after[key]) diff(before[key], after[key], childPointer(path, key), out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && after.length >= before.length) {
    after.forEach((item, i) => {
      if (before[i] !== item) diff(before[i], item, childPointer(path, String(i)), out);
    });
    return;
  }
  if (!sameJson(before, after)) out.push({ kind: 'set', path, value: after });
}
