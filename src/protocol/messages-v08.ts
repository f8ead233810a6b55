/**
 * The server-to-client messages of v0.8 as TypeScript types, after the specification's
 * `server_to_client.json`. Messages carry no `version`; components nest their properties under
 * their type name (`{id, component: {Text: {text: {literalString: 'Hi'}}}}`). As in the v0.9
 * types, object properties are `readonly` and lists plain arrays.
 */
import type { OpenObject, OtherKeysAbsent } from './messages-v09.js';

/**
 * A v0.8 component as it travels, whatever the catalog: `component` holds exactly one key, the
 * type's name, whose value holds its properties. The standard catalog's components are typed
 * exactly by `BasicComponentV08`.
 */
export type NestedComponent = {
  /** The component's id, unique within its surface. */
  readonly id: string;
  /** Flex weight inside a Row or Column. */
  readonly weight?: number;
  /** `{ TypeName: properties }`. */
  readonly component: { readonly [type: string]: OpenObject };
};

/** `beginRendering`: starts drawing a surface from its root. */
export type BeginRenderingV08 = {
  /** The surface's id. */
  readonly surfaceId: string;
  /** The catalog; absent: the v0.8 standard catalog. */
  readonly catalogId?: string;
  /** The root component's id. */
  readonly root: string;
  /** Styles (`font`, `primaryColor`, …). */
  readonly styles?: OpenObject;
};

/** `surfaceUpdate`: adds or replaces components of a surface, by id. */
export type SurfaceUpdateV08<COMPONENT extends NestedComponent = NestedComponent> = {
  /** The surface the components belong to. */
  readonly surfaceId: string;
  /** The components. */
  components: COMPONENT[];
};

/** One entry of a v0.8 data-model update: a key and one typed value (or a nested map). */
export type DataEntryV08 = {
  /** The key under the update's `path`. */
  readonly key: string;
  /** A string value. */
  readonly valueString?: string;
  /** A number value. */
  readonly valueNumber?: number;
  /** A boolean value. */
  readonly valueBoolean?: boolean;
  /** A map of entries. */
  valueMap?: DataEntryV08[];
};

/** `dataModelUpdate`: sets the entries under `path`. */
export type DataModelUpdateV08 = {
  /** The surface whose data model changes. */
  readonly surfaceId: string;
  /** Where the entries go; absent or `/`: the root. */
  readonly path?: string;
  /** The entries. */
  contents: DataEntryV08[];
};

/** A v0.8 `beginRendering` message. */
export type BeginRenderingMessageV08 = {
  /** The message body. */
  readonly beginRendering: BeginRenderingV08;
} & OtherKeysAbsent<'beginRendering'> & { readonly version?: never };

/** A v0.8 `surfaceUpdate` message. */
export type SurfaceUpdateMessageV08<COMPONENT extends NestedComponent = NestedComponent> = {
  /** The message body. */
  readonly surfaceUpdate: SurfaceUpdateV08<COMPONENT>;
} & OtherKeysAbsent<'surfaceUpdate'> & { readonly version?: never };

/** A v0.8 `dataModelUpdate` message. */
export type DataModelUpdateMessageV08 = {
  /** The message body. */
  readonly dataModelUpdate: DataModelUpdateV08;
} & OtherKeysAbsent<'dataModelUpdate'> & { readonly version?: never };

/** A v0.8 `deleteSurface` message. */
export type DeleteSurfaceMessageV08 = {
  /** The message body. */
  readonly deleteSurface: { readonly surfaceId: string };
} & OtherKeysAbsent<'deleteSurface'> & { readonly version?: never };

/**
 * A v0.8 message. With the standard catalog's components (`A2uiMessageV08<BasicComponentV08>`)
 * it is assignable to `@a2ui/web_core`'s v0.8 `ServerToClientMessage`.
 */
export type A2uiMessageV08<COMPONENT extends NestedComponent = NestedComponent> =
  | BeginRenderingMessageV08
  | SurfaceUpdateMessageV08<COMPONENT>
  | DataModelUpdateMessageV08
  | DeleteSurfaceMessageV08;
