/**
 * What the values the JSON reader still reads show: after each piece of block content, the open
 * component (healed strictly, handed to the sink, which puts it when `readiness.ts` allows) and the
 * open data-model messages (healed with the unfinished entry dropped; the sink diffs them against
 * what was sent). Rules 1 and 2 of `readiness.ts` (a look is due; a cut string may show) are this
 * reader's: they are about the JSON input.
 *
 * A look costs time in proportion to the value, and most chunks change nothing a look could show:
 * they extend a key, a number or a string that may not be shown cut. So a value is looked at
 * again only when it may show more (see {@link LastLooks}), and a large one only at growth by a
 * quarter: total work stays linear. What a block leaves open gets a last look past both rules.
 */
import type { Catalog } from '../catalog/model.js';
import type { JsonBlockReader } from '../json/block-reader.js';
import { Expect, type Frame } from '../json/builder.js';
import { grewEnough, isUrlHint, startsLikeUrl, URL_START_LENGTH } from '../json/cut-rules.js';
import { heal, shownCutLength, type AllowCutString, type Cut, type CutString } from '../json/heal.js';
import type { WireComponent } from '../validate/graph.js';
import { inComponentList, type JsonMessage } from './json-positions.js';
import type { Body, MessageSink } from './reader.js';

/** The property holding what the app runs on the user's click, in every version. */
const ACTION_KEY = 'action';

/**
 * Properties that go out whole or not at all: the action, and the checks guarding it or an input
 * (`checks`, v0.9+). Cut, the app would run part of an action (a cut context), or a Button would be
 * enabled without the checks that disable it.
 */
const WHOLE_KEYS: ReadonlySet<unknown> = new Set([ACTION_KEY, 'checks']);

/** Below this size (in characters) an open value is looked at again whenever it may show more. */
export const SMALL_OPEN_VALUE = 8_192;

/** A large open value is looked at again once it has grown by this factor. */
const GROWTH = 1.25;

/**
 * Each open value's last look: the reader's revision (the same while no value opened or
 * completed, an object's close aside: the last look showed it closed as it stands), how much of
 * the cut string it could show, and the value's size. A look is due when the revision changed or
 * the shown cut string changed (`bounded`: grew enough, {@link grewEnough}), and, from
 * {@link SMALL_OPEN_VALUE} characters, the value grew by a quarter.
 */
export class LastLooks {
  readonly #looks = new WeakMap<object, { revision: number; shown: number; size: number }>();
  readonly #bounded: boolean;

  /** @param bounded Whether a shown cut string is looked at again only once it grew enough (delta snapshots). */
  constructor(bounded = true) {
    this.#bounded = bounded;
  }

