/**
 * v1.0's `@index` system function for `@a2ui/web_core` 0.11, which has none: the renderer entries
 * add it to their v1.0 basic catalogs, so that `{"call": "@index", "args": {"offset": 1}}` in a
 * template item draws the item's position.
 */
import { A2uiExpressionError, AddApi, createFunctionImplementation, type FunctionImplementation } from '@a2ui/web_core/v0_9';

/**
 * `{offset?: number}`, built from web_core's own zod schemas (the entries do not depend on zod
 * themselves): `add`'s number argument, made optional.
 */
const ARGS = AddApi.schema.pick({}).extend({ offset: AddApi.schema.shape.a.optional() });

/**
 * `@index`: the 0-based position of the template item being drawn, plus `offset` (default 0).
 * web_core draws the item `i` of a template over `/list` with the data path `/list/i`, which its
 * components and their children keep: the index is that path's last segment. Outside a template
 * it is an expression error (the surface reports it; the value is empty).
 */
export const INDEX_FUNCTION: FunctionImplementation = createFunctionImplementation({ name: '@index', returnType: 'number', schema: ARGS }, (args, context) => {
  const last = context.path.slice(context.path.lastIndexOf('/') + 1);
  if (!/^(0|[1-9]\d*)$/.test(last)) throw new A2uiExpressionError('@index is only available inside a template item', '@index');
  return Number(last) + (args.offset ?? 0);
});
