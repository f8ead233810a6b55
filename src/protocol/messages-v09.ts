/**
 * The server-to-client messages of the v0.9 family (v0.9, v0.9.1 and v1.0) as TypeScript types,
 * after the specification's `server_to_client.json` / `agent_to_renderer.json`. Components are
 * flat (`{id, component: 'Text', text}`); a catalog's own properties are `unknown` unless a
 * component type is given (`A2uiMessageV09<BasicComponentV09>`).
 *
 * Object properties are `readonly` (messages the library emits are shared); lists are plain
 * arrays, so that a message can be handed to a renderer whose API takes mutable ones (web_core's
 * `processMessages`). Do not change them in place.
 */
import type { JsonValue } from './json-value.js';

/** Any object of open shape (a theme, a data-model object, extension metadata). */
export type OpenObject = { readonly [key: string]: unknown };

/**
 * A v0.9-family component as it travels: its `id`, its type name in `component` and the type's
 * properties, whatever the catalog. The basic catalogs' components are typed exactly by
 * `BasicComponentV09` and `BasicComponentV10`.
 */
export type FlatComponent = {
  /** The component's id, unique within its surface (`root` is the tree's root). */
  readonly id: string;
  /** The component type's name in its catalog, e.g. `Text`. */
  readonly component: string;
  /** The type's properties (`unknown`: the catalog defines them). */
  readonly [property: string]: unknown;
};

/** The message keys of every version. */
export type MessageKey =
  | 'beginRendering'
  | 'surfaceUpdate'
  | 'dataModelUpdate'
  | 'createSurface'
  | 'updateComponents'
  | 'updateDataModel'
  | 'deleteSurface'
  | 'callRendererFunction'
  | 'agentFunctionResponse';

/**
 * The message keys other than `KEY`, declared absent (a message has exactly one), and any other
 * key readable as `unknown`. It lets code read any key of the general union
 * (`message.updateComponents?.components`, `message[key]`) and narrow by it
 * (`if (message.createSurface)`); `'createSurface' in message` does not narrow, use the key's
 * value or a guard (`isCreateSurface`).
 */
export type OtherKeysAbsent<KEY extends MessageKey> = { readonly [OTHER in Exclude<MessageKey, KEY>]?: never } & {
  readonly [key: string]: unknown;
};

/** The `version` field of a v0.9 or v0.9.1 message (a v0.9 renderer reads both). */
export type WireVersionV09 = 'v0.9' | 'v0.9.1';

/** `createSurface` of v0.9 and v0.9.1: opens a surface with its catalog. */
export type CreateSurfaceV09 = {
  /** The surface's id, unique for the renderer's lifetime. */
  readonly surfaceId: string;
  /** The catalog its components come from. */
  readonly catalogId: string;
  /** Theme values, as the catalog's theme schema defines them. */
  readonly theme?: OpenObject;
  /** Whether the client sends the surface's data model back with each message to the agent. */
  readonly sendDataModel?: boolean;
};

/** `updateComponents`: adds or replaces components of a surface, by id. */
export type UpdateComponents<COMPONENT extends FlatComponent = FlatComponent> = {
  /** The surface the components belong to. */
  readonly surfaceId: string;
  /** The components, each replacing any earlier one with its id. */
  components: COMPONENT[];
};

/** `updateDataModel` of v0.9 and v0.9.1: sets (or, without `value`, removes) a value. */
export type UpdateDataModelV09 = {
  /** The surface whose data model changes. */
  readonly surfaceId: string;
  /** JSON Pointer of the value; absent or `/`: the whole data model. */
  readonly path?: string;
  /** The new value; absent: the value at `path` is removed. */
  readonly value?: JsonValue;
};

/** `deleteSurface`: removes a surface (every version, v0.8 too). */
export type DeleteSurface = {
  /** The surface to remove. */
  readonly surfaceId: string;
};

/** A v0.9/v0.9.1 `createSurface` message. */
export type CreateSurfaceMessageV09 = {
  /** The protocol version. */
  readonly version: WireVersionV09;
  /** The message body. */
  readonly createSurface: CreateSurfaceV09;
} & OtherKeysAbsent<'createSurface'>;

/** A v0.9/v0.9.1 `updateComponents` message. */
export type UpdateComponentsMessageV09<COMPONENT extends FlatComponent = FlatComponent> = {
  /** The protocol version. */
  readonly version: WireVersionV09;
  /** The message body. */
  readonly updateComponents: UpdateComponents<COMPONENT>;
} & OtherKeysAbsent<'updateComponents'>;

/** A v0.9/v0.9.1 `updateDataModel` message. */
export type UpdateDataModelMessageV09 = {
  /** The protocol version. */
  readonly version: WireVersionV09;
  /** The message body. */
  readonly updateDataModel: UpdateDataModelV09;
} & OtherKeysAbsent<'updateDataModel'>;

