/**
 * One function per protocol version returning its basic catalog, so that a bundle importing one
 * of them carries that version's schemas only.
 */
import type { GenericSchema } from 'valibot';
import { defineCatalog } from '../catalog.js';
import type { Catalog } from '../model.js';
import { BASIC_CATALOG_ID_V08, buildBasicV08 } from './v0_8.js';
import { BASIC_CATALOG_ID_V09, buildBasicV09 } from './v0_9.js';
import { BASIC_CATALOG_ID_V10, buildBasicV10 } from './v1_0.js';
import { V09_BASIC_REFS } from './v09-components.js';
import type { V09Types } from './v09-types.js';

function functionsOf(types: V09Types) {
  return Object.fromEntries(Object.entries(types.functions).map(([name, spec]) => [name, spec.args]));
}

function componentsWithRefs(components: Readonly<Record<string, GenericSchema>>) {
  return Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, { schema, refs: V09_BASIC_REFS[name] ?? {} }]));
}

function v09Family(version: '0.9' | '0.9.1'): Catalog {
  const { types, components, theme } = buildBasicV09();
  return defineCatalog({
    id: BASIC_CATALOG_ID_V09,
    version,
    components: componentsWithRefs(components),
    functions: functionsOf(types),
    theme,
  });
}

let v08: Catalog | undefined;
let v09: Catalog | undefined;
let v091: Catalog | undefined;
let v10: Catalog | undefined;
let v10Current: Catalog | undefined;

/**
 * The v0.8 standard catalog, written with valibot after the spec's catalog file. Built on the
 * first call and shared (catalogs are immutable); the same object as `basicCatalog('0.8')`.
 */
export function basicCatalogV08(): Catalog {
  if (v08 === undefined) {
    const { components, styles } = buildBasicV08();
    v08 = defineCatalog({ id: BASIC_CATALOG_ID_V08, version: '0.8', components, theme: styles });
  }
  return v08;
}

/**
 * The v0.9 basic catalog, written with valibot after the spec's catalog file. Built on the first
 * call and shared; the same object as `basicCatalog('0.9')`.
 */
export function basicCatalogV09(): Catalog {
  return (v09 ??= v09Family('0.9'));
}

/**
 * The v0.9.1 basic catalog: the v0.9 one (same id and components; the spec ships one catalog for
 * both), labelled version `0.9.1`. Built on the first call and shared; the same object as
 * `basicCatalog('0.9.1')`.
 */
export function basicCatalogV091(): Catalog {
  return (v091 ??= v09Family('0.9.1'));
}

/**
 * The v1.0 basic catalog, written with valibot after the spec's catalog file, in the dialect of
 * 2026-08-17 (plain `path`/`call`, what the published renderers draw). Built on the first call and
 * shared; the same object as `basicCatalog('1.0')`.
 */
export function basicCatalogV10(): Catalog {
  return (v10 ??= v10Basic(false));
}

/**
 * The v1.0 basic catalog in upstream's current dialect: bindings `{"@path": …}`, calls
 * `{"@call": …, "args": …}`, `{"@call": "@index"}`, `@@` escaping; the same components and
 * functions as {@link basicCatalogV10} and the same id. Built on the first call and shared; the
 * same object as `basicCatalog('1.0', { dialect: 'current' })`. The published renderers
 * (`@a2ui/web_core` 0.11) draw the August spelling only.
 */
export function basicCatalogV10Current(): Catalog {
  return (v10Current ??= v10Basic(true));
}

function v10Basic(current: boolean): Catalog {
  const { types, components } = buildBasicV10(current);
  return defineCatalog({
    id: BASIC_CATALOG_ID_V10,
    version: '1.0',
    components: componentsWithRefs(components),
    functions: functionsOf(types),
    ...(current ? { dialect: 'current' as const } : {}),
  });
}
