/**
 * The order in which message keys are written out (by `decompile`). Text in this order streams
 * best: a streaming parser can place a message as soon as its `surfaceId` has arrived, and read a
 * component list one component at a time. Keys not listed keep their order, after the listed ones.
 */

/** Top-level keys of a message: `version` first, then the message key (any version). */
export const MESSAGE_KEY_ORDER: readonly string[] = [
  'version',
  'createSurface',
  'beginRendering',
  'updateComponents',
  'surfaceUpdate',
  'updateDataModel',
  'dataModelUpdate',
  'deleteSurface',
];

/** Keys inside a message body (the object under the message key). */
export const MESSAGE_BODY_KEY_ORDER: readonly string[] = ['surfaceId', 'catalogId', 'root', 'path', 'components', 'contents', 'value'];

/** Body keys holding a list of components, whose items are ordered by {@link COMPONENT_KEY_ORDER}. */
export const COMPONENT_LIST_KEYS: readonly string[] = ['components'];

/** Keys of one component: `id`, then `component` (its type, or v0.8's `{Type: props}`). */
export const COMPONENT_KEY_ORDER: readonly string[] = ['id', 'component'];
