/**
 * The layout of a full snapshot (see `full-snapshots.ts`): the reachable forms in id order at fixed
 * positions, the placeholders they need, which forms are invalid and which differ from what was sent.
 */
import type { WireComponent } from '../validate/graph.js';
import { jsonBytes, sameList } from './json-values.js';
import type { FormEntry } from './snapshots.js';

/** What the layout asks of its surface. */
export interface LayoutJudge {
  /** Whether the catalog accepts `form` (cached by the surface). */
  isValid(form: WireComponent): boolean;
  /** Whether `form` is what was last sent under `id` (the same JSON; the surface then keeps `form` as sent). */
  isSent(id: string, form: WireComponent): boolean;
  /** The placeholder standing for missing id `id` (one object per id); `undefined`: none. */
  placeholder(id: string): WireComponent | undefined;
}

/** A snapshot to send: every form, and those that differ from what was sent before. */
interface LayoutSnapshot {
  readonly forms: WireComponent[];
  readonly changed: readonly WireComponent[];
}

/**
 * The reachable tree as full snapshots send it, kept up to date change by change: the forms in id
 * order at fixed positions (laid out again only when the reachable set changes), the placeholder
 * list (recomputed only when some form's missing references change), which forms are invalid and
 * which differ from what was last sent. A snapshot is then one copy of the list, instead of a walk
 * over every component with several lookups each, per chunk.
 */
export class FullLayout {
  /** Version of the reachable set the layout was made for (-1: none). */
  version = -1;
  /** Laid-out ids in code-point order, and their forms at the same positions. */
  #ids: string[] = [];
  #forms: WireComponent[] = [];
  readonly #entries = new Map<string, FormEntry>();
  /**
   * Laid-out ids whose form needs placeholders, in code-point order (few at a time: children not
   * yet arrived, so a sorted array beats a set here).
   */
  #owners: string[] = [];
  #placeholders: WireComponent[] = [];
  /** Bytes of {@link #placeholders} as JSON. */
  #placeholderBytes = 0;
  /** The placeholders of `placeholders`, by id, each with the layout pass that last placed it. */
  readonly #placed = new Map<string, PlacedPlaceholder>();
  #pass = 0;
  #placeholdersStale = true;
  readonly #invalid = new Set<string>();
  readonly #unsent = new Set<string>();
  readonly #judge: LayoutJudge;

  constructor(judge: LayoutJudge) {
    this.#judge = judge;
  }

  /** Number of laid-out components. */
  get size(): number {
    return this.#ids.length;
  }

