/**
 * What Google's v0.8 renderer shows: `@a2ui/web_core`'s v0.8 `A2uiMessageProcessor` given the
 * messages, each surface's component tree as the processor builds it (templates expanded over the
 * data), every binding replaced by the data it resolves to at its node (`getData`, the renderer's
 * own lookup) and the pointer it reads. Two message lists show the same when these trees are equal.
 */
import { A2uiMessageProcessor } from '@a2ui/web_core/v0_8';
import type { A2uiMessage } from '../../src/types.js';

type Node = { id: string; type: string; properties?: Record<string, unknown>; dataContextPath?: string };

/** Each surface's tree as the v0.8 processor shows it after `messages` (one `processMessages` call per message). */
export function webCoreV08Shown(messages: readonly A2uiMessage[]): Record<string, unknown> {
  const processor = new A2uiMessageProcessor();
  for (const message of messages) processor.processMessages([message as never]);
  const out: Record<string, unknown> = {};
  for (const [surfaceId, surface] of processor.getSurfaces()) {
    const shown = (value: unknown, node: Node): unknown => {
      if (value instanceof Map) return shown(Object.fromEntries(value), node);
      if (Array.isArray(value)) return value.map((item) => shown(item, node));
      if (typeof value !== 'object' || value === null) return value;
      if (isNode(value)) return shownNode(value);
      const object = value as Record<string, unknown>;
      if (typeof object.path === 'string') {
        const reads = object.path === '' || object.path === '.' ? (node.dataContextPath ?? '/') : processor.resolvePath(object.path, node.dataContextPath);
        return { reads, shows: plain(processor.getData(node as never, object.path, surfaceId)) };
      }
      return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, shown(item, node)]));
    };
    const shownNode = (node: Node): unknown => ({ id: node.id, type: node.type, properties: shown(node.properties ?? {}, node) });
    out[surfaceId] = surface.componentTree === null ? null : shownNode(surface.componentTree as unknown as Node);
  }
  return out;
}

function isNode(value: object): value is Node {
  return 'id' in value && 'type' in value && 'properties' in value;
}

/** A data value with the processor's maps as plain objects. */
function plain(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [key, plain(item)]));
  if (Array.isArray(value)) return value.map(plain);
  return value;
}