/** A v0.9/v0.9.1 `deleteSurface` message. */
export type DeleteSurfaceMessageV09 = {
  /** The protocol version. */
  readonly version: WireVersionV09;
  /** The message body. */
  readonly deleteSurface: DeleteSurface;
} & OtherKeysAbsent<'deleteSurface'>;

/**
 * A v0.9 or v0.9.1 message: assignable to `@a2ui/web_core/v0_9`'s `A2uiMessage`. Narrow it by
 * its key's value (`if (message.createSurface)`) or with `isCreateSurface` and the other guards.
 */
export type A2uiMessageV09<COMPONENT extends FlatComponent = FlatComponent> =
  | CreateSurfaceMessageV09
  | UpdateComponentsMessageV09<COMPONENT>
  | UpdateDataModelMessageV09
  | DeleteSurfaceMessageV09;

/** `createSurface` of v1.0: the catalog is optional, and it may bring components and data. */
export type CreateSurfaceV10<COMPONENT extends FlatComponent = FlatComponent> = {
  /** The surface's id, unique for the renderer's lifetime. */
  readonly surfaceId: string;
  /** The surface's default catalog. */
  readonly catalogId?: string;
  /** Whether the client sends the surface's data model back with each message to the agent. */
  readonly sendDataModel?: boolean;
  /** Components to start with. */
  components?: COMPONENT[];
  /** The data model to start with. */
  readonly dataModel?: OpenObject;
  /** Extension metadata. */
  readonly metadata?: { readonly extensions?: OpenObject };
};

/** `updateDataModel` of v1.0: `value` is required (`null` removes the value at `path`). */
export type UpdateDataModelV10 = {
  /** The surface whose data model changes. */
  readonly surfaceId: string;
  /** JSON Pointer of the value; absent or `/`: the whole data model. */
  readonly path?: string;
  /** The new value; `null` removes it. */
  readonly value: JsonValue;
};

/** A v1.0 `createSurface` message. */
export type CreateSurfaceMessageV10<COMPONENT extends FlatComponent = FlatComponent> = {
  /** The protocol version. */
  readonly version: 'v1.0';
  /** The message body. */
  readonly createSurface: CreateSurfaceV10<COMPONENT>;
} & OtherKeysAbsent<'createSurface'>;

/** A v1.0 `updateComponents` message. */
export type UpdateComponentsMessageV10<COMPONENT extends FlatComponent = FlatComponent> = {
  /** The protocol version. */
  readonly version: 'v1.0';
  /** The message body. */
  readonly updateComponents: UpdateComponents<COMPONENT>;
} & OtherKeysAbsent<'updateComponents'>;

/** A v1.0 `updateDataModel` message. */
export type UpdateDataModelMessageV10 = {
  /** The protocol version. */
  readonly version: 'v1.0';
  /** The message body. */
  readonly updateDataModel: UpdateDataModelV10;
} & OtherKeysAbsent<'updateDataModel'>;

/** A v1.0 `deleteSurface` message. */
export type DeleteSurfaceMessageV10 = {
  /** The protocol version. */
  readonly version: 'v1.0';
  /** The message body. */
  readonly deleteSurface: DeleteSurface;
} & OtherKeysAbsent<'deleteSurface'>;

/** A v1.0 `callRendererFunction` message: the agent asks the renderer to run a function. */
export type CallRendererFunctionMessageV10 = {
  /** The protocol version. */
  readonly version: 'v1.0';
  /** The message body. */
  readonly callRendererFunction: {
    /** Copied into the renderer's response. */
    readonly functionCallId: string;
    /** The function, its catalog and its arguments. */
    readonly callFunction: { readonly call: string; readonly catalogId: string; readonly args?: OpenObject };
  };
} & OtherKeysAbsent<'callRendererFunction'>;

/** A v1.0 `agentFunctionResponse` message: the agent's answer to a renderer's function call. */
export type AgentFunctionResponseMessageV10 = {
  /** The protocol version. */
  readonly version: 'v1.0';
  /** The message body. */
  readonly agentFunctionResponse: {
    /** The call this answers. */
    readonly functionCallId: string;
    /** The result. */
    readonly value?: JsonValue;
    /** Or the failure. */
    readonly error?: { readonly code: string; readonly message: string };
  };
} & OtherKeysAbsent<'agentFunctionResponse'>;

/** A v1.0 message. */
export type A2uiMessageV10<COMPONENT extends FlatComponent = FlatComponent> =
  | CreateSurfaceMessageV10<COMPONENT>
  | UpdateComponentsMessageV10<COMPONENT>
  | UpdateDataModelMessageV10
  | DeleteSurfaceMessageV10
  | CallRendererFunctionMessageV10
  | AgentFunctionResponseMessageV10;
