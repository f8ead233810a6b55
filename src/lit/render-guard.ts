/**
 * Containment of a component that throws as it updates (web_core's data model throws, for one, on a
 * binding to a path it refuses, when the element builds its controller): Lit rejects the element's
 * update promise, an uncaught error on the page. The guard catches it in `willUpdate`, tells the
 * element's sink with a bubbling, composed event, and the element draws nothing until it gets a
 * new `context`. Without a sink to take the event (an app's own `<a2ui-surface>`), the error is
 * thrown as before.
 */
import { A2uiValidationError, type A2uiError } from '../index.js';

/** The event a failing element dispatches; a listener that takes it calls `preventDefault()`. */
export const RENDER_ERROR_EVENT = 'a2ui-stream-render-error';

/** Detail code of the error for a component that threw as it updated. */
export const RENDER_FAILED = 'render_failed';

/** What the guard patches of `A2uiLitElement` (its prototype's `willUpdate` and protected `update`). */
export interface GuardedElementClass {
  readonly prototype: object;
}

/** The prototype's methods the guard wraps. */
interface UpdateMethods {
  willUpdate(changedProperties: Map<PropertyKey, unknown>): void;
  update(changedProperties: Map<PropertyKey, unknown>): void;
  [PATCHED]?: true;
}

interface GuardedElement extends EventTarget {
  context?: { componentModel?: { id?: unknown } };
  _controller?: unknown;
  [FAILED]?: boolean;
}

const FAILED = Symbol('a2ui-stream.lit.renderFailed');
const PATCHED = Symbol.for('a2ui-stream.lit.renderGuard');

/** The typed error for component `componentId` of surface `surfaceId` that threw `error`. */
export function renderFailure(surfaceId: string, componentId: string | undefined, error: unknown): A2uiError {
  const reason = error instanceof Error ? error.message : String(error);
  const where = componentId === undefined ? '' : ` component "${componentId}" of`;
  const message = `The renderer failed to draw${where} surface "${surfaceId}", which is not shown: ${reason}`;
  const detail = { path: surfaceId, code: RENDER_FAILED, message: reason, ...(componentId === undefined ? {} : { componentId }) };
  return new A2uiValidationError(message, { details: [detail], cause: error });
}

/**
 * Installs the guard on `elementClass` (web_core's `A2uiLitElement`). Idempotent. A failed element
 * skips its render (its base class's `update` marks it updated), so a later `context` updates it
 * again.
 */
export function applyRenderGuard(elementClass: GuardedElementClass): void {
  const proto = elementClass.prototype as UpdateMethods;
  if (proto[PATCHED]) return;
  const { willUpdate, update } = proto;
  const base = Object.getPrototypeOf(Object.getPrototypeOf(proto)) as { update?: (changed: Map<PropertyKey, unknown>) => void } | null;
  const markUpdated = base?.update;
  if (markUpdated === undefined) return;
  proto.willUpdate = function (this: GuardedElement, changedProperties: Map<PropertyKey, unknown>) {
    if (changedProperties.has('context')) this[FAILED] = false;
    else if (this[FAILED]) return;
    try {
      willUpdate.call(this, changedProperties);
    } catch (error) {
      const id = this.context?.componentModel?.id;
      const event = new CustomEvent(RENDER_ERROR_EVENT, {
        bubbles: true,
        composed: true,
        cancelable: true,
        detail: { error, componentId: typeof id === 'string' ? id : undefined },
      });
      if (this.dispatchEvent(event)) throw error;
      this[FAILED] = true;
      this._controller = undefined;
    }
  };
  proto.update = function (this: GuardedElement, changedProperties: Map<PropertyKey, unknown>) {
    if (this[FAILED]) markUpdated.call(this, changedProperties);
    else update.call(this, changedProperties);
  };
  Object.defineProperty(proto, PATCHED, { value: true });
}
