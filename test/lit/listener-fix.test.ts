import { describe, expect, it } from 'vitest';
import { applyListenerFix, leaksControllers } from '../../src/lit/listener-fix.js';

/** A stand-in for web_core's `A2uiController`: `hostDisconnected` drops both subscriptions. */
class Controller {
  subscription?: { unsubscribe(): void };
  componentsSubscription?: { unsubscribe(): void };
  binder?: { dispose(): void };
  hostDisconnected(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.componentsSubscription?.unsubscribe();
    this.componentsSubscription = undefined;
  }
  dispose(): void {
    this.binder?.dispose();
  }
}

interface Host {
  context?: unknown;
  _controller?: Controller;
  removeController(controller: Controller): void;
  createController(): Controller;
}

/** Each call makes a fresh class, as web_core 0.11.0 has it: the old controller is disposed, not disconnected. */
function leakyElement() {
  return class {
    willUpdate(this: Host, changed: Map<PropertyKey, unknown>): void {
      if (changed.has('context') && this.context) {
        if (this._controller) {
          this.removeController(this._controller);
          this._controller.dispose();
        }
        this._controller = this.createController();
      }
    }
  };
}

/** A fixed web_core: the old controller is disconnected before the swap. */
function fixedElement() {
  return class {
    willUpdate(this: Host, changed: Map<PropertyKey, unknown>): void {
      if (changed.has('context') && this.context) {
        this._controller?.hostDisconnected();
        this._controller = this.createController();
      }
    }
  };
}

/** Another fix: `dispose` unsubscribes too. */
class DisposingController extends Controller {
  override dispose(): void {
    this.hostDisconnected();
    super.dispose();
  }
}

/** Swaps the controller of a real instance of `Element` twice; returns the subscriptions still held. */
function leftSubscribed(Element: ReturnType<typeof leakyElement>, ControllerClass: typeof Controller): number {
  let held = 0;
  const host = Object.assign(new Element(), {
    context: {},
    removeController() {},
    createController() {
      const controller = new ControllerClass();
      held += 2;
      controller.subscription = { unsubscribe: () => void held-- };
      controller.componentsSubscription = { unsubscribe: () => void held-- };
      return controller;
    },
  }) as unknown as Host & { willUpdate(changed: Map<PropertyKey, unknown>): void };
  for (let i = 0; i < 3; i++) host.willUpdate(new Map([['context', undefined]]));
  return held;
}

describe('the web_core listener fix', () => {
  it('finds the leak of web_core 0.11.0 and installs the fix, which disconnects the old controller', () => {
    const Element = leakyElement();
    expect(leftSubscribed(Element, Controller)).toBe(6);
    expect(leaksControllers(Element, Controller)).toBe(true);
    expect(applyListenerFix(Element, Controller)).toBe(true);
    expect(leaksControllers(Element, Controller)).toBe(false);
    expect(leftSubscribed(Element, Controller)).toBe(2);
  });

  it('is installed once', () => {
    const Element = leakyElement();
    applyListenerFix(Element, Controller);
    const patched = Element.prototype.willUpdate;
    expect(applyListenerFix(Element, Controller)).toBe(true);
    expect(Element.prototype.willUpdate).toBe(patched);
  });

  it('is a no-op on a fixed web_core (the element disconnects, or the controller unsubscribes on dispose)', () => {
    const Fixed = fixedElement();
    const original = Fixed.prototype.willUpdate;
    expect(applyListenerFix(Fixed, Controller)).toBe(false);
    expect(Fixed.prototype.willUpdate).toBe(original);
    expect(leftSubscribed(Fixed, Controller)).toBe(2);

    const Leaky = leakyElement();
    const before = Leaky.prototype.willUpdate;
    expect(applyListenerFix(Leaky, DisposingController)).toBe(false);
    expect(Leaky.prototype.willUpdate).toBe(before);
  });

  it('assumes nothing when the probe cannot run', () => {
    const Odd = class {
      willUpdate(): void {
        throw new Error('needs a real element');
      }
    };
    const original = Odd.prototype.willUpdate;
    expect(applyListenerFix(Odd, Controller)).toBe(false);
    expect(Odd.prototype.willUpdate).toBe(original);
  });
});
