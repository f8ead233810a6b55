/**
 * A surface's data model as sent so far, and the messages a partial or complete data-model
 * message calls for. One of two kinds per version (see {@link dataModelFor}):
 *
 * - v0.8 (`dataModelUpdate.contents`): partials re-send every complete entry so far, pruned of
 *   entries with no value (the reference's cumulative form, pinned by the conformance suite); the
 *   message's end goes out as written when it changes what was sent or holds such an entry.
 * - v0.9+ (`updateDataModel`): a root-level update replaces the whole model in a renderer that
 *   follows the spec, so partials never re-send the root with only the keys that changed (the
 *   reference does, and loses data). The first partial of a message sets its own path to what has
 *   arrived; later partials set only what changed, each at its own JSON Pointer, and a growing
 *   array sends its new elements. Applying the updates in order gives, at every point, a model
 *   consistent with the final one, and at the end exactly the final one.
 *
 * Between blocks what was sent is parked as UTF-8 JSON until the surface's next data-model message.
 */
import { isJsonObject } from '../json/is-object.js';
import type { VersionSpec } from '../protocol/versions.js';
import { addressable, childPointer, getAt, restoreAt, setAt, undoOf } from './pointer.js';
import type { PathUndo } from './pointer.js';
import { parkJson, sameJson, unparkJson } from './json-values.js';
import type { Body } from './reader.js';
import type { Wire } from './wire.js';

type Entry = Readonly<Record<string, unknown>>;

/** What a surface's data model answers. `message` identifies the message being read across chunks. */
export interface DataModel {
  /**
   * Whether what it sends for a message's partials and end each holds all that the one before it
   * held (v0.8: every entry so far), so that only the last need go out (`held-resends.ts`).
   */
  readonly cumulative: boolean;
  /** Messages to send for a partial message body (healed, unfinished entries dropped); none when nothing new arrived. */
  partial(body: Body, message: object): Body[];
  /**
   * Messages a complete message still calls for: itself, the updates that finish what its
   * partials began (possibly none), or none when an identical message was sent.
   */
  complete(whole: Body, body: Body, message: object): Body[];
  /**
   * Message `message` (body `body`), whose partials went out, fails whole: the updates that put
   * back what they changed (none in v0.8, whose entries cannot be removed).
   */
  abandon(body: Body, message: object): Body[];
  /**
   * One update holding all that message `message`'s partials sent so far (its path set to what the
   * model holds there), for body `body`; `undefined` before its first partial.
   */
  soFar(body: Body, message: object): Body | undefined;
  /**
   * Puts what was sent aside as UTF-8 JSON until the next message reads it back; call between
   * blocks. Returns the bytes parked (0: nothing, or parked already).
   */
  park(): number;
  /** The renderer no longer holds anything sent (the surface was made again): the next update sends all it sets. */
  forget(): void;
  /** The length of the list at absolute pointer `path` in the model as sent; `undefined` when unknown (a relative path, no list there, a v0.8 list below a message's entries). */
  lengthAt(path: string): number | undefined;
  /** The value at absolute pointer `path` in the model as sent, `undefined` when none; absent in v0.8 (which keeps list lengths only). */
  valueAt?(path: string): unknown;
}

/** The data model of a surface in `spec`'s version. */
export function dataModelFor(spec: VersionSpec): DataModel {
  return spec.dataModel === 'dataModelUpdate' ? new ContentsModel(spec) : new PathModel(spec);
}

const SCALAR_VALUE_KEYS = ['value', 'valueString', 'valueNumber', 'valueBoolean'] as const;

/**
 * What data-model message `body`, which did not validate, sets that stands, in a message of
 * `wire`'s form: its value, or (v0.8) its entries that have a key, which streaming sent as they
 * closed. `undefined` when it sets nothing.
 */
