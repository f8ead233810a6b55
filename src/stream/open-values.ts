/**
 * What the values still being read show: after each piece of block content, the open component
 * (healed strictly, put when `readiness.ts` allows) and the open data-model messages (healed with
 * the unfinished entry dropped, diffed against what was sent).
 *
 * A look costs time in proportion to the value, and most chunks change nothing a look could show:
 * they extend a key, a number or a string that may not be shown cut. So a value is looked at
 * again only when it may show more (see {@link LastLooks}), and a large one only at growth by a
 * quarter: total work stays linear. What a block leaves open gets a last look past both rules.
 */
import type { Catalog } from '../catalog/model.js';
import type { JsonBlockReader } from '../json/block-reader.js';
import type { Frame } from '../json/builder.js';
import { shownCutLength, type AllowCutString, type Cut } from '../json/heal.js';
import type { WireComponent } from '../validate/graph.js';
import type { Block, MessageContext } from './block.js';
import { allowCutString, isEmptyObjectFrame, ListGrowth, partialToPut } from './readiness.js';
import type { Session } from './session.js';
import type { Body } from './wire.js';


/** Below this size (in characters) an open value is looked at again whenever it may show more. */
export const SMALL_OPEN_VALUE = 8_192;

/** A large open value is looked at again once it has grown by this factor. */
const GROWTH = 1.25;

/**
 * A cut string that is shown is shown again once this many more characters of it arrived, or
 * {@link CUT_GROWTH} of what was shown if that is more (see {@link grewEnough}).
 */
export const CUT_STEP = 64;
/** A shown cut string is shown again once it has grown by this share of what was shown, if that is more than {@link CUT_STEP}. */
export const CUT_GROWTH = 0.5;

/**
 * Whether a cut string shown with `before` characters (-1: none was shown) is shown again with
 * `now`: one that starts or stops being shown always is; one that grows, once it has grown by
 * {@link CUT_STEP} characters or by {@link CUT_GROWTH} of `before`, whichever is more. So the text
 * on screen lags what has arrived by less than `max(CUT_STEP, arrived ÷ 3)` characters, and the
 * forms sent for one string add up to about three times its length (delta snapshots re-send a
 * component whole each time).
 */
export function grewEnough(before: number, now: number): boolean {
  if (now === before) return false;
  if (before < 0 || now < before) return true;
  return now - before >= Math.max(CUT_STEP, Math.ceil(before * CUT_GROWTH));
}

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

export class OpenValues {
  readonly #looks: LastLooks;
  readonly #lists = new ListGrowth();
  /** The cut every look of the current pass takes, whatever is due (see {@link look}). */
  #forcedCut: Cut | undefined;
  readonly #session: Session;

  constructor(session: Session) {
    this.#session = session;
    this.#looks = new LastLooks(session.settings.boundedCutStrings);
  }

  /**
   * Looks at the open component and data models of `block`.
   * @param cut Look at them as cut so, due or not (before a nested message: `none`).
   */
  look(block: Block, cut?: Cut): void {
    this.#forcedCut = cut;
    this.#component(block, false);
    this.#dataModels(block);
    this.#forcedCut = undefined;
  }

  /** The last look at what `block` leaves open: a child list goes out with every child read, a data model with every entry. */
  lastLook(block: Block): void {
    this.#component(block, true);
    this.#forcedCut = block.reader.cut();
    this.#dataModels(block);
    this.#forcedCut = undefined;
  }

  /** The open component of the open components message, if any. */
  #component(block: Block, last: boolean): void {
    const context = block.current;
    if (context === undefined || !this.#session.settings.partialComponents) return;
    const surface = this.#session.contentSurface(context);
    if (surface === undefined) return;
    const frames = block.reader.frames;
    const listLevel = block.componentListLevel(frames);
    if (listLevel === undefined || frames.length <= listLevel + 1) return;
    const level = listLevel + 1;
    const frame = frames[level] as Frame;
    if (frame.isArray) return;
    const reader = block.reader;
    const allow = this.#cutPolicy(frames, surface.catalog);
    const cut = last ? reader.cut() : this.#dueCut(reader, frame, context.componentStart, allow);
    // An object just opened would be healed empty, and a component with an empty object is not usable.
    if (cut === undefined || (cut.kind === 'none' && isEmptyObjectFrame(frames[frames.length - 1] as Frame))) return;
    const healed = reader.heal(level, 'strict', allow, cut) as WireComponent | undefined;
    const listOpen = partialToPut(surface, healed, frames, level, last, this.#lists);
    if (listOpen !== undefined) this.#session.put(surface, healed as WireComponent, listOpen, true);
  }

  /** The open messages streaming a data model, as partials (but those sealed by a nested message). */
  #dataModels(block: Block): void {
    const reader = block.reader;
    for (const open of block.openMessages) {
      if (reader.frames.length > open.level && !open.sealed && this.#session.streamsDataModel(open)) this.#dataModel(reader, open);
    }
  }

  #dataModel(reader: JsonBlockReader, context: MessageContext): void {
    const session = this.#session;
    const catalog = context.surfaceId === undefined ? session.settings.catalogs.default : session.surface(context.surfaceId).catalog;
    const allow = this.#cutPolicy(reader.frames, catalog);
    const cut = this.#dueCut(reader, context, context.start, allow);
    if (cut === undefined) return;
    const message = reader.heal(context.level, 'drop', allow, cut) as Body | undefined;
    const body = message?.[context.key as string] as Body | undefined;
    if (body && typeof body === 'object') session.partialDataModel(context, body);
  }

  /** Where the input stopped, when the open value `key` (opened at `start` characters) is due a look; else `undefined`. */
  #dueCut(reader: JsonBlockReader, key: object, start: number, allow: AllowCutString): Cut | undefined {
    if (this.#forcedCut) return this.#forcedCut;
    const cut = reader.cut();
    return this.#looks.due(key, reader.charsRead - start, reader.revision, shownCutLength(cut, allow)) ? cut : undefined;
  }

  #cutPolicy(frames: readonly Frame[], catalog: Catalog): AllowCutString {
    return allowCutString(frames, this.#session.settings.cuttableKeys ?? catalog.cuttableKeys);
  }
}
