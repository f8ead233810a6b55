/**
 * Streams a response through the core into a renderer, one message at a time, and hands what the
 * renderer holds after each message to a {@link FlickerJudge}. Renderers: `@a2ui/web_core`'s v0.9
 * `MessageProcessor`, or (for versions web_core does not read) the spec-following reducer of
 * `apply-messages.ts`.
 */
import { MessageProcessor, type ComponentApi } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { applyMessages, referencesOf, type RenderState } from './apply-messages.js';
import { componentDefinitions } from './component-offsets.js';
import { FlickerJudge, type HeldComponents } from './no-flicker.js';

/** What the processor holds per component: `<surfaceId>/<id>` → `{component, ...properties}`. */
export function heldBy(processor: MessageProcessor<ComponentApi>): HeldComponents {
  const held = new Map<string, Record<string, unknown>>();
  for (const [surfaceId, surface] of processor.model.surfacesMap) {
    for (const [id, component] of surface.componentsModel.entries) {
      held.set(`${surfaceId}/${id}`, { component: component.type, ...(component.properties as Record<string, unknown>) });
    }
  }
  return held;
}

/** A renderer: applies one message; tells what it holds. */
export interface Renderer {
  apply(message: A2uiMessage): void;
  held(): HeldComponents;
}

/** `@a2ui/web_core`'s v0.9 processor (its `processor` is there to read at the end). */
export function webCoreRenderer(): Renderer & { processor: MessageProcessor<ComponentApi> } {
  const processor = new MessageProcessor([webCoreBasicCatalog]);
  return { processor, apply: (message) => processor.processMessages([message as never]), held: () => heldBy(processor) };
}

/** The spec-following reducer of `apply-messages.ts`, for any version. */
export function reducerRenderer(): Renderer {
  const state: RenderState = new Map();
  return {
    apply: (message) => applyMessages(state, [message]),
    held: () => {
      const held = new Map<string, Record<string, unknown>>();
      for (const [surfaceId, surface] of state) for (const [id, component] of surface.components) held.set(`${surfaceId}/${id}`, component);
      return held;
    },
  };
}

/** The components of `held` reachable from each surface's `root`, with placeholders read as absent. */
export function reachableHeld(held: HeldComponents): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const surfaces = new Set([...held.keys()].map((key) => key.slice(0, key.lastIndexOf('/'))));
  const visit = (surface: string, id: string): void => {
    const key = `${surface}/${id}`;
    const component = held.get(key);
    if (component === undefined || out.has(key)) return;
    out.set(key, component);
    for (const ref of referencesOf(component)) visit(surface, ref);
  };
  for (const surface of surfaces) visit(surface, 'root');
  return out;
}

/** What streaming into a renderer gave: the judge's losses, the error parts. */
export interface JudgedStream {
  readonly judge: FlickerJudge;
  readonly errors: string[];
}

/**
 * Streams `text`, cut at `cuts` (ascending offsets), into `renderer`, judging after every message.
 */
export function streamInto(renderer: Renderer, catalog: Catalog, text: string, cuts: readonly number[], options: StreamParserOptions): JudgedStream {
  const parser = new A2uiStreamParser(catalog, options);
  const judge = new FlickerJudge(componentDefinitions(text));
  const errors: string[] = [];
  const take = (parts: Part[], at: number) => {
    for (const part of parts) {
      if (part.type === 'error') errors.push(`${part.error.category}: ${part.error.message}`);
      if (part.type !== 'a2ui') continue;
      for (const message of part.messages) {
        renderer.apply(message);
        judge.observe(renderer.held(), at);
      }
    }
  };
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    if (cut <= from) continue;
    take(parser.push(text.slice(from, cut)), cut);
    from = cut;
  }
  take(parser.end(), text.length);
  return { judge, errors };
}
