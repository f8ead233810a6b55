/**
 * A v1.0 catalog's documents in upstream's current dialect: the embedded (2026-08) documents with
 * bindings spelt `{"@path": …}` and calls `{"@call": …}` in the schemas and in the catalog's
 * instructions, so that a model prompted with a current-dialect catalog writes what it reads.
 * Upstream's current `common_types.json` is not published; this is the August one respelt.
 */
import type { CatalogDocuments } from '../index.js';
import { isRecord } from './json.js';

type Renames = Readonly<Record<string, string>>;

const BINDING_AND_CALL: Renames = { path: '@path', call: '@call' };
const CALL: Renames = { call: '@call' };

/** `schema` with the property names in `renames` renamed: in `properties`, `required` and discriminators. */
function respelt(schema: unknown, renames: Renames): unknown {
  if (Array.isArray(schema)) return schema.map((item) => respelt(item, renames));
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [renames[name] ?? name, respelt(item, renames)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((name) => (typeof name === 'string' ? (renames[name] ?? name) : name));
    } else if (key === 'propertyName' && typeof value === 'string') {
      out[key] = renames[value] ?? value;
    } else out[key] = respelt(value, renames);
  }
  return out;
}

/** The common types whose `path`/`call` are a binding's or a call's (not ChildList's template `path`). */
const DYNAMIC_DEFS: ReadonlySet<string> = new Set(['DataBinding', 'FunctionCall', 'FunctionCommon', 'IndexSystemFunction', 'DynamicValue']);

function respeltDefs(defs: unknown, names: (name: string) => Renames | undefined): unknown {
  if (!isRecord(defs)) return defs;
  return Object.fromEntries(
    Object.entries(defs).map(([name, def]) => {
      const renames = names(name);
      return [name, renames === undefined ? def : respelt(def, renames)];
    }),
  );
}

/** Example JSON in instructions: `{"path": "…"}` → `{"@path": "…"}`, `{"call": ` → `{"@call": `. */
function respeltText(text: string): string {
  return text.replace(/\{(\s*)"path":(\s*"(?:[^"\\]|\\.)*"\s*)\}/g, '{$1"@path":$2}').replace(/\{(\s*)"call":/g, '{$1"@call":');
}

/** `documents` (of a v1.0 catalog in the 2026-08 spelling) in the current dialect's spelling. */
export function currentDialectDocuments(documents: CatalogDocuments): CatalogDocuments {
  const { catalog, commonTypes } = documents;
  const respeltCatalog: Record<string, unknown> = { ...catalog };
  if (typeof catalog.instructions === 'string') respeltCatalog.instructions = respeltText(catalog.instructions);
  if (isRecord(catalog.functions)) respeltCatalog.functions = respelt(catalog.functions, CALL);
  if (isRecord(catalog.$defs)) respeltCatalog.$defs = respeltDefs(catalog.$defs, (name) => (name === 'anyFunction' ? CALL : undefined));
  return {
    ...documents,
    catalog: respeltCatalog,
    commonTypes: isRecord(commonTypes.$defs)
      ? { ...commonTypes, $defs: respeltDefs(commonTypes.$defs, (name) => (DYNAMIC_DEFS.has(name) ? BINDING_AND_CALL : undefined)) }
      : commonTypes,
  };
}
