/**
 * v1.0 surfaces written the way models write them: a surface's `createSurface`, `updateComponents`
 * and whole-model `updateDataModel` merged into one `createSurface` carrying `components` and
 * `dataModel`, its members in a chosen order (real responses mostly use `surfaceId, catalogId,
 * components, dataModel`).
 */
import type { A2uiMessage } from '../../src/types.js';
import type { GeneratedResponse } from './generate-response.js';

type Obj = Record<string, unknown>;

/** A member of an inline `createSurface` body, in the order it is written. */
export type InlineKey = 'surfaceId' | 'catalogId' | 'components' | 'dataModel' | 'sendDataModel' | 'metadata';

/** Orders tests and benchmarks write inline surfaces in; the first is the usual one. */
export const INLINE_ORDERS: readonly (readonly InlineKey[])[] = [
  ['surfaceId', 'catalogId', 'components', 'dataModel'],
  ['surfaceId', 'catalogId', 'sendDataModel', 'components', 'dataModel'],
  ['surfaceId', 'catalogId', 'components', 'dataModel', 'sendDataModel'],
  ['catalogId', 'surfaceId', 'dataModel', 'components', 'metadata'],
  ['surfaceId', 'components', 'catalogId', 'dataModel'],
];

/**
 * `messages` with each surface's start, components and root data model merged into one
 * `createSurface` (members in `order`; `sendDataModel` true and `metadata` written only when
 * `order` names them). Other messages stay as they are, in place.
 */
export function inlineMessages(messages: readonly A2uiMessage[], order: readonly InlineKey[]): A2uiMessage[] {
  const out: A2uiMessage[] = [];
  const merged = new Set<A2uiMessage>();
  for (const message of messages) {
    if (merged.has(message)) continue;
    const start = message.createSurface as Obj | undefined;
    if (start === undefined) {
      out.push(message);
      continue;
    }
    const surfaceId = start.surfaceId;
    const components = messages.find((m) => !merged.has(m) && (m.updateComponents as Obj | undefined)?.surfaceId === surfaceId);
    const data = messages.find((m) => {
      const body = m.updateDataModel as Obj | undefined;
      return !merged.has(m) && body !== undefined && body.surfaceId === surfaceId && (body.path === undefined || body.path === '/');
    });
    if (components) merged.add(components);
    if (data) merged.add(data);
    const values: Record<InlineKey, unknown> = {
      surfaceId,
      catalogId: start.catalogId,
      components: (components?.updateComponents as Obj | undefined)?.components,
      dataModel: (data?.updateDataModel as Obj | undefined)?.value,
      sendDataModel: true,
      metadata: {},
    };
    const body: Obj = {};
    for (const key of order) if (values[key] !== undefined) body[key] = values[key];
    out.push({ version: message.version, createSurface: body } as A2uiMessage);
  }
  return out;
}

/** `response` with every block's messages written inline (see {@link inlineMessages}), indented by two. */
export function inlineResponse(response: GeneratedResponse, order: readonly InlineKey[]): GeneratedResponse {
  return rewritten(response, (messages) => inlineMessages(messages, order));
}

/** `response` with every block's messages as they are, indented by two (to compare with {@link inlineResponse}). */
export function reindented(response: GeneratedResponse): GeneratedResponse {
  return rewritten(response, (messages) => [...messages]);
}

function rewritten(response: GeneratedResponse, write: (messages: readonly A2uiMessage[]) => A2uiMessage[]): GeneratedResponse {
  let text = response.text;
  const blocks = response.blocks.map((block) => {
    const messages = write(block.messages);
    const json = JSON.stringify(messages, null, 2);
    text = text.replace(block.json, () => json);
    return { json, messages };
  });
  return { text, messages: blocks.flatMap((block) => block.messages), blocks };
}
