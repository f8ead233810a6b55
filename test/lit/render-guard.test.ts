/**
 * The Lit render guard (probe 17 finding 2) on stand-in classes shaped as web_core's: ReactiveElement
 * (`update` marks the element updated) → LitElement (`update` renders) → A2uiLitElement
 * (`willUpdate` builds the controller, which throws on a forbidden binding).
 */
import { describe, expect, it } from 'vitest';
import { applyRenderGuard, RENDER_ERROR_EVENT, RENDER_FAILED, renderFailure } from '../../src/lit/render-guard.js';

type Changed = Map<PropertyKey, unknown>;

function classes() {
  const log: string[] = [];
  class Reactive extends EventTarget {
    update(_changed: Changed) {
      log.push('marked');
    }
  }
  class Lit extends Reactive {
    override update(changed: Changed) {
      log.push('rendered');
      super.update(changed);
    }
  }
  class Element extends Lit {
    context: { componentModel: { id: string }; bad: boolean } = { componentModel: { id: 'bad' }, bad: true };
    _controller: unknown;
    willUpdate(_changed: Changed) {
      if (this.context.bad) throw new Error("Forbidden path segment 'constructor'");
      this._controller = {};
    }
    cycle(changed: Changed) {
      this.willUpdate(changed);
      this.update(changed);
    }
  }
  applyRenderGuard(Element);
  return { Element, log };
}

const context = new Map([['context', undefined]]);

describe('applyRenderGuard', () => {
  it('a failing element tells its listener, draws nothing, and draws again with a new context', () => {
    const { Element, log } = classes();
    const element = new Element();
    const seen: unknown[] = [];
    element.addEventListener(RENDER_ERROR_EVENT, (event) => {
      event.preventDefault();
      seen.push((event as CustomEvent).detail.componentId);
    });
    element.cycle(context);
    expect(seen).toEqual(['bad']);
    expect(log).toEqual(['marked']);
    element.cycle(new Map());
    expect(log).toEqual(['marked', 'marked']);
    element.context = { componentModel: { id: 'bad' }, bad: false };
    element.cycle(context);
    expect(log).toEqual(['marked', 'marked', 'rendered', 'marked']);
  });

  it('without a listener that takes the event, the error is thrown as before', () => {
    const { Element } = classes();
    expect(() => new Element().cycle(context)).toThrow(/Forbidden/);
  });

  it('the error is typed', () => {
    const error = renderFailure('s', 'bad', new Error('boom'));
    expect(error.category).toBe('ValidationError');
    expect(error.details).toEqual([{ path: 's', code: RENDER_FAILED, message: 'boom', componentId: 'bad' }]);
    expect(error.message).toContain('boom');
  });
});
