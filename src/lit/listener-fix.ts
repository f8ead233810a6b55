/**
 * The listener fix for `@a2ui/web_core` 0.11.0: `A2uiLitElement.willUpdate` swaps in a new
 * controller when its `context` changes without disconnecting the old one, so each in-place update
 * of a surface on screen leaves the old controller subscribed (to its binder and to the surface's
 * `componentsModel.onCreated`, whose emitter awaits each listener in turn). The fix disconnects
 * the old controller first. It is installed only when a probe shows the leak, so a fixed web_core
 * is left alone.
 */

/** What the probe and the patch need of `A2uiLitElement` (its prototype's `willUpdate`). */
export interface PatchableElementClass {
  readonly prototype: { willUpdate(changedProperties: Map<PropertyKey, unknown>): void };
}

/** What the probe needs of `A2uiController`: a class whose instances have `hostDisconnected`. */
export interface ProbedControllerClass {
  readonly prototype: object;
}

interface Subscription {
  unsubscribe(): void;
}

interface SwappingElement {
  context?: unknown;
  _controller?: { hostDisconnected?(): void };
}

const PATCHED = Symbol.for('a2ui-stream.lit.listenerFix');

// Test-only switch (see `setListenerFixEnabled`); read on every call of the patched method.
let enabled = true;

/**
 * Test-only: switches the installed fix on or off for the whole page (the browser tests turn it
 * off to show that the main-thread budget then fails). Not exported from the entry point.
 */
export function setListenerFixEnabled(on: boolean): void {
  enabled = on;
}

/**
 * Whether swapping the controller of an element of `elementClass` leaves the old controller
 * subscribed. Runs `willUpdate` on a stand-in element (no DOM needed) whose old controller is an
 * `A2uiController` with stand-in subscriptions: if neither is unsubscribed, the element leaks.
 * Returns `false` when the probe cannot run (an unknown web_core: nothing is assumed).
 */
export function leaksControllers(elementClass: PatchableElementClass, controllerClass: ProbedControllerClass): boolean {
  let unsubscribed = false;
  const subscription: Subscription = { unsubscribe: () => void (unsubscribed = true) };
  const oldController = Object.assign(Object.create(controllerClass.prototype) as object, {
    binder: { dispose() {}, subscribe: () => subscription },
    subscription,
    componentsSubscription: subscription,
  });
  const newController = Object.create(controllerClass.prototype) as object;
  const element = Object.create(elementClass.prototype) as Record<string, unknown>;
  Object.defineProperty(element, 'context', { value: {}, configurable: true });
  Object.assign(element, {
    _controller: oldController,
    removeController() {},
    addController() {},
    createController: () => newController,
  });
  try {
    elementClass.prototype.willUpdate.call(element, new Map([['context', undefined]]));
  } catch {
    return false;
  }
  return !unsubscribed;
}

/**
 * Installs the fix on `elementClass` (web_core's `A2uiLitElement`) if, and only if, it leaks
 * controllers (see {@link leaksControllers}). Idempotent. Returns whether the fix is installed.
 */
export function applyListenerFix(elementClass: PatchableElementClass, controllerClass: ProbedControllerClass): boolean {
  const proto = elementClass.prototype as PatchableElementClass['prototype'] & { [PATCHED]?: true };
  if (proto[PATCHED]) return true;
  if (!leaksControllers(elementClass, controllerClass)) return false;
  const original = proto.willUpdate;
  proto.willUpdate = function (this: SwappingElement, changedProperties: Map<PropertyKey, unknown>) {
    if (enabled && changedProperties.has('context') && this.context) this._controller?.hostDisconnected?.();
    original.call(this, changedProperties);
  };
  Object.defineProperty(proto, PATCHED, { value: true });
  return true;
}
