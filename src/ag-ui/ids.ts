import type { A2uiMessage } from '../index.js';
import { A2UI_OPERATIONS_KEY } from './events.js';

/**
 * The message metadata key under which the middleware keeps the model's own text of an assistant
 * message that held A2UI (`{ text }`): its text events carry the conversation without the blocks,
 * and a later turn gives the agent the text as the model wrote it and reads its surfaces back.
 */
export const A2UI_TEXT_METADATA_KEY = 'a2ui-stream';

/** The activity message of a surface started by the text message `textMessageId`. */
export function textCardId(textMessageId: string, surfaceId: string): string {
  return `a2ui-surface-${textMessageId}-${surfaceId}`;
}

/**
 * The activity message of a render tool call: keyed by the call (or the tool call it runs
 * inside), as `@ag-ui/a2ui-middleware` keys it, so a later attempt replaces an earlier one.
 */
export function toolCardId(key: string): string {
  return `a2ui-surface-${key}`;
}

/**
 * The A2UI messages of a tool result that carries them (`{"a2ui_operations": [...]}`, also as a
 * JSON string holding that), as `@ag-ui/a2ui-middleware` reads them; `undefined` otherwise.
 */
export function envelopeMessages(content: unknown): A2uiMessage[] | undefined {
  let value = typeof content === 'string' ? parseJson(content) : content;
  if (typeof value === 'string') value = parseJson(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const operations = (value as Record<string, unknown>)[A2UI_OPERATIONS_KEY];
  if (!Array.isArray(operations)) return undefined;
  return operations.filter((item): item is A2uiMessage => typeof item === 'object' && item !== null && !Array.isArray(item));
}

/**
 * The activity message ids of a tool result's surfaces: one surface, the call's card; several,
 * a card each (`a2ui-surface-<surfaceId>-<key>`), as `@ag-ui/a2ui-middleware` names them.
 */
export function envelopeCardIds(surfaceIds: ReadonlySet<string>, key: string): (surfaceId: string) => string {
  return surfaceIds.size <= 1 ? () => toolCardId(key) : (surfaceId) => `a2ui-surface-${surfaceId}-${key}`;
}

/** The surface ids a list of messages names. */
export function surfaceIdsOf(messages: readonly A2uiMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    for (const [key, body] of Object.entries(message)) {
      if (key !== 'version' && typeof body === 'object' && body !== null && typeof (body as { surfaceId?: unknown }).surfaceId === 'string') {
        ids.add((body as { surfaceId: string }).surfaceId);
      }
    }
  }
  return ids;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
