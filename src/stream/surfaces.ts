/**
 * A response's surfaces by id: each made on first use (at most `maxSurfaces`), forgotten on
 * `deleteSurface`, and which of them a block looked at, so that closing a block visits only those
 * (a response with many surfaces does not visit all of them after every block).
 */
import type { ResolvedCatalogs } from '../catalog/catalog.js';
import { limitError } from './options.js';
import { CatalogChoice } from './surface-catalogs.js';
import { Surface, type SurfaceSettings } from './surface.js';
import type { TurnBudget } from './turn-end.js';

/** What the registry needs of the session's settings. */
export interface SurfacesSettings extends SurfaceSettings {
  readonly catalogs: ResolvedCatalogs;
  readonly maxSurfaces: number;
}

/** The surfaces of one session (see the module comment). */
export class Surfaces {
  readonly #byId = new Map<string, Surface>();
  /** Surfaces looked up since the last block closed: only they can have anything new to let go of. */
  #lookedAt = new Set<Surface>();
  /** Surfaces the last block close released: asleep once a block closes without looking at them. */
  #released = new Set<Surface>();
  /** With the `turns` option, the surfaces made or changed since the turn began (`undefined` without it). */
  #inTurn: Set<Surface> | undefined;

  readonly #choice: CatalogChoice;

  constructor(private readonly settings: SurfacesSettings) {
    this.#choice = new CatalogChoice(settings.catalogs);
    if (settings.turns) this.#inTurn = new Set();
  }

  /** `surface` changed (a component put or dropped, data sent): the turn's end looks at it. */
  changed(surface: Surface): void {
    this.#inTurn?.add(surface);
  }

  /** The surface `id`, if the session has it (looking does not count as a look: see {@link open}). */
  get(id: string): Surface | undefined {
    return this.#byId.get(id);
  }

  /** Whether surface `id` exists and was started (a renderer holds it). */
  started(id: string): boolean {
    return this.#byId.get(id)?.started === true;
  }

  /** Every surface, in the order they were made. */
  values(): IterableIterator<Surface> {
    return this.#byId.values();
  }

  /** Surfaces looked up since the last block closed. */
  get lookedAt(): ReadonlySet<Surface> {
    return this.#lookedAt;
  }

  /**
   * The surface `id`, made on first use (counted against `maxSurfaces`: past it, a `LimitError`).
   * `start`, a start message's body (or a `knownSurfaces` entry): the surface's catalogs follow its
   * `catalogId` (see `surface-catalogs.ts`). It counts as looked at.
   */
  open(id: string, start?: { readonly catalogId?: unknown }): Surface {
    let surface = this.#byId.get(id);
    const catalogs = start === undefined ? this.#choice.plain : this.#choice.forStart(start.catalogId);
    if (!surface) {
      if (this.#byId.size >= this.settings.maxSurfaces) throw limitError('maxSurfaces', this.settings.maxSurfaces);
      surface = new Surface(id, catalogs, this.settings);
      this.#byId.set(id, surface);
      this.#inTurn?.add(surface);
    } else if (start !== undefined) {
      surface.useCatalogs(catalogs);
    }
    this.#lookedAt.add(surface);
    return surface;
  }

  /** Forgets `surface` (deleted: a later start makes a new one). */
  forget(surface: Surface): void {
    this.#byId.delete(surface.id);
    this.#lookedAt.delete(surface);
    this.#released.delete(surface);
    this.#inTurn?.delete(surface);
  }

  /** Between turns: each surface made or changed in the turn forgets what the turn read and never sent (`Surface.forgetUnsent`); returns those that go (the client knows nothing of them) and those whose tree became known. */
  forgetUnsent(budget: TurnBudget): { gone: Surface[]; learned: Surface[] } {
    const looked = this.#inTurn ?? new Set<Surface>();
    this.#inTurn = new Set();
    const ended = { gone: [] as Surface[], learned: [] as Surface[], kept: [] as Surface[] };
    for (const surface of looked) ended[surface.forgetUnsent(budget)].push(surface);
    for (const surface of ended.gone) this.forget(surface);
    return ended;
  }

  /** A block closed: lets go of what no later message needs (see `Surface.release` and `Surface.sleep`; `read`: characters the parser has read). */
  release(read: number): void {
    for (const surface of this.#released) if (!this.#lookedAt.has(surface)) surface.sleep(read);
    for (const surface of this.#lookedAt) surface.release(this.#released.has(surface));
    this.#released = this.#lookedAt;
    this.#lookedAt = new Set();
  }
}
