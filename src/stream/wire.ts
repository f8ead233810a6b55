/**
 * How a protocol version writes the components the core reads and the messages it makes. v0.8
 * nests a component's properties under its type (`{id, component: {Type: {...}}}`, child lists as
 * `{explicitList: [...]}`) and carries no `version`; v0.9+ writes them flat
 * (`{id, component: 'Type', ...}`). One {@link Wire} is chosen per parser, from its version.
 */
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import type { Body } from './reader.js';

type Props = Readonly<Record<string, unknown>>;

/** The version's component shape and message forms. */
export interface Wire {
  readonly spec: VersionSpec;
  /** Open frames from a component object down to the object holding its properties. */
  readonly propsDepth: number;
  /** Whether `component` names a type (it may still not be one the catalog has). */
  hasType(component: WireComponent): boolean;
  /** The component's type name; `''` when it names none. */
  typeName(component: WireComponent): string;
  /** `component` of type `type` with its properties replaced by `props`. */
  withProps(component: WireComponent, type: string, props: Props): WireComponent;
  /** A new component `id` of type `type` with properties `props`. */
  make(id: string, type: string, props: Props): WireComponent;
  /** An empty child list. */
  emptyList(): unknown;
  /** Whether a renderer applies a repeated start message (v0.8 `beginRendering`: root and styles again). */
  readonly startRepeats: boolean;
  /** A components message for surface `surfaceId`. */
  components(surfaceId: string, components: readonly WireComponent[]): Body;
  /** A message of kind `key` (`createSurface`, `deleteSurface`, …) with `body`, as the version writes it. */
  message(key: string, body: Body): Body;
}

const isObject = (value: unknown): value is Props => typeof value === 'object' && value !== null;

/** The wire of `spec`'s version. */
export function wireOf(spec: VersionSpec): Wire {
  const { wireVersion: version, components: key } = spec;
  const message = (kind: string, body: Body): Body => (version === undefined ? { [kind]: body } : { version, [kind]: body });
  const components = (surfaceId: string, list: readonly WireComponent[]): Body => message(key, { surfaceId, components: list });
  if (spec.nestedComponents) {
    return {
      spec,
      startRepeats: true,
      propsDepth: 2,
      hasType: (component) => isObject(component.component) && Object.keys(component.component).length > 0,
      typeName: (component) => (isObject(component.component) ? (Object.keys(component.component)[0] ?? '') : ''),
      withProps: (component, type, props) => ({ ...component, component: { [type]: props } }),
      make: (id, type, props) => ({ id, component: { [type]: props } }),
      emptyList: () => ({ explicitList: [] }),
      components,
      message,
    };
  }
  return {
    spec,
    startRepeats: false,
    propsDepth: 0,
    hasType: (component) => typeof component.component === 'string' && component.component !== '',
    typeName: (component) => (typeof component.component === 'string' ? component.component : ''),
    withProps: (_component, _type, props) => props,
    make: (id, type, props) => ({ id, component: type, ...props }),
    emptyList: () => [],
    components,
    message,
  };
}
