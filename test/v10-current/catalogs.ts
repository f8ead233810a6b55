/** Catalogs the current-v1.0 tests share. */
import * as v from 'valibot';
import { defineCatalog } from '../../src/catalog/index.js';

/** A current-dialect catalog beside the basic one: a `Badge` component and a `shout` function. */
export const customCatalog = defineCatalog({
  id: 'custom',
  version: '1.0',
  dialect: 'current',
  components: { Badge: v.looseObject({ id: v.string(), component: v.literal('Badge'), label: v.unknown() }) },
  functions: { shout: v.strictObject({ value: v.string() }) },
});

/** A component schema of type `name` taking any property. */
export const part = (name: string) => v.looseObject({ id: v.string(), component: v.literal(name) });

/**
 * A catalog (id `c`) with composition constraints: a `Header` only under a `Column`, a `Box` holding
 * only `Header`s, a `Page` only at the root (under the implicit `Surface`).
 */
export const shapedCatalog = defineCatalog({
  id: 'c',
  version: '1.0',
  components: {
    Row: { schema: part('Row'), refs: { list: ['children'] } },
    Column: { schema: part('Column'), refs: { list: ['children'] } },
    Header: { schema: part('Header'), allowedParents: ['Column'] },
    Box: { schema: part('Box'), refs: { list: ['children'] }, allowedChildren: ['Header'] },
    Page: { schema: part('Page'), refs: { list: ['children'] }, allowedParents: ['Surface'] },
  },
});