  /** Number of placeholders the current forms need. */
  get placeholderCount(): number {
    if (this.#placeholdersStale) this.#layOutPlaceholders();
    return this.#placeholders.length;
  }

  /** Bytes the placeholders the current forms need take as JSON. */
  get placeholderBytes(): number {
    if (this.#placeholdersStale) this.#layOutPlaceholders();
    return this.#placeholderBytes;
  }

  /** The ids of the placeholders the current forms need. */
  placeholderIds(): string[] {
    if (this.#placeholdersStale) this.#layOutPlaceholders();
    return this.#placeholders.map((form) => form.id as string);
  }

  /** Whether the current forms need a placeholder with id `id`. */
  needsPlaceholder(id: string): boolean {
    if (this.#placeholdersStale) this.#layOutPlaceholders();
    return this.#placed.has(id);
  }

  /**
   * The laid-out components held back because a child they refer to has not arrived and has no
   * placeholder the catalog accepts, each with those children's placeholder ids.
   */
  waiting(): [string, string[]][] {
    if (this.#placeholdersStale) this.#layOutPlaceholders();
    const out: [string, string[]][] = [];
    if (this.#invalid.size === 0) return out;
    for (const owner of this.#owners) {
      const missing = (this.#entries.get(owner) as FormEntry).missing.filter((id) => this.#invalid.has(id) && !this.#entries.has(id));
      if (missing.length > 0) out.push([owner, missing]);
    }
    return out;
  }

  /** Whether `id` is laid out (reachable when the layout was made). */
  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /**
   * Lays out the reachable ids of reachable-set `version` anew; `entryOf` gives each entry (with
   * the one laid out before, if any).
   */
  reset(ids: Iterable<string>, version: number, entryOf: (id: string, previous: FormEntry | undefined) => FormEntry): void {
    const before = new Map(this.#entries);
    // Verdicts start afresh, placeholders' too.
    this.clear();
    this.#ids = [...ids].sort();
    this.version = version;
    for (const id of this.#ids) {
      const entry = entryOf(id, before.get(id));
      this.#forms.push(entry.form);
      this.#put(id, entry);
    }
    this.#placeholdersStale = true;
  }

  /** Adds ids that became reachable (reachable-set `version` is the old one plus these). */
  insert(ids: readonly string[], version: number, entryOf: (id: string) => FormEntry): void {
    for (const id of ids) {
      const at = insertionPoint(this.#ids, id);
      const entry = entryOf(id);
      this.#ids.splice(at, 0, id);
      this.#forms.splice(at, 0, entry.form);
      this.#put(id, entry);
    }
    this.version = version;
    this.#placeholdersStale = true;
  }

  /** Replaces the entry of laid-out component `id`. */
  set(id: string, entry: FormEntry): void {
    const old = this.#entries.get(id) as FormEntry;
    if (old === entry) return;
    if (!sameList(old.missing, entry.missing)) this.#placeholdersStale = true;
    this.#forms[insertionPoint(this.#ids, id)] = entry.form;
    this.#put(id, entry);
  }

  /** Forgets the layout (after a roll-back). */
  clear(): void {
    this.version = -1;
    this.#ids = [];
    this.#forms = [];
    this.#entries.clear();
    this.#owners = [];
    this.#invalid.clear();
    this.#unsent.clear();
    this.#placeholders = [];
    this.#placed.clear();
    this.#placeholdersStale = true;
  }

  /**
   * The snapshot to send, or `undefined` when nothing differs from what was sent or a form is not
   * valid yet. The caller records `changed` as sent.
   */
  take(): LayoutSnapshot | undefined {
    if (this.#placeholdersStale) this.#layOutPlaceholders();
    if (this.#invalid.size > 0 || this.#unsent.size === 0) return undefined;
    const forms = this.#forms.concat(this.#placeholders);
    const changed: WireComponent[] = [];
    for (const id of this.#unsent) changed.push(this.#entries.get(id)?.form ?? (this.#judge.placeholder(id) as WireComponent));
    this.#unsent.clear();
    return { forms, changed };
  }

  #put(id: string, entry: FormEntry): void {
    this.#entries.set(id, entry);
    const at = insertionPoint(this.#owners, id);
    const listed = this.#owners[at] === id;
    if (entry.missing.length > 0) {
      if (!listed) this.#owners.splice(at, 0, id);
    } else if (listed) {
      this.#owners.splice(at, 1);
    }
    this.#judgeForm(id, entry.form);
  }

  #judgeForm(id: string, form: WireComponent): void {
    if (this.#judge.isValid(form)) this.#invalid.delete(id);
    else this.#invalid.add(id);
    if (this.#judge.isSent(id, form)) this.#unsent.delete(id);
    else this.#unsent.add(id);
  }

  /**
   * The placeholders the forms need, in the order the forms refer to them, each once. Placeholders
   * are the same object per id, so only new ones are judged. Runs per change of a missing list,
   * i.e. about once per arriving component: each placed placeholder is stamped with the pass, which
   * finds both the repeats and the placeholders no longer needed with one lookup per id.
   */
  #layOutPlaceholders(): void {
    const pass = ++this.#pass;
    const forms: WireComponent[] = [];
    let bytes = 0;
    for (const owner of this.#owners) {
      for (const id of (this.#entries.get(owner) as FormEntry).missing) {
        let placed = this.#placed.get(id);
        if (placed?.pass === pass) continue;
        if (placed === undefined) {
          placed = { form: this.#judge.placeholder(id), pass };
          this.#placed.set(id, placed);
          // No placeholder: the forms that need one wait, as for one the catalog rejects.
          if (placed.form === undefined) this.#invalid.add(id);
          else this.#judgeForm(id, placed.form);
        } else {
          placed.pass = pass;
        }
        if (placed.form !== undefined) {
          forms.push(placed.form);
          bytes += jsonBytes(placed.form) + 1;
        }
      }
    }
    // What the last pass placed and this one did not is no longer needed.
    for (const [id, placed] of this.#placed) {
      if (placed.pass === pass) continue;
      this.#placed.delete(id);
      if (!this.#entries.has(id)) {
        this.#invalid.delete(id);
        this.#unsent.delete(id);
      }
    }
    this.#placeholders = forms;
    this.#placeholderBytes = bytes;
    this.#placeholdersStale = false;
  }
}

/** A placeholder in the layout (`undefined`: none to be had), with the layout pass that last placed it. */
interface PlacedPlaceholder {
  readonly form: WireComponent | undefined;
  pass: number;
}

/** Where `id` goes in the sorted `ids` (code-point order, as `Array.prototype.sort`). */
function insertionPoint(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ids[mid] as string) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
