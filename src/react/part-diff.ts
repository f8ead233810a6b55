/**
 * What to apply when a data part the renderer already applied comes again with other messages
 * (the AI SDK replaces a data part's `data` when a chunk with its id comes again; the ai-sdk
 * entry's `mode: 'block'` re-sends a block's compacted messages so far under one id). The
 * messages are keyed by what they change in a renderer: a start or delete by its surface and how
 * many of them came before, a component by its surface, segment (starts and deletes of the
 * surface before it) and id, a data-model update by its surface, segment and path. Only what is
 * new or changed is applied again, so no surface is created twice and no data-model value set by
 * a later message is undone by an earlier one.
 */
import type { A2uiMessage } from '../index.js';

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One message as the diff sees it. */
interface Keyed {
  readonly message: A2uiMessage;
  /** `start` (create/delete), `components`, `data` (data model) or `other`. */
  readonly kind: 'start' | 'components' | 'data' | 'other';
  /** The message's surface and segment (`surface\0n`), for `components` and `data`. */
  readonly segment: string;
  /** The message's key (components: one per component, in `componentKeys`). */
  readonly key: string;
  /** The message's JSON (components: each component's, in `componentJson`). */
  readonly json: string;
  readonly components: readonly unknown[];
  readonly componentKeys: readonly string[];
  readonly componentJson: readonly string[];
}

/** The messages of a part with their keys, in order. */
function keyed(messages: readonly A2uiMessage[]): Keyed[] {
  const segments = new Map<string, number>();
  const seen = new Map<string, number>();
  // The same key twice in one part (a partial and its completion in one parser part) stays two keys.
  const numbered = (key: string): string => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}\0${n}`;
  };
  const out: Keyed[] = [];
  for (const message of messages) {
    const kind = Object.keys(message).find((key) => key !== 'version');
    const body = kind === undefined ? undefined : message[kind];
    const surfaceId = isObject(body) && typeof body.surfaceId === 'string' ? body.surfaceId : undefined;
    const base = { message, components: [], componentKeys: [], componentJson: [] };
    if (kind === undefined || surfaceId === undefined || !isObject(body)) {
      const json = JSON.stringify(message);
      out.push({ ...base, kind: 'other', segment: '', key: numbered(`o\0${json}`), json });
      continue;
    }
    if (kind === 'createSurface' || kind === 'deleteSurface') {
      segments.set(surfaceId, (segments.get(surfaceId) ?? 0) + 1);
      out.push({ ...base, kind: 'start', segment: '', key: numbered(`s\0${kind}\0${surfaceId}`), json: '' });
      continue;
    }
    const segment = `${surfaceId}\0${segments.get(surfaceId) ?? 0}`;
    if (kind === 'updateComponents' && Array.isArray(body.components)) {
      const components: unknown[] = body.components;
      const componentJson = components.map((component) => JSON.stringify(component));
      const componentKeys = components.map((component, i) =>
        numbered(`c\0${segment}\0${isObject(component) && typeof component.id === 'string' ? component.id : componentJson[i]}`),
      );
      out.push({ message, kind: 'components', segment, key: '', json: '', components, componentKeys, componentJson });
      continue;
    }
    const json = JSON.stringify(message);
    if (kind === 'updateDataModel') {
      out.push({ ...base, kind: 'data', segment, key: numbered(`d\0${segment}\0${String(body.path ?? '/')}`), json });
      continue;
    }
    out.push({ ...base, kind: 'other', segment, key: numbered(`o\0${json}`), json });
  }
  return out;
}

/** What a part's messages gave the renderer, by key: each key's JSON (see {@link appliedIndex}). */
export type AppliedIndex = ReadonlyMap<string, string>;

/** Adds `entry`'s keys and JSON to `index`. */
function note(index: Map<string, string>, entry: Keyed): void {
  if (entry.kind === 'components') entry.componentKeys.forEach((key, i) => index.set(key, entry.componentJson[i] as string));
  else index.set(entry.key, entry.json);
}

/** The index of what `messages` give a renderer, for {@link diffAgainst}. */
export function appliedIndex(messages: readonly A2uiMessage[]): AppliedIndex {
  const index = new Map<string, string>();
  for (const entry of keyed(messages)) note(index, entry);
  return index;
}

/**
 * The messages of `after` to apply on a renderer that applied the messages `applied` indexes (the
 * same part's earlier messages), in order, and the index of `after` for the next time: `after` is
 * read once (the part's earlier messages are not read again). Applied: start and delete messages
 * not applied yet; per components message, the components that are new or changed (none: the
 * message is left out); data-model updates that are new or changed, and every later data-model
 * update of the same surface after one that is (an earlier set may have been folded into it, so
 * the later ones are set again on top); any other message not applied yet.
 */
export function diffAgainst(applied: AppliedIndex, after: readonly A2uiMessage[]): { messages: A2uiMessage[]; index: AppliedIndex } {
  const index = new Map<string, string>();
  const dirty = new Set<string>();
  const out: A2uiMessage[] = [];
  for (const entry of keyed(after)) {
    note(index, entry);
    if (entry.kind === 'components') {
      const changed = entry.components.filter((_, i) => applied.get(entry.componentKeys[i] as string) !== entry.componentJson[i]);
      if (changed.length === entry.components.length) out.push(entry.message);
      else if (changed.length > 0) {
        const body = entry.message.updateComponents as Obj;
        out.push({ ...entry.message, updateComponents: { ...body, components: changed } } as A2uiMessage);
      }
    } else if (entry.kind === 'data') {
      if (dirty.has(entry.segment) || applied.get(entry.key) !== entry.json) {
        dirty.add(entry.segment);
        out.push(entry.message);
      }
    } else if (applied.get(entry.key) !== entry.json) {
      out.push(entry.message);
    }
  }
  return { messages: out, index };
}
