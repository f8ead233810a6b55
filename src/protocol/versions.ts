/**
 * The protocol versions as data. Every difference between versions that the rest of the library
 * needs is a field here, so layers branch on data rather than on version strings.
 */

/** A2UI protocol versions a catalog can declare. */
export type ProtocolVersion = '0.8' | '0.9' | '0.9.1' | '1.0';

/** All supported versions, oldest first. */
export const PROTOCOL_VERSIONS: readonly ProtocolVersion[] = ['0.8', '0.9', '0.9.1', '1.0'];

/** What the library needs to know about one protocol version. */
export interface VersionSpec {
  /** The version this spec describes (`0.8`, `0.9`, `0.9.1`, `1.0`). */
  readonly version: ProtocolVersion;
  /** The `version` field messages carry (`v0.9`, …); `undefined` for v0.8, whose messages have none. */
  readonly wireVersion: string | undefined;
  /** Every `version` string a message of this version may carry (v0.9.1 also accepts `v0.9`). */
  readonly acceptedWireVersions: readonly string[];
  /** Message key that starts a surface. */
  readonly start: 'beginRendering' | 'createSurface';
  /** Message key that carries components. */
  readonly components: 'surfaceUpdate' | 'updateComponents';
  /** Message key that carries data-model updates. */
  readonly dataModel: 'dataModelUpdate' | 'updateDataModel';
  /** Message key that deletes a surface. */
  readonly delete: 'deleteSurface';
  /** All four message keys, in protocol order. */
  readonly messageKeys: readonly string[];
  /** Root id when the start message names none (`undefined`: v0.8 waits for `beginRendering.root`). */
  readonly defaultRoot: string | undefined;
  /** Components are `{id, component: {Type: props}}` (v0.8) rather than `{id, component: 'Type', ...props}`. */
  readonly nestedComponents: boolean;
  /** Streaming holds each component back until its object closes (v1.0, after the Elixir seed). */
  readonly closedComponentsOnly: boolean;
  /** The start message may carry the surface's first `components` and its `dataModel` (v1.0). */
  readonly startCarriesContent: boolean;
  /**
   * The parser's `snapshots` when none is given: `'delta'` from v0.9 on (linear output, no
   * placeholder left behind); `'full'` for v0.8, whose Lit renderer rejects an update whose parent
   * refers to a child not in the same message, which delta snapshots send.
   */
  readonly defaultSnapshots: 'full' | 'delta';
}

/** A v0.9-family version; `v1`: v1.0's rules (closed components only, content in the start message). */
function v09Like(version: ProtocolVersion, acceptedWireVersions: readonly [string, ...string[]], v1: boolean): VersionSpec {
  return {
    version,
    wireVersion: acceptedWireVersions[acceptedWireVersions.length - 1],
    acceptedWireVersions,
    start: 'createSurface',
    components: 'updateComponents',
    dataModel: 'updateDataModel',
    delete: 'deleteSurface',
    messageKeys: ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'],
    defaultRoot: 'root',
    nestedComponents: false,
    closedComponentsOnly: v1,
    startCarriesContent: v1,
    defaultSnapshots: 'delta',
  };
}

/** Per-version facts, keyed by {@link ProtocolVersion}. */
export const VERSION_SPECS: Readonly<Record<ProtocolVersion, VersionSpec>> = {
  '0.8': {
    version: '0.8',
    wireVersion: undefined,
    acceptedWireVersions: [],
    start: 'beginRendering',
    components: 'surfaceUpdate',
    dataModel: 'dataModelUpdate',
    delete: 'deleteSurface',
    messageKeys: ['beginRendering', 'surfaceUpdate', 'dataModelUpdate', 'deleteSurface'],
    defaultRoot: undefined,
    nestedComponents: true,
    closedComponentsOnly: false,
    startCarriesContent: false,
    defaultSnapshots: 'full',
  },
  '0.9': v09Like('0.9', ['v0.9'], false),
  '0.9.1': v09Like('0.9.1', ['v0.9', 'v0.9.1'], false),
  '1.0': v09Like('1.0', ['v1.0'], true),
};

/** Whether `value` names a supported protocol version. */
export function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(value);
}
