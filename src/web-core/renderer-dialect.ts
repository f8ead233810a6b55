/**
 * v1.0 component messages as `@a2ui/web_core` 0.11 reads them. Its processor reads the August
 * spelling (plain `path`/`call`, a call's `args` present), draws every component and call of a
 * surface from the surface's catalog, and rejects keys its component schemas do not list. Each
 * message is converted once, as it is applied (the React hook converts only the components it
 * did not give the renderer before). The rewriting follows `toAugustDialect`, per component so
 * that one component that cannot be drawn is left out with its error and the others are drawn.
 */
import { A2uiValidationError, type A2uiError, type A2uiMessage, type V10Dialect } from '../index.js';

type Obj = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why one component cannot be given to the renderer, and where in it. */
class Unrenderable extends Error {
  constructor(
    readonly at: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** How one surface's components are converted. */
interface Scope {
  /** The current dialect: `@path`/`@call`/`@@` keys rewritten, plain `path`/`call` objects refused. */
  readonly current: boolean;
  /** The surface's catalog id (`undefined`: the surface is unknown, the renderer will say so). */
  readonly catalogId: string | undefined;
}

/** A key of the current dialect in the August spelling. */
const augustKey = (key: string): string => (key === '@path' || key === '@call' || key.startsWith('@@') ? key.slice(1) : key);

/** A call naming another catalog than its surface's cannot be drawn; naming the surface's, the name goes. */
function ownCatalog(value: Record<string, unknown>, at: string, scope: Scope, what: string): void {
  if (!('catalogId' in value)) return;
  const named = value.catalogId;
  if (scope.catalogId !== undefined && named !== scope.catalogId) {
    throw new Unrenderable(
      `${at}.catalogId`,
      `${what} names the catalog ${JSON.stringify(named)}; @a2ui/web_core 0.11 draws a surface's components and calls from the surface's catalog ('${scope.catalogId}') only`,
    );
  }
  delete value.catalogId;
}

/** One value inside a component, copied in the renderer's spelling. */
function rendererValue(value: unknown, at: string, scope: Scope): unknown {
  if (Array.isArray(value)) return value.map((item, index) => rendererValue(item, `${at}.${index}`, scope));
  if (!isRecord(value)) return value;
  // A ChildList template keeps its plain `path` in both dialects.
  if (scope.current && !('componentId' in value) && ('path' in value || 'call' in value)) {
    throw new Unrenderable(
      at,
      "a literal object with a 'path' or 'call' key (data in the current v1.0 dialect) has no spelling @a2ui/web_core reads: it would take it for a binding or a call",
    );
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[scope.current ? augustKey(key) : key] = rendererValue(item, `${at}.${key}`, scope);
  if (typeof out.call === 'string') {
    ownCatalog(out, at, scope, `The call of '${out.call}'`);
    // web_core iterates a call's `args`, which v1.0 lets a call without arguments (`@index`) leave out.
    out.args ??= {};
  }
  return out;
}

/** One component, copied in the renderer's spelling, without what web_core's strict schemas refuse. */
function rendererComponent(component: unknown, at: string, scope: Scope): unknown {
  if (!isRecord(component)) return component;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(component)) {
    if (key !== 'metadata') out[scope.current ? augustKey(key) : key] = rendererValue(item, `${at}.${key}`, scope);
  }
  ownCatalog(out, at, scope, `The component '${String(component.id)}'`);
  return out;
}

/** What {@link rendererMessage} made of a message. */
export interface RendererMessage {
  /** The message to apply: a copy, its components in the renderer's spelling. */
  readonly message: A2uiMessage;
  /** One error per component left out. */
  readonly errors: readonly A2uiError[];
}

/**
 * A v1.0 `updateComponents` message as `@a2ui/web_core` 0.11 draws it, as a copy: in the current
 * dialect `{"@path"}` → `{path}`, `{"@call"}` → `{call}`, `@@key` → `@key`; in both dialects a
 * call without `args` gets empty ones, a component's `metadata` (vendor extensions, which web_core's
 * schemas refuse) is left out, and a `catalogId` naming the surface's catalog is dropped. A component
 * that cannot be drawn is left out with an error (code `renderer_rejected`): one naming another
 * catalog than its surface's (web_core has no per-component catalogs), or, in the current dialect,
 * one holding a literal `{path}`/`{call}` object. `undefined` for any other message (v0.9, data
 * models, starts and deletes), which web_core reads as it is.
 *
 * @param surfaceCatalog - the catalog id of a surface the renderer holds.
 */
export function rendererMessage(
  message: A2uiMessage,
  dialect: V10Dialect,
  surfaceCatalog: (surfaceId: string) => string | undefined,
): RendererMessage | undefined {
  const body = (message as Obj).updateComponents;
  if (message.version !== 'v1.0' || !isRecord(body) || typeof body.surfaceId !== 'string' || !Array.isArray(body.components)) return undefined;
  const surfaceId = body.surfaceId;
  const scope: Scope = { current: dialect === 'current', catalogId: surfaceCatalog(surfaceId) };
  const components: unknown[] = [];
  const errors: A2uiError[] = [];
  body.components.forEach((component: unknown, index: number) => {
    const at = `updateComponents.components.${index}`;
    try {
      components.push(rendererComponent(component, at, scope));
    } catch (error) {
      if (!(error instanceof Unrenderable)) throw error;
      const id = isRecord(component) ? String(component.id) : String(index);
      const text = `Component '${id}' of surface "${surfaceId}" is not drawn: ${error.message}`;
      errors.push(new A2uiValidationError(text, { details: [{ path: error.at, code: 'renderer_rejected', message: error.message }] }));
    }
  });
  return { message: { ...message, updateComponents: { ...body, components } } as A2uiMessage, errors };
}
