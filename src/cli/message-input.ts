/**
 * What the commands take besides model responses: A2UI messages as JSON, as a list, one message,
 * or one of the specification's example files (`{ name, description, messages }`).
 */

/** What the commands read, said in one line (for a hint or an error). */
export const EXPECTED_INPUT =
  'a model response with <a2ui-json> blocks, a JSON list of A2UI messages, one message, or an example file ({"name", "description", "messages"})';

/** Messages read from JSON, and the example's name when it was an example file. */
export interface JsonMessages {
  readonly messages: unknown[];
  /** The example file's `name`. */
  readonly name?: string;
  /** Whether the messages came out of an example file's `messages` (not the JSON as written). */
  readonly example: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The messages a JSON value holds: a list's items, an example file's `messages` (an object with
 * a `messages` list and no other key than `name` and `description`), or the value itself as one
 * message. `undefined` for JSON that is none of them (a string, a number, …).
 */
export function messagesOfJson(value: unknown): JsonMessages | undefined {
  if (Array.isArray(value)) return { messages: value, example: false };
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (Array.isArray(value.messages) && keys.every((key) => ['name', 'description', 'messages'].includes(key))) {
    return { messages: value.messages, example: true, ...(typeof value.name === 'string' ? { name: value.name } : {}) };
  }
  return { messages: [value], example: false };
}

/** `JSON.parse`: the value, or why the text is not JSON. */
export function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