  /** Whether the open value identified by `key` (`size` characters so far) is due a look now. */
  due(key: object, size: number, revision: number, shown: number): boolean {
    const last = this.#looks.get(key);
    if (last === undefined) {
      this.#looks.set(key, { revision, shown, size });
      return true;
    }
    if (last.revision === revision && (this.#bounded ? !grewEnough(last.shown, shown) : last.shown === shown)) return false;
    if (size >= SMALL_OPEN_VALUE && size < last.size * GROWTH) return false;
    last.revision = revision;
    last.shown = shown;
    last.size = size;
    return true;
  }
}

/** What the looks need of the reader's settings. */
export interface LookSettings {
  /** Replaces the catalog's cuttable keys when set. */
  readonly cuttableKeys: ReadonlySet<string> | undefined;
  /** Whether a shown cut string is looked at again only once it grew enough (delta snapshots). */
  readonly boundedCutStrings: boolean;
  /** Open frames from a component object down to the object holding its properties (the version's wire). */
  readonly propsDepth: number;
}

export class OpenValues {
  readonly #looks: LastLooks;
  /** The cut every look of the current pass takes, whatever is due (see {@link look}). */
  #forcedCut: Cut | undefined;
  readonly #sink: MessageSink;
  readonly #reader: JsonBlockReader;
  readonly #settings: LookSettings;

  constructor(sink: MessageSink, reader: JsonBlockReader, settings: LookSettings) {
    this.#sink = sink;
    this.#reader = reader;
    this.#settings = settings;
    this.#looks = new LastLooks(settings.boundedCutStrings);
  }

  /**
   * Looks at the open component and data models of the messages `open` (outermost first).
   * @param cut Look at them as cut so, due or not (before a nested message: `none`).
   */
  look(open: readonly JsonMessage[], cut?: Cut): void {
    this.#forcedCut = cut;
    this.#component(open, false);
    this.#dataModels(open);
    this.#forcedCut = undefined;
  }

  /** The last look at what the block leaves open: a child list goes out with every child read, a data model with every entry. */
  lastLook(open: readonly JsonMessage[]): void {
    this.#component(open, true);
    this.#forcedCut = this.#reader.cut();
    this.#dataModels(open);
    this.#forcedCut = undefined;
  }

  /** The open component of the open components message, if any. */
  #component(open: readonly JsonMessage[], last: boolean): void {
    const context = open[open.length - 1];
    if (context === undefined) return;
    const catalog = this.#sink.componentsCatalog(context);
    if (catalog === undefined) return;
    const reader = this.#reader;
    const frames = reader.frames;
    const level = context.level + 3;
    if (frames.length <= level || !inComponentList(frames, context)) return;
    const frame = frames[level] as Frame;
    if (frame.isArray) return;
    const props = level + this.#settings.propsDepth;
    const propsFrame = frames[props];
    // Inside such a value, or its key read and the value not begun; and a component with an action
    // goes out whole, as its checks may follow it (clickable meanwhile, it would run unguarded).
    if (
      (propsFrame !== undefined && Object.hasOwn(propsFrame.container, ACTION_KEY)) ||
      WHOLE_KEYS.has(frames[props + 1]?.keyInParent) ||
      (frames.length === props + 1 && WHOLE_KEYS.has(propsFrame?.key))
    ) {
      // Cut there for good (the last look): what showed of it before goes, as whole shows none of it.
      const id = (frame.container as Record<string, unknown>).id;
      if (last && typeof id === 'string') this.#sink.withdraw(context, id);
      return;
    }
    const allow = this.#cutPolicy(frames, catalog);
    const cut = last ? reader.cut() : this.#dueCut(frame, context.componentStart, allow);
    // At the last look and before a nested message, a container begun in an open list is left out, as a chunk end before it did.
    const list = last || this.#forcedCut !== undefined ? listWithOpenElement(frames, level) : -1;
    // An object just opened would be healed empty, and a component with an empty object is not usable.
    if (cut === undefined || (list < 0 && cut.kind === 'none' && isEmptyObjectFrame(frames[frames.length - 1] as Frame))) return;
    const healed = (
      list >= 0
        ? heal(frames.slice(0, list + 1), level, { kind: 'none' }, 'strict', allow)
        : (reader.heal(level, 'strict', allow, cut) ??
          (last ? (heal(frames, level, { kind: 'none' }, 'strict', allow) ?? withoutUnfinished(frames, level, allow)) : undefined))
    ) as WireComponent | undefined;
    if (healed === undefined) return;
    const propsDepth = this.#settings.propsDepth;
    this.#sink.partialComponent(context, { component: healed, last, openList: (fields) => openChildList(frames, level, fields, propsDepth) });
  }

  /** The open messages streaming a data model, as partials. */
  #dataModels(open: readonly JsonMessage[]): void {
    const frames = this.#reader.frames;
    for (const context of open) {
      if (frames.length <= context.level) continue;
      const catalog = this.#sink.dataModelCatalog(context);
      if (catalog !== undefined) this.#dataModel(context, catalog);
    }
  }

  #dataModel(context: JsonMessage, catalog: Catalog): void {
    const reader = this.#reader;
    const allow = this.#cutPolicy(reader.frames, catalog);
    const cut = this.#dueCut(context, context.offset, allow);
    if (cut === undefined) return;
    const message = reader.heal(context.level, 'drop', allow, cut) as Body | undefined;
    const body = message?.[context.key as string] as Body | undefined;
    if (body && typeof body === 'object') this.#sink.partialDataModel(context, body);
  }

  /** Where the input stopped, when the open value `key` (opened at `start` characters) is due a look; else `undefined`. */
  #dueCut(key: object, start: number, allow: AllowCutString): Cut | undefined {
    if (this.#forcedCut) return this.#forcedCut;
    const reader = this.#reader;
    const cut = reader.cut();
    return this.#looks.due(key, reader.charsRead - start, reader.revision, shownCutLength(cut, allow)) ? cut : undefined;
  }

  #cutPolicy(frames: readonly Frame[], catalog: Catalog): AllowCutString {
    return allowCutString(frames, this.#settings.cuttableKeys ?? catalog.cuttableKeys);
  }
}

