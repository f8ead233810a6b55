/**
 * v1.0 messages of upstream's current dialect (`@path`, `@call`, `@@` escapes) rewritten in the
 * dialect of 2026-08-17 (`path`, `call`), the one the published renderers (`@a2ui/web_core`,
 * `@a2ui/lit`, `@a2ui/react` 0.11) draw.
 */
import { A2uiValidationError } from '../errors.js';
import type { A2uiMessage } from '../types.js';

type Json = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value inside a component, rewritten; `path` names where it is, for the error. */
function augustValue(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((item, index) => augustValue(item, `${path}.${index}`));
  if (!isRecord(value)) return value;
  // A ChildList template keeps its plain `path` in both dialects.
  const template = 'componentId' in value;
  if (!template && ('path' in value || 'call' in value)) {
    const message = `${path}: a literal object with a 'path' or 'call' key has no spelling in the 2026-08 dialect, where it would be a binding or a call`;
    throw new A2uiValidationError(message, { details: [{ path, code: 'invalid_value', message }] });
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = key === '@path' || key === '@call' ? key.slice(1) : key.startsWith('@@') ? key.slice(1) : key;
    out[name] = augustValue(item, `${path}.${key}`);
  }
  return out;
}

function augustComponents(components: unknown, path: string): unknown {
  return Array.isArray(components) ? components.map((component, index) => augustValue(component, `${path}.${index}`)) : components;
}

/**
 * Rewrites current-dialect v1.0 messages in the 2026-08 dialect: in components, `{"@path"}` →
 * `{path}`, `{"@call"}` → `{call}` (`@index` stays `@index`), `@@key` → `@key`; a
 * `callRendererFunction`'s `@call` → `call`. Data models are data and stay as written. Pure: the
 * messages given are not changed.
 *
 * @throws A2uiValidationError for a component holding a literal object with a `path` or `call`
 *   key (data in the current dialect), which the 2026-08 dialect would read as a binding or call.
 */
export function toAugustDialect(messages: readonly A2uiMessage[]): A2uiMessage[] {
  return messages.map((message, index) => {
    const at = `messages.${index}`;
    const record = message as Json;
    const start = record.createSurface;
    const update = record.updateComponents;
    const rpc = record.callRendererFunction;
    if (isRecord(start) && 'components' in start) {
      return { ...record, createSurface: { ...start, components: augustComponents(start.components, `${at}.createSurface.components`) } } as A2uiMessage;
    }
    if (isRecord(update)) {
      return {
        ...record,
        updateComponents: { ...update, components: augustComponents(update.components, `${at}.updateComponents.components`) },
      } as A2uiMessage;
    }
    if (isRecord(rpc) && isRecord(rpc.callFunction) && '@call' in rpc.callFunction) {
      const { '@call': name, ...rest } = rpc.callFunction;
      return { ...record, callRendererFunction: { ...rpc, callFunction: { call: name, ...rest } } } as A2uiMessage;
    }
    return message;
  });
}
