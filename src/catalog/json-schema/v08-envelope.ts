import type { Check, CompileContext } from './check.js';
import { childPointer, isRecord, type SchemaDocument } from './documents.js';

/**
 * The catalog's entries of `key` (`components` or `styles`) as an object schema that allows
 * nothing else, each entry referring back into the catalog document.
 */
function closedObject(catalog: SchemaDocument, key: string): Record<string, unknown> | undefined {
  const entries = (catalog.root as Record<string, unknown>)[key];
  if (!isRecord(entries)) return undefined;
  const properties = Object.fromEntries(Object.keys(entries).map((name) => [name, { $ref: `catalog.json#${childPointer(`/${key}`, name)}` }]));
  return { type: 'object', properties, additionalProperties: false };
}

/** Copies `node`, replacing open `component`/`styles` objects; untouched parts are shared. */
function replaceOpenObjects(node: unknown, replacements: Readonly<Record<string, unknown>>): unknown {
  if (Array.isArray(node)) {
    const items = node.map((item) => replaceOpenObjects(item, replacements));
    return items.some((item, index) => item !== node[index]) ? items : node;
  }
  if (!isRecord(node)) return node;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(node)) {
    const replacement = replacements[key];
    const next = replacement !== undefined && isRecord(value) && value.additionalProperties === true ? replacement : replaceOpenObjects(value, replacements);
    if (next !== value) {
      copy ??= { ...node };
      copy[key] = next;
    }
  }
  return copy ?? node;
}

/**
 * The v0.8 message check: the s2c schema in which every free-form (`additionalProperties: true`)
 * object under a `component` or `styles` key is replaced by the catalog's components or styles
 * with `additionalProperties: false`, as the reference validator builds it. A catalog without
 * `styles` leaves `styles` free-form.
 */
export function v08MessageSchema(ctx: CompileContext, s2c: SchemaDocument, catalog: SchemaDocument): Check {
  const replacements: Record<string, unknown> = {};
  const component = closedObject(catalog, 'components');
  const styles = closedObject(catalog, 'styles');
  if (component !== undefined) replacements.component = component;
  if (styles !== undefined) replacements.styles = styles;
  const root = replaceOpenObjects(s2c.root, replacements);
  const envelope: SchemaDocument = { name: `${s2c.name}+catalog`, root, base: s2c.base };
  return ctx.compile(root, { doc: envelope, pointer: '' });
}
