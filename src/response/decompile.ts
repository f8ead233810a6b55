import { COMPONENT_KEY_ORDER, COMPONENT_LIST_KEYS, MESSAGE_BODY_KEY_ORDER, MESSAGE_KEY_ORDER } from '../protocol/key-order.js';
import { setOwn } from '../json/builder.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import type { A2uiMessage } from '../types.js';
import { checkWriteDepth } from './nesting.js';

type Obj = Record<string, unknown>;

/**
 * A shallow copy of `obj` with the keys of `order` that it has first, then the rest as they were
 * (an own `__proto__` key too, as `JSON.parse` makes it: kept as data).
 */
function withKeyOrder(obj: Obj, order: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of order) if (Object.hasOwn(obj, key)) out[key] = obj[key];
  for (const key of Object.keys(obj)) if (!Object.hasOwn(out, key)) setOwn(out, key, obj[key]);
  return out;
}

function orderBody(body: Obj): Obj {
  const out = withKeyOrder(body, MESSAGE_BODY_KEY_ORDER);
  for (const key of COMPONENT_LIST_KEYS) {
    const list = out[key];
    if (Array.isArray(list)) {
      out[key] = list.map((item) => (isObject(item) ? withKeyOrder(item, COMPONENT_KEY_ORDER) : item));
    }
  }
  return out;
}

function orderMessage(message: unknown): unknown {
  if (!isObject(message)) return message;
  const out = withKeyOrder(message, MESSAGE_KEY_ORDER);
  for (const key of MESSAGE_KEY_ORDER) {
    const body = out[key];
    if (key !== 'version' && isObject(body)) out[key] = orderBody(body);
  }
  return out;
}

/**
 * Writes messages back out as the JSON a model would have written: pretty-printed with 2 spaces,
 * non-ASCII characters kept as they are, and every message's keys in protocol order (`version`,
 * then the message key; in its body `surfaceId`, then `catalogId`/`root`, then
 * `components`/`contents`/`value`, then the rest; in each component `id`, then `component`, then
 * its properties). Text in that order streams best. The messages themselves are not changed.
 *
 * @param messages A list of messages (written as a JSON array) or a single message (an object).
 * @throws A2uiLimitError for messages nesting deeper than `MAX_WRITE_DEPTH` (512) levels.
 */
export function decompile(messages: A2uiMessage | readonly A2uiMessage[]): string {
  checkWriteDepth(messages, 'decompile');
  const ordered = Array.isArray(messages) ? messages.map(orderMessage) : orderMessage(messages);
  return JSON.stringify(ordered, null, 2);
}