/**
 * The items of the component's child list the input stops inside (a list field among `fields`, or
 * v0.8's `explicitList` under one); `undefined` when there is none.
 * @param level Index of the component in `frames`.
 */
function openChildList(frames: readonly Frame[], level: number, fields: readonly string[], propsDepth: number): readonly unknown[] | undefined {
  const field = frames[level + propsDepth + 1];
  if (field === undefined || !fields.includes(field.keyInParent as string)) return undefined;
  if (field.isArray) return field.container as readonly unknown[];
  const list = frames[level + propsDepth + 2];
  return list !== undefined && list.isArray && list.keyInParent === 'explicitList' ? (list.container as readonly unknown[]) : undefined;
}

/** Whether `frame` is an object with no complete member yet (a partial healed now would hold an empty object). */
function isEmptyObjectFrame(frame: Frame): boolean {
  if (frame.isArray) return false;
  for (const key in frame.container) if (Object.hasOwn(frame.container, key)) return false;
  return true;
}

/** Verdicts for strings still being read, by the object holding them and their key. */
const urlVerdicts = new WeakMap<object, { key: string; urlLike: boolean }>();

/**
 * Rule 2 of `readiness.ts`: a string cut by a chunk boundary may be shown only under a cuttable key, never as an
 * array element (a cut id would name a component that does not exist), and never when it looks
 * like a URL or stands where a URL goes (a cut URL points somewhere else). The reference guards
 * only `valueString`; this covers every cuttable key.
 */
export function allowCutString(frames: readonly Frame[], cuttableKeys: ReadonlySet<string>): AllowCutString {
  return (cut) => {
    const key = cut.key;
    if (cut.inArray || key === undefined || !cuttableKeys.has(key)) return false;
    const top = frames[frames.length - 1];
    if (looksLikeUrl(top, key, cut)) return false;
    if (!top) return true;
    const entryKey = (top.container as Record<string, unknown>).key;
    return !isUrlHint(top.keyInParent) && !isUrlHint(entryKey);
  };
}

/**
 * Whether the cut string starts like a URL. Once its first characters are known the verdict is
 * kept, so a long text growing chunk by chunk is not read (and joined) again on every chunk.
 */
function looksLikeUrl(top: Frame | undefined, key: string, cut: CutString): boolean {
  const holder = top?.container;
  const known = holder ? urlVerdicts.get(holder) : undefined;
  if (known?.key === key) return known.urlLike;
  const text = cut.text;
  const urlLike = startsLikeUrl(text);
  if (holder && text.length >= URL_START_LENGTH) urlVerdicts.set(holder, { key, urlLike });
  return urlLike;
}

/** The innermost list below `frames[level]` with a container (object or array) begun in it; -1 when none. */
function listWithOpenElement(frames: readonly Frame[], level: number): number {
  for (let k = frames.length - 2; k > level; k--) if ((frames[k] as Frame).isArray) return k;
  return -1;
}

/**
 * At the last look, the open component at `frames[level]` without the unfinished last element of
 * its innermost open list (a string or number begun, an object opened), or, outside any open
 * list, without a key read whose value never began: what a chunk end before that element or key
 * showed, so that whole reading keeps what streaming showed (issue #37, item 9; a read error at a
 * value's place right after its key). `undefined` when neither is open, or the rest is unusable too.
 */
function withoutUnfinished(frames: readonly Frame[], level: number, allow: AllowCutString): unknown {
  for (let k = frames.length - 1; k > level; k--) {
    if ((frames[k] as Frame).isArray) return heal(frames.slice(0, k + 1), level, { kind: 'none' }, 'strict', allow);
  }
  const top = frames[frames.length - 1] as Frame;
  const dangling = !top.isArray && (top.expect === Expect.Colon || top.expect === Expect.Value);
  return dangling ? heal(frames, level, { kind: 'none' }, 'drop', allow) : undefined;
}
