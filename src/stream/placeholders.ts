/**
 * The stand-ins a surface sends for children that have not arrived (the `placeholder` option): the
 * reference's `Row` with no children by default, a type the caller names, or a component the
 * caller's function makes. Full snapshots name a missing child `loading_<id>` and a child list
 * still streaming `loading_children_<id>`; delta snapshots give the placeholder the child's own id.
 * Placeholders are validated like any component (see `readiness.ts`).
 */
import { streamListFields } from '../catalog/refs.js';
import type { Catalog, ComponentDef } from '../catalog/model.js';
import { A2uiValidationError } from '../errors.js';
import { isJsonObject } from '../json/is-object.js';
import type { WireComponent } from '../validate/graph.js';
import { optionError, type StreamParserOptions } from './options.js';
import type { Wire } from './wire.js';

/** Prefix of every placeholder id the parser makes (full snapshots). */
export const PLACEHOLDER_PREFIX = 'loading_';
/** Prefix of the placeholder standing for a child list still streaming (full snapshots). */
export const LIST_PLACEHOLDER_PREFIX = `${PLACEHOLDER_PREFIX}children_`;

/**
 * Whether `id` is the id of a placeholder the parser made: with full snapshots, `loading_<id>`
 * stands for a child not arrived yet and `loading_children_<id>` for a child list still streaming.
 * Delta snapshots' placeholders take the missing child's own id, so they are not told by their id
 * (they are empty components of the placeholder type, replaced when the child arrives).
 */
export function isPlaceholderId(id: string): boolean {
  return id.startsWith(PLACEHOLDER_PREFIX);
}

/**
 * The id a full-snapshot placeholder id stands for: `'card'` for `'loading_card'`,
 * `'children_list'` for a streaming child list's `'loading_children_list'`; `undefined` when `id`
 * is not a placeholder id.
 */
export function placeholderTarget(id: string): string | undefined {
  return isPlaceholderId(id) ? id.slice(PLACEHOLDER_PREFIX.length) : undefined;
}

/** What a placeholder id stands for, in words: the missing child, or a child list still streaming. */
export function describeMissing(id: string): string {
  if (id.startsWith(LIST_PLACEHOLDER_PREFIX)) return `the children of '${id.slice(LIST_PLACEHOLDER_PREFIX.length)}'`;
  return placeholderTarget(id) ?? id;
}

type PlaceholderOption = StreamParserOptions['placeholder'];
type Maker = (id: string, parentType: string) => WireComponent | undefined;

/** Throws a `ValidationError` unless `option` is a type name, a function or absent. */
export function checkPlaceholderOption(option: unknown): void {
  if (option !== undefined && typeof option !== 'string' && typeof option !== 'function') {
    throw optionError('placeholder', 'a component type name or a function', option);
  }
}

/** The placeholders of one surface: one object per missing id, made for the surface's catalog. */
export class Placeholders {
  readonly #made = new Map<string, WireComponent | undefined>();
  /** Every placeholder object made, also those forgotten (a form sent may still be one). */
  readonly #objects = new WeakSet<WireComponent>();
  /** The type of the first parent that needed each id, kept only for a function (which is told it). */
  readonly #parentTypes = new Map<string, string>();
  #maker: Maker;
  readonly #option: PlaceholderOption;
  readonly #wire: Wire;

  constructor(option: PlaceholderOption, wire: Wire, catalog: Catalog) {
    this.#option = option;
    this.#wire = wire;
    this.#maker = this.#makerFor(catalog);
  }

  /** The surface's catalog changed: placeholders are made for `catalog` from now on. */
  useCatalog(catalog: Catalog): void {
    this.#maker = this.#makerFor(catalog);
    this.forget();
  }

  /** The placeholder standing for missing id `id` (one object per id); `undefined`: none. */
  get(id: string): WireComponent | undefined {
    if (this.#made.has(id)) return this.#made.get(id);
    const form = this.#maker(id, this.#parentTypes.get(id) ?? '');
    this.#made.set(id, form);
    if (form !== undefined) this.#objects.add(form);
    return form;
  }

  /** Whether `form` is a placeholder this surface made. */
  isPlaceholder(form: WireComponent): boolean {
    return this.#objects.has(form);
  }

  /** Component `parent` needs placeholders `ids` (a function is told the first parent's type). */
  needed(ids: readonly string[], parent: WireComponent): void {
    if (typeof this.#option !== 'function') return;
    for (const id of ids) if (!this.#parentTypes.has(id)) this.#parentTypes.set(id, this.#wire.typeName(parent));
  }

  /** Component `id` arrived: no placeholder needs its parent's type any more. */
  arrived(id: string): void {
    if (this.#parentTypes.size === 0) return;
    this.#parentTypes.delete(id);
    this.#parentTypes.delete(PLACEHOLDER_PREFIX + id);
  }

  /** Forgets every placeholder object (new ones are made when needed). */
  forget(): void {
    this.#made.clear();
  }

  #makerFor(catalog: Catalog): Maker {
    const option = this.#option;
    if (typeof option === 'function') return (id, parentType) => fromFunction(option, id, parentType);
    const type = option ?? defaultType(catalog);
    if (type === undefined) return () => undefined;
    const lists = listFieldsOf(type, catalog.components.get(type));
    return (id) => {
      const props: Record<string, unknown> = {};
      for (const name of lists) props[name] = this.#wire.emptyList();
      return this.#wire.make(id, type, props);
    };
  }
}

/** `Row` when the catalog has it, else the first type with no required property, else none. */
function defaultType(catalog: Catalog): string | undefined {
  if (catalog.components.has('Row')) return 'Row';
  for (const def of catalog.components.values()) if (def.required.length === 0) return def.name;
  return undefined;
}

/** The list fields a placeholder of `type` gets empty: `children` for `Row`, else the required ones. */
function listFieldsOf(type: string, def: ComponentDef | undefined): readonly string[] {
  if (type === 'Row') return ['children'];
  if (def === undefined) return [];
  return streamListFields(def).filter((name) => def.required.includes(name));
}

function fromFunction(make: (id: string, parentType: string) => Readonly<Record<string, unknown>>, id: string, parentType: string): WireComponent {
  const made: unknown = make(id, parentType);
  if (!isJsonObject(made)) {
    throw new A2uiValidationError(`The placeholder option returned ${JSON.stringify(made) ?? String(made)} for '${id}', not a component object`, {
      details: [{ path: 'placeholder', code: 'type_mismatch', message: 'Expected a component object' }],
    });
  }
  return made.id === id ? made : { ...made, id };
}
