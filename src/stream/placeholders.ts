/**
 * The stand-in a surface sends for a child that has not arrived (the `placeholder` option): the
 * reference's `Row` with no children by default, a type the caller names, or a component the
 * caller's function makes. Validated like any component by the surface that sends it.
 */
import { streamListFields } from '../catalog/refs.js';
import type { Catalog, ComponentDef } from '../catalog/model.js';
import { A2uiValidationError } from '../errors.js';
import { isJsonObject } from '../json/is-object.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import { optionError } from './options.js';
import type { StreamParserOptions } from './options.js';

/** Makes the placeholder with id `id` for a parent of type `parentType`; `undefined`: none. */
export type PlaceholderMaker = (id: string, parentType: string) => WireComponent | undefined;

/** The placeholder maker for `catalog` under the option (see `StreamParserOptions.placeholder`). */
export function placeholderMaker(
  option: StreamParserOptions['placeholder'],
  catalog: Catalog,
  spec: VersionSpec,
): PlaceholderMaker {
  if (typeof option === 'function') return (id, parentType) => fromFunction(option, id, parentType);
  const type = option ?? defaultType(catalog);
  if (type === undefined) return () => undefined;
  const lists = listFieldsOf(type, catalog.components.get(type));
  return (id) => namedPlaceholder(id, type, lists, spec);
}

/** Throws a `ValidationError` unless `option` is a type name, a function or absent. */
export function checkPlaceholderOption(option: unknown): void {
  if (option !== undefined && typeof option !== 'string' && typeof option !== 'function') {
    throw optionError('placeholder', 'a component type name or a function', option);
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

function namedPlaceholder(id: string, type: string, lists: readonly string[], spec: VersionSpec): WireComponent {
  const props: Record<string, unknown> = {};
  for (const name of lists) props[name] = spec.nestedComponents ? { explicitList: [] } : [];
  return spec.nestedComponents ? { id, component: { [type]: props } } : { id, component: type, ...props };
}

function fromFunction(
  make: (id: string, parentType: string) => Readonly<Record<string, unknown>>,
  id: string,
  parentType: string,
): WireComponent {
  const made: unknown = make(id, parentType);
  if (!isJsonObject(made)) {
    throw new A2uiValidationError(`The placeholder option returned ${JSON.stringify(made) ?? String(made)} for '${id}', not a component object`, {
      details: [{ path: 'placeholder', code: 'type_mismatch', message: 'Expected a component object' }],
    });
  }
  return made.id === id ? made : { ...made, id };
}