export function standingUpdate(body: Body, wire: Wire): Body | undefined {
  const entries = Array.isArray(body.contents) ? body.contents.filter((entry) => isJsonObject(entry) && typeof entry.key === 'string') : [];
  const sets = 'value' in body ? { value: body.value } : entries.length > 0 ? { contents: entries } : undefined;
  const path = typeof body.path === 'string' ? { path: body.path } : {};
  return sets && wire.message(wire.spec.dataModel, { surfaceId: body.surfaceId, ...path, ...sets });
}

/** v0.8: per key, the entry last sent. */
class ContentsModel implements DataModel {
  readonly cumulative = true;
  readonly #sent = new Map<string, Entry>();
  /**
   * The pruned form of each entry object seen in the message being read. Closed entries are
   * shared between chunks, so each is pruned once, not once per chunk.
   */
  #pruned = new WeakMap<object, Entry | null>();
  #parked: Uint8Array | undefined;
  readonly #spec: VersionSpec;
  /** How many values each `valueMap` at the top of a message holds, by absolute path (what a template bound there draws). */
  readonly #lengths = new Map<string, number>();

  constructor(spec: VersionSpec) {
    this.#spec = spec;
  }

  park(): number {
    if (this.#parked !== undefined || this.#sent.size === 0) return 0;
    this.#parked = parkJson([...this.#sent.values()]);
    this.#sent.clear();
    return this.#parked.length;
  }

  forget(): void {
    this.#sent.clear();
    this.#lengths.clear();
    this.#parked = undefined;
  }

  /** The number of values of the `valueMap` last sent at `path` as a message's entry; `undefined` when none (a list nested deeper is not known). */
  lengthAt(path: string): number | undefined {
    return this.#lengths.get(path);
  }

  partial(body: Body): Body[] {
    this.#unpark();
    const contents = Array.isArray(body.contents) ? pruneEntries(body.contents, this.#pruned) : [];
    if (!this.#changes(contents)) return [];
    this.#record(contents);
    this.#measure(body.path, contents);
    const path = typeof body.path === 'string' ? { path: body.path } : {};
    return [{ [this.#spec.dataModel]: { surfaceId: body.surfaceId, ...path, contents } }];
  }

  complete(whole: Body, body: Body): Body[] {
    this.#unpark();
    const contents = Array.isArray(body.contents) ? pruneEntries(body.contents, this.#pruned) : [];
    this.#pruned = new WeakMap();
    // Entries the partials left out (no value) are the message's too: it goes out whole, as it does read in one piece.
    const changes = contents.length === 0 || contents.length < (body.contents as unknown[]).length || this.#changes(contents);
    this.#record(contents);
    this.#measure(body.path, contents);
    return changes ? [whole] : [];
  }

  abandon(): Body[] {
    return [];
  }

  soFar(): undefined {
    return undefined;
  }

  #measure(path: unknown, contents: readonly Entry[]): void {
    for (const entry of contents) if (Array.isArray(entry.valueMap)) this.#lengths.set(entryPath(path, entry.key as string), entry.valueMap.length);
  }

  #unpark(): void {
    if (this.#parked === undefined) return;
    this.#record(unparkJson(this.#parked) as Entry[]);
    this.#parked = undefined;
  }

  /** Whether some entry's value differs from the one last sent (shared parts compared by identity). */
  #changes(contents: readonly Entry[]): boolean {
    return contents.some((entry) => {
      const sent = this.#sent.get(entry.key as string);
      return sent === undefined || (sent !== entry && !sameJson(entryValue(sent), entryValue(entry)));
    });
  }

  #record(contents: readonly Entry[]): void {
    for (const entry of contents) this.#sent.set(entry.key as string, entry);
  }
}

/** v0.9+: the model as sent. */
class PathModel implements DataModel {
  readonly cumulative = false;
  #model: unknown = undefined;
  /**
   * Containers of `model` made here and held by nothing else (not a message's value, not sent),
   * which `setAt` may change in place. A fresh set disowns them all.
   */
  #owned = new WeakSet<object>();
  /**
   * Messages whose first partial went out, with the path their partials used and what that
   * changed in the model (to put it back).
   */
  readonly #started = new WeakMap<object, { path: string; undo: PathUndo }>();
  #parked: Uint8Array | undefined;
  readonly #spec: VersionSpec;

  constructor(spec: VersionSpec) {
    this.#spec = spec;
  }

  park(): number {
    if (this.#parked !== undefined || this.#model === undefined) return 0;
    this.#parked = parkJson(this.#model);
    this.#model = undefined;
    return this.#parked.length;
  }

  forget(): void {
    this.#model = undefined;
    this.#owned = new WeakSet();
    this.#parked = undefined;
  }

  lengthAt(path: string): number | undefined {
    const list = this.valueAt(path);
    return Array.isArray(list) ? list.length : undefined;
  }

  valueAt(path: string): unknown {
    if (!path.startsWith('/')) return undefined;
    this.#unpark();
    return getAt(this.#model, path);
  }

  partial(body: Body, message: object): Body[] {
    this.#unpark();
    const value = body.value;
    if (typeof value !== 'object' || value === null) return [];
    const path = typeof body.path === 'string' ? body.path : '/';
    if (!this.#started.has(message)) {
      this.#started.set(message, { path, undo: undoOf(this.#model, path) });
      this.#set(path, value);
      return [this.#message(body, path, value)];
    }
    const updates: Body[] = [];
    this.#diff(body, getAt(this.#model, path), value, path, updates);
    // After these updates the model holds `value` at `path`: record that once, not per update.
    this.#set(path, value);
    return updates;
  }

  complete(whole: Body, body: Body, message: object): Body[] {
    this.#unpark();
    const path = typeof body.path === 'string' ? body.path : '/';
    if (!('value' in body)) return [whole];
    const before = getAt(this.#model, path);
    const start = this.#started.get(message);
    if (start && start.path !== path) {
      // The path came after the value, so the partials went to another place: put the whole
      // model right in one update. It goes out, so nothing of it may change in place any more.
      this.#model = setAt(restoreAt(this.#model, start.undo), path, body.value);
      this.#owned = new WeakSet();
      this.#started.set(message, { path: '/', undo: start.undo });
      return [this.#message(body, '/', this.#model)];
    }
    if (start) {
      const updates: Body[] = [];
      this.#diff(body, before, body.value, path, updates);
      this.#set(path, body.value);
      return updates;
    }
    this.#set(path, body.value);
    return sameJson(before, body.value) ? [] : [whole];
  }

  soFar(body: Body, message: object): Body | undefined {
    const start = this.#started.get(message);
    return start && this.#message(body, start.path, getAt(this.#model, start.path));
  }

  abandon(body: Body, message: object): Body[] {
    const start = this.#started.get(message);
    if (start === undefined) return [];
    this.#unpark();
    this.#started.delete(message);
    this.#model = restoreAt(this.#model, start.undo);
    this.#owned = new WeakSet();
    // The place the undo put back: a key the partials added goes again with its container's value.
    const { segments, present } = start.undo;
    const kept = present ? segments : segments.slice(0, -1);
    const path = kept.reduce(childPointer, '/');
    return [this.#message({ surfaceId: body.surfaceId }, path, getAt(this.#model, path) ?? {})];
  }

  #unpark(): void {
    if (this.#parked === undefined) return;
    this.#model = unparkJson(this.#parked);
    this.#parked = undefined;
  }

  /** Records that the model holds `value` at `path`. */
  #set(path: string, value: unknown): void {
    this.#model = setAt(this.#model, path, value, this.#owned);
  }

  /** The update setting `value` at `path` for the message whose body is `body`. */
  #message(body: Body, path: string, value: unknown): Body {
    const at = path === '/' && body.path === undefined ? {} : { path };
    return { version: this.#spec.wireVersion, [this.#spec.dataModel]: { surfaceId: body.surfaceId, ...at, value } };
  }

  /** Appends to `out` the sets that turn `before` into `after` (both at `path`); shared subtrees are skipped. */
  #diff(body: Body, before: unknown, after: unknown, path: string, out: Body[]): void {
    if (before === after) return;
    if (before === undefined) {
      out.push(this.#message(body, path, after));
      return;
    }
    if (isJsonObject(before) && isJsonObject(after)) {
      const start = out.length;
      for (const key of Object.keys(after)) {
        if (before[key] === after[key]) continue;
        if (!addressable(key)) {
          out.length = start;
          out.push(this.#message(body, path, after));
          return;
        }
        this.#diff(body, before[key], after[key], childPointer(path, key), out);
      }
      return;
    }
    if (Array.isArray(before) && Array.isArray(after) && after.length >= before.length) {
      after.forEach((item, i) => {
        if (before[i] !== item) this.#diff(body, before[i], item, childPointer(path, String(i)), out);
      });
      return;
    }
    if (!sameJson(before, after)) out.push(this.#message(body, path, after));
  }
}

/** The absolute path of v0.8 entry `key` in a message at `path` (none: the root). */
function entryPath(path: unknown, key: string): string {
  const base = typeof path !== 'string' || path === '/' || path === '' ? '' : path.startsWith('/') ? path.replace(/\/$/, '') : `/${path}`;
  return `${base}/${key}`;
}

/**
 * The data paths data-model `message` (of key `key`) changes: its path, or for a v0.8 message
 * each entry's (so a data change touches only the templates bound near what it sets).
 */
export function changedPaths(message: Body, key: string): string[] {
  const body = message[key] as Body | undefined;
  if (Array.isArray(body?.contents)) {
    const paths: string[] = [];
    for (const entry of body.contents as unknown[]) if (isJsonObject(entry) && typeof entry.key === 'string') paths.push(entryPath(body.path, entry.key));
    return paths;
  }
  return [typeof body?.path === 'string' ? body.path : '/'];
}

/** The value an entry carries: its first scalar value field, else its `valueMap`. */
function entryValue(entry: Entry): unknown {
  for (const key of SCALAR_VALUE_KEYS) if (key in entry) return entry[key];
  return entry.valueMap;
}

/**
 * Keeps entries that have a key and a value, last entry per key winning in first-seen order;
 * `valueMap`s are pruned the same way; one emptied by pruning stays, empty, as a chunk end before
 * its first element showed it (dropped, whole reading lost what streaming had shown when the
 * element never completed). `cache` keeps the pruned form of each entry object (entries are immutable).
 */
function pruneEntries(entries: readonly unknown[], cache: WeakMap<object, Entry | null>): Entry[] {
  const byKey = new Map<string, Entry>();
  for (const raw of entries) {
    if (typeof raw !== 'object' || raw === null) continue;
    let entry = cache.get(raw);
    if (entry === undefined) {
      entry = pruneEntry(raw, cache) ?? null;
      cache.set(raw, entry);
    }
    if (entry) byKey.set(entry.key as string, entry);
  }
  return [...byKey.values()];
}

function pruneEntry(raw: object, cache: WeakMap<object, Entry | null>): Entry | undefined {
  if (Array.isArray(raw)) return undefined;
  const entry = raw as Entry;
  if (typeof entry.key !== 'string') return undefined;
  if (SCALAR_VALUE_KEYS.some((key) => key in entry)) return entry;
  if (!Array.isArray(entry.valueMap)) return undefined;
  if (entry.valueMap.length === 0) return entry;
  const valueMap = pruneEntries(entry.valueMap, cache);
  return valueMap.length === entry.valueMap.length && valueMap.every((item, i) => item === (entry.valueMap as unknown[])[i]) ? entry : { ...entry, valueMap };
}
